import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../env';
import { withLocalRights } from '../local-runtime';
import { clientConfig, singleton } from './local';

export const dynamo = singleton(() =>
  DynamoDBDocumentClient.from(withLocalRights(new DynamoDBClient(clientConfig(env().DYNAMODB_ENDPOINT))), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);

export const tableName = (): string => env().TABLE_NAME;
