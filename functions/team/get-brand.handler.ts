import { httpHandler } from '../core/http-handler';
import { brandOf } from './brand-view';

/** `GET /api/team/brand` (DECISIONS 32): the workspace's brand, or null; also below PLUS (kept, not shown). */
export const handler = httpHandler({}, async ({ user }) => ({
  data: { brand: await brandOf(user.workspaceId) },
}));
