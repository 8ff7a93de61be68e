import { sandboxConnectInput } from '../../shared/connections';
import { httpHandler, respond } from '../core/http-handler';
import { connections } from './connection-deps';

export const handler = httpHandler({ body: sandboxConnectInput }, async ({ user, body }) => {
  const { connection, created, message } = await connections.connectSandbox(
    user,
    body.platform,
    body.timeZone,
  );
  return respond(created ? 201 : 200, { data: { platform: connection }, message });
});
