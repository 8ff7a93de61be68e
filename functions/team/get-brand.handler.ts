import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { brandOf } from './brand-view';

const route = httpRoute('team/get-brand');

/** `GET /api/team/brand` (DECISIONS 32): the workspace's brand, or null; also below PLUS (kept, not shown). */
export const handler = httpHandler({ route }, async ({ user }) => ({
  data: { brand: await brandOf(user.workspaceId) },
}));
