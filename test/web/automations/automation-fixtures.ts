import type { Automation } from '../../../shared/automations-values';
import type { FakeApi } from '../support/fake-api';

/** An automation as `GET /api/automation` answers it. */
export function automationOf(id: string, overrides: Partial<Automation> = {}): Automation {
  return {
    id,
    jobId: id,
    templateId: 'linkedin-follower-extractor',
    displayName: `Follower Extractor ${id}`,
    platform: 'linkedin',
    status: 'running',
    config: { filteringSettings: { maxProfiles: 100 } },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    progress: 0,
    completedTasks: 0,
    totalTasks: 0,
    successTasks: 0,
    failedTasks: 0,
    totalLeads: 0,
    hasData: false,
    totalRuns: 0,
    successfulRuns: 0,
    ...overrides,
  };
}

export function serveAutomations(api: FakeApi, automations: Automation[]) {
  api.on('GET', '/automation', { status: 200, body: { status: 'success', data: { automations } } });
}
