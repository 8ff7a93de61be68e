import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../core/clients/dynamo';
import { keys } from '../core/table';

/** Reads one fixed key: proves the table answers with the least permission a function has. */
export async function pingTable(signal: AbortSignal): Promise<void> {
  await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.healthProbe() }), {
    abortSignal: signal,
  });
}
