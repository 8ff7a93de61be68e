import * as z from 'zod/mini';
import { publicHttpHandler } from '../core/http-handler';
import { sandboxBillingService } from './billing-deps';

const path = z.object({ sessionId: z.string().check(z.minLength(1), z.maxLength(100)) });

export const handler = publicHttpHandler({ path }, async ({ path }) => ({
  data: { session: await (await sandboxBillingService()).sandboxSession(path.sessionId) },
}));
