import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { listWorkspaces } from './workspace-service';

const route = httpRoute('team/list-workspaces');

/** `GET /api/workspaces` (DECISIONS 31): the person's own workspace and their teams', and the current one. */
export const handler = httpHandler({ route }, async ({ user }) => ({ data: await listWorkspaces(user) }));
