import { webSocketHandler } from '../core/ws-handler';
import { realtime } from './realtime-deps';

export const handler = webSocketHandler(({ socketId }) => realtime.disconnect(socketId));
