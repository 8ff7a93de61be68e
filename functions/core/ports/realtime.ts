import {
  type ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { realtimeClient } from '../clients/realtime';

/**
 * Realtime push port. The adapter is the API Gateway management API client; on the local cloud the
 * WebSocket gateway serves the same `@connections` API, so the client is unchanged and only the
 * endpoint (REALTIME_ENDPOINT) differs.
 */
export type PushOutcome = 'sent' | 'gone';

export interface RealtimePort {
  post(socketId: string, payload: unknown): Promise<PushOutcome>;
  disconnect(socketId: string): Promise<void>;
}

const isGone = (error: unknown) =>
  error instanceof GoneException ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410;

export function apiGatewayPush(given?: ApiGatewayManagementApiClient): RealtimePort {
  // Resolved per call, like the queue port: built at cold start, it needs no endpoint until it pushes,
  // and it follows a client that resetClients() replaced.
  const client = () => given ?? realtimeClient();
  return {
    async post(socketId, payload) {
      try {
        await client().send(
          new PostToConnectionCommand({
            ConnectionId: socketId,
            Data: Buffer.from(JSON.stringify(payload)),
          }),
        );
        return 'sent';
      } catch (error) {
        if (isGone(error)) return 'gone';
        throw error;
      }
    },
    async disconnect(socketId) {
      try {
        await client().send(new DeleteConnectionCommand({ ConnectionId: socketId }));
      } catch (error) {
        // Already gone is what closing wanted.
        if (!isGone(error)) throw error;
      }
    },
  };
}

let chosen: RealtimePort | undefined;
export function realtimePort(): RealtimePort {
  chosen ??= apiGatewayPush();
  return chosen;
}
