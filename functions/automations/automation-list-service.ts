import type { Automation, AutomationQueueStatus } from '../../shared/automations';
import type { AuthUser } from '../core/auth';
import { listRunQueue } from '../jobs/job-state';
import { listAutomations, publicAutomation } from './automation-repository';

export type AutomationListService = ReturnType<typeof createAutomationListService>;

/**
 * `GET /api/automation` and its queue. Apart from the start (automation-service.ts) so their
 * bundles carry no queue client; they use nothing beyond the repositories, so they take no deps.
 */
export function createAutomationListService() {
  return { automationsOf, queueStatus };

  /** The user's automations, newest first. */
  async function automationsOf(user: AuthUser): Promise<Automation[]> {
    return (await listAutomations(user.workspaceId)).map(publicAutomation);
  }

  /** Every job waiting or running (the run queue index), and the user's own place in it. */
  async function queueStatus(user: AuthUser): Promise<AutomationQueueStatus> {
    const [waiting, running] = await Promise.all([listRunQueue('waiting'), listRunQueue('running')]);
    const mine = waiting.findIndex((job) => job.userId === user.workspaceId);
    return {
      waiting: waiting.length,
      running: running.length,
      yourWaiting: waiting.filter((job) => job.userId === user.workspaceId).length,
      yourRunning: running.filter((job) => job.userId === user.workspaceId).length,
      yourPosition: mine === -1 ? null : mine + 1,
    };
  }
}
