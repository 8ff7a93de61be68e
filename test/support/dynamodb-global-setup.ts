import type { TestProject } from 'vitest/node';
import { startLocalDynamo } from '../../scripts/local-cloud/dynamodb';

/** One DynamoDB Local for the whole integration run, in memory; each test file makes its own tables. */
export default async function setup(project: TestProject) {
  const dynamo = await startLocalDynamo();
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
