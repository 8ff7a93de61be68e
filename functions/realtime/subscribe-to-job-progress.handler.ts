import { subscribeToJobProgress } from '../../shared/realtime';
import { parseJsonBody, parseWith } from '../core/parse';
import { webSocketHandler } from '../core/ws-handler';
import { subscribe } from './realtime-service';

export const handler = webSocketHandler(async ({ event, connectionId }) => {
  const message = parseWith(subscribeToJobProgress, parseJsonBody(event), 'body');
  await subscribe(connectionId, message.jobId);
});
