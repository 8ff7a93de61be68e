import { httpHandler } from '../core/http-handler';
import { team } from './team-deps';

/** `GET /api/team` (DECISIONS 31): the owner, the members, the pending invitations, the seats used. */
export const handler = httpHandler({}, async ({ user }) => ({ data: { team: await team.view(user) } }));
