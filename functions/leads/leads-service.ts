import { AUTOMATION_TEXTS, automationIdOfJob } from '../../shared/automations-values';
import type { Lead, LeadsPageResponse } from '../../shared/leads';
import { findAutomation } from '../automations/automation-lookup-service';
import type { AuthUser } from '../core/auth';
import { NotFoundError } from '../core/errors';
import { leadsAfter, leadsPage } from './lead-repository';

/**
 * `GET /api/automation/leads/{jobId}`: a page of the job's leads and the count of all of them. The
 * automation is looked up under the signed-in user, so another user's job id finds nothing (404).
 * A one-off trob's job id is its automation's id.
 */
export function createLeadsService() {
  return { page };

  async function page(
    user: AuthUser,
    jobId: string,
    pageNumber: number,
    limit: number,
    after?: string,
  ): Promise<LeadsPageResponse> {
    const automation = await findAutomation(user.workspaceId, automationIdOfJob(jobId));
    if (!automation) throw new NotFoundError(AUTOMATION_TEXTS.notFound);
    const totalLeads = automation.totalLeads ?? 0;
    const offset = (pageNumber - 1) * limit;
    const owner = { userId: user.workspaceId, automationId: automation.id };
    let leads: Lead[] = [];
    let more = false;
    if (after !== undefined) ({ leads, more } = await leadsAfter(owner, after, limit));
    else if (offset < totalLeads) {
      leads = await leadsPage(owner, offset, limit);
      more = offset + leads.length < totalLeads;
    }
    const nextAfter = more ? leads.at(-1)?.id : undefined;
    return {
      success: true,
      data: {
        leads,
        totalLeads,
        page: pageNumber,
        limit,
        totalPages: Math.ceil(totalLeads / limit),
        ...(nextAfter ? { nextAfter } : {}),
      },
    };
  }
}
