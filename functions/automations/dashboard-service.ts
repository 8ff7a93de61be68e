import { type DashboardStats, dedupeAutomations } from '../../shared/automations';
import { countsAsRunning } from '../../shared/plan-policy';
import { DASHBOARD_PLATFORMS, PLATFORM_TABLE } from '../../shared/platforms';
import { listTemplates } from '../catalog/template-service';
import { listConnections } from '../connections/connection-lookup-service';
import type { AuthUser } from '../core/auth';
import { listAutomations } from './automation-repository';

/** DECISIONS 16: the dashboard's connected accounts are LinkedIn and Twitter, once each. */
const COUNTED_RECORDS: ReadonlySet<string> = new Set(
  DASHBOARD_PLATFORMS.map((p) => PLATFORM_TABLE[p].record),
);

export type DashboardService = ReturnType<typeof createDashboardService>;

/**
 * `GET /api/jobs/dashboard/stats` (spec 2.8). It reads the catalogue and the connections through their
 * domains' services and uses no port, so it takes no deps.
 */
export function createDashboardService() {
  return { dashboardStats };

  /** Counters over de-duplicated automations. */
  async function dashboardStats(user: AuthUser): Promise<DashboardStats> {
    const [automations, templates, connections] = await Promise.all([
      listAutomations(user.workspaceId),
      listTemplates(),
      listConnections(user.workspaceId),
    ]);
    const kept = dedupeAutomations(automations);
    const connectedPlatforms = new Set(
      connections.filter((c) => c.isActive && COUNTED_RECORDS.has(c.platform)).map((c) => c.platform),
    );
    return {
      totalAutomations: kept.length,
      completedAutomations: kept.filter((a) => a.status === 'completed').length,
      activeAutomations: kept.filter((a) => countsAsRunning(a.status)).length,
      totalTemplates: templates.length,
      connectedAccounts: connectedPlatforms.size,
    };
  }
}
