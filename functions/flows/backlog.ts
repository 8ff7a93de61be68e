import { meetsMinimumMatch } from '../../shared/flow-options';
import { FLOW_WRITES, type FlowConfig, type FlowWriteKind } from '../../shared/flows';
import { REVIEW_EXPIRY_MS } from '../../shared/review';
import type { ContactRecord } from './contact-ledger-repository';
import { prospectsOfFlow, type StoredProspect } from './prospect-repository';
import { findFlowTemplate } from './templates/registry';

/**
 * A flow's backlog (issue 36 point 6): the prospects its earlier runs found in the last 7 days and
 * scored at or above its minimum match, whose like, comment or invitation has not gone yet (a spent
 * budget, or a stage the run did not reach). A run sends theirs before it searches for anyone new, and
 * tomorrow's plan and the analytics count them. One rule for the three.
 */

/** The writes a flow's template makes (a template no longer listed: every write). */
export function writesOfTemplate(templateId: string): ReadonlySet<FlowWriteKind> {
  return new Set(findFlowTemplate(templateId)?.writes ?? FLOW_WRITES);
}

type Steps = ContactRecord['steps'];

/** Not engaged nor invited yet, and either never looked at or seen with a post to engage with. */
export const waitsForEngagement = (p: StoredProspect, steps: Steps) =>
  !steps.engaged && !steps.invited && (p.viewedAt === undefined || (p.recentPosts?.length ?? 0) > 0);

/** Never invited, answered or withdrawn, and not a connection already. */
export const waitsForInvitation = (p: StoredProspect, steps: Steps) =>
  !steps.invited && !steps.accepted && !steps.declined && !steps.withdrawn && p.distance !== 1;

export interface WaitingProspect {
  prospect: StoredProspect;
  steps: Steps;
  engagement: boolean;
  invitation: boolean;
}

/**
 * The flow's backlog at `now`, the best scored first: who waits for the flow's engagement or its
 * invitation. `exceptJob`: a run's own prospects are not its backlog.
 */
export async function waitingProspects(input: {
  userId: string;
  flowId: string;
  templateId: string;
  config: Pick<FlowConfig, 'targetingSettings'>;
  contacts: readonly ContactRecord[];
  now: Date;
  exceptJob?: string;
}): Promise<WaitingProspect[]> {
  const since = new Date(input.now.getTime() - REVIEW_EXPIRY_MS).toISOString();
  const minimum = input.config.targetingSettings.minimumMatch;
  const writes = writesOfTemplate(input.templateId);
  const engages = writes.has('like') || writes.has('comment');
  const invites = writes.has('invite');
  const earlier = await prospectsOfFlow(
    input.userId,
    input.flowId,
    (p) =>
      p.jobId !== input.exceptJob &&
      p.discoveredAt >= since &&
      p.aiScore !== undefined &&
      meetsMinimumMatch(p.matchQuality, minimum),
  );
  if (earlier.length === 0) return [];
  const stepsOf = new Map(
    input.contacts.filter((c) => c.flowId === input.flowId).map((c) => [c.personId, c.steps]),
  );
  return earlier
    .map((prospect) => {
      const steps = stepsOf.get(prospect.id) ?? {};
      return {
        prospect,
        steps,
        engagement: engages && waitsForEngagement(prospect, steps),
        invitation: invites && waitsForInvitation(prospect, steps),
      };
    })
    .filter((w) => w.engagement || w.invitation)
    .sort((a, b) => (b.prospect.aiScore ?? 0) - (a.prospect.aiScore ?? 0));
}
