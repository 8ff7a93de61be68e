import type { TestProject } from 'vitest/node';
import { startLocalDynamo } from '../../scripts/local-cloud/dynamodb';
import { synthesizedAssembly } from '../../scripts/local-cloud/stacks/synth';

/**
 * One DynamoDB Local for the whole integration run, in memory; each test file makes its own tables. The
 * stacks the handlers run as are synthesized here once (or found in the cache), not by each file.
 */
export default async function setup(project: TestProject) {
  const [dynamo] = await Promise.all([startLocalDynamo(), synthesizedAssembly()]);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => {
    await dynamo.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
