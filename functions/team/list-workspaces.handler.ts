import { httpHandler } from '../core/http-handler';
import { listWorkspaces } from './workspace-service';

/** `GET /api/workspaces` (DECISIONS 31): the person's own workspace and their teams', and the current one. */
export const handler = httpHandler({}, async ({ user }) => ({ data: await listWorkspaces(user) }));
