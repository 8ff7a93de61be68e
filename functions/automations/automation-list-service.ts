import type { Automation } from '../../shared/automations';
import type { AuthUser } from '../core/auth';
import { listAutomations, publicAutomation } from './automation-repository';

export type AutomationListService = ReturnType<typeof createAutomationListService>;

/**
 * `GET /api/automation`. Apart from the start (automation-service.ts) so its bundle carries no queue
 * client; it uses nothing beyond its own repository, so it takes no deps.
 */
export function createAutomationListService() {
  return { automationsOf };

  /** The user's automations, newest first. */
  async function automationsOf(user: AuthUser): Promise<Automation[]> {
    return (await listAutomations(user.id)).map(publicAutomation);
  }
}
