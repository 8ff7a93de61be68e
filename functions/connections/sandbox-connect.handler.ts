import { sandboxConnectInput } from '../../shared/connections';
import { httpHandler, respond } from '../core/http-handler';
import { httpRoute } from '../routes';
import { connections } from './connection-deps';

const route = httpRoute('connections/sandbox-connect');

export const handler = httpHandler({ route, body: sandboxConnectInput }, async ({ user, body, event }) => {
  const { connection, created, message } = await connections.connectSandbox(user, body.platform, {
    timeZone: body.timeZone,
    // The session is issued to the caller's browser, as the extension's sync stores its browser's.
    browserUserAgent: event.headers?.['user-agent'],
  });
  return respond(created ? 201 : 200, { data: { platform: connection }, message });
});
