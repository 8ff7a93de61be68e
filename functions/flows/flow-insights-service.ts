import type {
  ActivitiesQuery,
  AnalyticsPeriod,
  FlowAnalytics,
  ProspectDetail,
  ProspectsQuery,
} from '../../shared/flow-insights';
import { FLOW_TEXTS, type TargetingSettings } from '../../shared/flows';
import type { AuthUser } from '../core/auth';
import { NotFoundError } from '../core/errors';
import { flowAnalytics } from './flow-analytics';
import { listActivities, listProspects, prospectSummaryOf } from './flow-list-repository';
import { findFlow, type StoredFlow } from './flow-repository';
import { findProspect } from './prospect-repository';
import { prospectDetailOf } from './prospect-view';

/**
 * The flow insight routes (issue 21): a flow's analytics, activities, prospects and one prospect, for
 * its owner only (another user's flow is not found, as on every flow route).
 */
export function createFlowInsightsService(deps: { now: () => Date }) {
  async function owned(user: AuthUser, id: string): Promise<StoredFlow> {
    const flow = await findFlow(user.workspaceId, id);
    if (!flow) throw new NotFoundError(FLOW_TEXTS.empty.flowNotFound);
    return flow;
  }

  return {
    async analytics(user: AuthUser, id: string, period: AnalyticsPeriod): Promise<FlowAnalytics> {
      return flowAnalytics(await owned(user, id), period, deps.now());
    },
    async activities(user: AuthUser, id: string, query: ActivitiesQuery) {
      await owned(user, id);
      return listActivities(user.workspaceId, id, query);
    },
    async prospects(user: AuthUser, id: string, query: ProspectsQuery) {
      await owned(user, id);
      return listProspects(user.workspaceId, id, query);
    },
    async prospect(user: AuthUser, id: string, prospectId: string): Promise<ProspectDetail> {
      const flow = await owned(user, id);
      const stored = await findProspect(user.workspaceId, id, prospectId);
      if (!stored) throw new NotFoundError(FLOW_TEXTS.empty.prospectNotFound);
      const targeting = (flow.config as { targetingSettings?: Pick<TargetingSettings, 'companySize'> })
        .targetingSettings;
      return prospectDetailOf(
        stored,
        prospectSummaryOf(stored as unknown as Record<string, unknown>),
        targeting,
      );
    },
  };
}
