import type { TestProject } from 'vitest/node';
import { startLocalDynamo } from '../../scripts/local-cloud/dynamodb';
import { synthesizedAssembly } from '../../scripts/local-cloud/stacks/synth';
import { holdShared, SHARED_SERVICES } from './shared-services';

/**
 * One DynamoDB Local for the whole integration run, in memory; each test file makes its own tables. Under
 * `npm test` it is the one the stages share (TEST_DYNAMODB_ENDPOINT, scripts/test-stages.ts), else one
 * started here. The stacks the handlers run as are synthesized here once (or found in the cache), not by
 * each file.
 */
export default async function setup(project: TestProject) {
  const shared = process.env[SHARED_SERVICES.dynamo];
  if (shared) {
    await synthesizedAssembly();
    project.provide('dynamoEndpoint', shared);
    return;
  }
  // Both integration projects list this setup: one DynamoDB Local serves them.
  const [dynamo] = await Promise.all([
    holdShared('dynamodb-local', startLocalDynamo, (started) => started.stop()),
    synthesizedAssembly(),
  ]);
  project.provide('dynamoEndpoint', dynamo.value.endpoint);
  return dynamo.release;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
