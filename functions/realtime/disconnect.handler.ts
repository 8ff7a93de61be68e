import { webSocketHandler } from '../core/ws-handler';
import { socketRecords } from './socket-records-deps';

export const handler = webSocketHandler(({ socketId }) => socketRecords.disconnect(socketId));
