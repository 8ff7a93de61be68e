import * as z from 'zod/mini';
import { idToken } from '../../shared/text';
import { publicHttpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { billing } from './billing-deps';

const route = httpRoute('billing/sandbox-complete');

const path = z.object({
  sessionId: z.string().check(z.minLength(1), z.maxLength(100), idToken('session id')),
});

export const handler = publicHttpHandler({ route, path }, ({ path }) =>
  billing.completeSandboxSession(path.sessionId),
);
