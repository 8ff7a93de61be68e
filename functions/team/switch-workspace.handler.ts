import { switchWorkspaceInput } from '../../shared/team';
import { WORKSPACE_TEXTS } from '../../shared/team-texts';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { workspaceSwitch } from './team-deps';

const route = httpRoute('team/switch-workspace');

/** `PUT /api/workspaces/current` `{workspaceId}`: the session acts in that workspace from now on. */
export const handler = httpHandler({ route, body: switchWorkspaceInput }, async ({ user, body }) => {
  const workspace = await workspaceSwitch.switchTo(user, body.workspaceId);
  const message =
    workspace.role === 'owner' ? WORKSPACE_TEXTS.switchedOwn : WORKSPACE_TEXTS.switched(workspace.name);
  return { success: true, message, data: { workspace } };
});
