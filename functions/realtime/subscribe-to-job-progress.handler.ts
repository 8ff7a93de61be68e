import { subscribeToJobProgress } from '../../shared/realtime';
import { parseJsonBody, parseWith } from '../core/parse';
import { webSocketHandler } from '../core/ws-handler';
import { subscribe } from './realtime-service';

export const handler = webSocketHandler(async ({ event, socketId }) => {
  const message = parseWith(subscribeToJobProgress, parseJsonBody(event), 'body');
  await subscribe(socketId, message.jobId);
});
