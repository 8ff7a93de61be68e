import { mailPort } from '../core/adapters/mail-adapter';
import { realtimePort } from '../core/ports/realtime';
import { createSessionSocketsService } from '../realtime/session-sockets-service';
import { createMemberRemovalService } from './member-removal-service';
import { createTeamService } from './team-service';
import { createWorkspaceSwitchService } from './workspace-service';

/**
 * The team routes' wiring, built once per cold start: the invitation e-mail goes through the mail port;
 * a removal and a workspace switch close sockets through the realtime port. Each service is built
 * `@__PURE__`, so a route's bundle drops the ones its route does not import.
 */
const sockets = /* @__PURE__ */ createSessionSocketsService({ push: /* @__PURE__ */ realtimePort() });
export const team = /* @__PURE__ */ createTeamService({
  mail: /* @__PURE__ */ mailPort(),
  now: () => new Date(),
});
export const memberRemoval = /* @__PURE__ */ createMemberRemovalService({ sockets });
export const workspaceSwitch = /* @__PURE__ */ createWorkspaceSwitchService({ sockets });
