import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { team } from './team-deps';

const route = httpRoute('team/get-team');

/** `GET /api/team` (DECISIONS 31): the owner, the members, the pending invitations, the seats used. */
export const handler = httpHandler({ route }, async ({ user }) => ({
  data: { team: await team.view(user) },
}));
