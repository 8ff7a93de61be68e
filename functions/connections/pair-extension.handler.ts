import { sessions } from '../auth/auth-deps';
import { httpHandler, respond } from '../core/http-handler';

/** `POST /api/users/extension/pair`: tokens for the extension, handed over by the /platforms page. */
export const handler = httpHandler({}, async ({ user }) =>
  respond(201, { data: await sessions.pairExtension(user.id), message: 'Extension paired' }),
);
