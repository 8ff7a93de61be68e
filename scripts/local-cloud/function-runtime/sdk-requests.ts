import { randomUUID } from 'node:crypto';
import type { LocalAuthorization, LocalSdkCall, LocalSdkDenial } from '../../../functions/core/local-runtime';

/**
 * What IAM authorizes for an SDK call the app's clients make (functions/core/clients/), and the answer
 * each service gives when it refuses: the same status, headers and body, so the SDK's own deserializer
 * throws the same error (name, $fault, $metadata) as in AWS.
 */
interface Dialect {
  requests(call: LocalSdkCall, region: string): LocalAuthorization[];
  denial(message: string): LocalSdkDenial;
}

const json = (body: unknown) => new TextEncoder().encode(JSON.stringify(body));

/** The DocumentClient's commands are the table's operations under shorter names. */
const DOCUMENT_OPERATIONS: Record<string, string> = {
  Get: 'GetItem',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactGet: 'TransactGetItems',
  TransactWrite: 'TransactWriteItems',
};

/** TransactWriteItems is authorized per item as the operation it carries. */
const TRANSACT_ITEM_ACTIONS: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

const operationOf = (commandName: string) => commandName.replace(/Command$/, '');

const dynamodb: Dialect = {
  requests({ commandName, input }, region) {
    const op = operationOf(commandName);
    const operation = DOCUMENT_OPERATIONS[op] ?? op;
    // PartiQL is authorized per statement kind (PartiQLSelect, PartiQLInsert, ...): not mapped, so refused
    // loudly rather than checked as the wrong action. The app uses none.
    if (/Statement$/.test(operation)) throw new Error(`The local cloud does not authorize ${operation}`);
    const i = (input ?? {}) as Record<string, unknown>;
    const table = (name: unknown, index?: unknown) =>
      `arn:aws:dynamodb:${region}:000000000000:table/${String(name)}${index ? `/index/${String(index)}` : ''}`;
    if (operation === 'BatchGetItem' || operation === 'BatchWriteItem') {
      return Object.keys((i.RequestItems ?? {}) as object).map((name) => ({
        action: `dynamodb:${operation}`,
        resource: table(name),
      }));
    }
    if (operation === 'TransactWriteItems' || operation === 'TransactGetItems') {
      return ((i.TransactItems ?? []) as Record<string, { TableName?: string }>[]).flatMap((item) =>
        Object.entries(item).map(([kind, body]) => ({
          action: `dynamodb:${TRANSACT_ITEM_ACTIONS[kind] ?? kind}`,
          resource: table(body.TableName),
        })),
      );
    }
    return [{ action: `dynamodb:${operation}`, resource: table(i.TableName, i.IndexName) }];
  },
  denial: (message) => ({
    statusCode: 400,
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID() },
    body: json({ __type: 'com.amazon.coral.service#AccessDeniedException', Message: message }),
  }),
};

/** Batch operations are authorized as their single form. */
const SQS_BATCH = /^(SendMessage|DeleteMessage|ChangeMessageVisibility)Batch$/;

const sqs: Dialect = {
  requests({ commandName, input }, region) {
    const action = `sqs:${operationOf(commandName).replace(SQS_BATCH, '$1')}`;
    const i = (input ?? {}) as { QueueUrl?: string; QueueName?: string };
    // https://sqs.{region}.amazonaws.com/{account}/{name}, the local server's likewise.
    const [account, name] = i.QueueUrl
      ? new URL(i.QueueUrl).pathname.split('/').filter(Boolean).slice(-2)
      : ['000000000000', i.QueueName];
    return [{ action, resource: `arn:aws:sqs:${region}:${account}:${name ?? '*'}` }];
  },
  denial: (message) => ({
    statusCode: 400,
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amzn-requestid': randomUUID(),
      // SQS's JSON protocol keeps the query protocol's error code for the SDK.
      'x-amzn-query-error': 'AccessDenied;Sender',
    },
    body: json({ __type: 'com.amazon.coral.service#AccessDeniedException', message }),
  }),
};

const CONNECTION_METHODS: Record<string, string> = {
  PostToConnection: 'POST',
  GetConnection: 'GET',
  DeleteConnection: 'DELETE',
};

/** The WebSocket API's management calls: execute-api:ManageConnections on the connection's route. */
function realtime(apiId: () => string | undefined): Dialect {
  return {
    requests({ commandName, input, request }, region) {
      const method = CONNECTION_METHODS[operationOf(commandName)] ?? 'POST';
      // The endpoint's path is the API's stage (/live/@connections/{id}).
      const path = (request as { path?: string } | undefined)?.path ?? '';
      const stage = path.split('/@connections/')[0]?.replace(/^\//, '') || '$default';
      const id = (input as { ConnectionId?: string } | undefined)?.ConnectionId ?? '*';
      return [
        {
          action: 'execute-api:ManageConnections',
          resource: `arn:aws:execute-api:${region}:000000000000:${apiId() ?? 'unknown'}/${stage}/${method}/@connections/${id}`,
        },
      ];
    },
    denial: (message) => ({
      statusCode: 403,
      headers: {
        'content-type': 'application/json',
        'x-amzn-requestid': randomUUID(),
        'x-amzn-errortype': 'AccessDeniedException',
      },
      body: json({ message }),
    }),
  };
}

export function sdkDialect(clientName: string, realtimeApiId: () => string | undefined): Dialect {
  switch (clientName) {
    case 'DynamoDBClient':
      return dynamodb;
    case 'SQSClient':
      return sqs;
    case 'ApiGatewayManagementApiClient':
      return realtime(realtimeApiId);
    default:
      throw new Error(`The local cloud does not know the rights ${clientName}'s calls need`);
  }
}
