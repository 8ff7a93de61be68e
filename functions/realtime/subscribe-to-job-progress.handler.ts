import { subscribeToJobProgress } from '../../shared/realtime';
import { parseJsonBody, parseWith } from '../core/parse';
import { webSocketHandler } from '../core/ws-handler';
import { realtime } from './realtime-deps';

export const handler = webSocketHandler(async ({ event, socketId }) => {
  const message = parseWith(subscribeToJobProgress, parseJsonBody(event), 'body');
  await realtime.subscribe(socketId, message.jobId);
});
