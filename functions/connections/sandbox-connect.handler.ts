import { sandboxConnectInput } from '../../shared/connections';
import { httpHandler, respond } from '../core/http-handler';
import { keysPort } from '../core/ports/keys';
import { connectSandbox } from './connection-service';

export const handler = httpHandler({ body: sandboxConnectInput }, async ({ user, body, log }) => {
  const { connection, created, message } = await connectSandbox(user, body.platform, {
    log,
    keys: keysPort(),
  });
  return respond(created ? 201 : 200, { data: { platform: connection }, message });
});
