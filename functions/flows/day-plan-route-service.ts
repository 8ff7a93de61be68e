import { CONNECTION_TEXTS } from '../../shared/connections';
import type { DayPlan } from '../../shared/day-plan';
import { FLOW_API_TEXTS } from '../../shared/flow-api';
import { PLATFORM_TABLE } from '../../shared/platforms';
import { findConnection, listConnections } from '../connections/connection-lookup-service';
import type { AuthUser } from '../core/auth';
import { NotFoundError } from '../core/errors';
import { accountDayPlan } from './day-plan-service';
import { findFlow } from './flow-repository';

/**
 * The day plan routes (issue 23 point 4): a connected account's next 24 hours, asked from the
 * connections page by the account, or from a flow's analytics by the flow (its platform's connected
 * account; none connected: no day plan).
 */
export function createDayPlanService(deps: { now: () => Date }) {
  return {
    async ofAccount(authUser: AuthUser, connectionId: string): Promise<DayPlan> {
      const connection = await findConnection(authUser.workspaceId, connectionId);
      if (!connection) throw new NotFoundError(CONNECTION_TEXTS.notFound);
      return accountDayPlan(authUser.workspaceId, connection, deps.now());
    },
    async ofFlow(authUser: AuthUser, flowId: string): Promise<DayPlan | null> {
      const flow = await findFlow(authUser.workspaceId, flowId);
      if (!flow) throw new NotFoundError(FLOW_API_TEXTS.notFound);
      const record = PLATFORM_TABLE[flow.platform].record;
      const connection = (await listConnections(authUser.workspaceId)).find(
        (c) => c.platform === record && c.isActive,
      );
      return connection ? accountDayPlan(authUser.workspaceId, connection, deps.now()) : null;
    },
  };
}
