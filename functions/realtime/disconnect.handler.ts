import { webSocketHandler } from '../core/ws-handler';
import { disconnect } from './realtime-service';

export const handler = webSocketHandler(({ socketId }) => disconnect(socketId));
