/**
 * What `npm test` starts once and hands every stage that needs it (scripts/test-stages.ts): the variables
 * name a running DynamoDB Local and Chromium. A vitest run started by hand has neither, and its global
 * setups start their own.
 */
export const SHARED_SERVICES = {
  dynamo: 'TEST_DYNAMODB_ENDPOINT',
  chromium: 'TEST_CHROMIUM_ENDPOINT',
} as const;
