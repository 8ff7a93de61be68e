import { authenticate } from '../core/auth';
import { webSocketHandler } from '../core/ws-handler';
import { socketRecords } from './socket-records-deps';

// Browsers cannot set headers on a WebSocket, so the access token comes in the query string.
export const handler = webSocketHandler(async ({ event, socketId, log }) => {
  const token = event.queryStringParameters?.token;
  const user = await authenticate({ authorization: token ? `Bearer ${token}` : undefined }, 'user');
  await socketRecords.connect(socketId, user!);
  log.info('connected', { userId: user!.id });
});
