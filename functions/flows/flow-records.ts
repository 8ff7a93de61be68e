import type { ProspectStatus } from '../../shared/flow-insights';
import type { FlowPerson } from '../platforms/flow-driver-types';
import { recordActivity, type StoredActivity } from './activity-repository';
import {
  type ContactStep,
  claimContact,
  findContact,
  type LedgerAccount,
  recordContactStep,
} from './contact-ledger-repository';
import { addFlowCounts, type FlowCounts, qualityCount } from './flow-count-repository';
import { addToFlowTotal, type FlowTotal } from './flow-repository';
import {
  addProspect,
  advanceProspect,
  findProspect,
  markReplied,
  type ProspectPost,
  recordProfileView,
  type StoredProspect,
} from './prospect-repository';

/**
 * What a flow's run records as it goes (issues 20 and 21): the contact ledger, the flow's prospects
 * with their status, its totals on the flow, its counts by day (analytics) and its activities. The
 * flow segment decides when; this keeps every record of one event together.
 */

/** What a step adds to of the flow's totals. */
const TOTAL_OF_STEP: Partial<Record<ContactStep, FlowTotal>> = {
  invited: 'connectionRequests',
  accepted: 'connectionsAccepted',
  declined: 'connectionsDeclined',
  messaged: 'messagesSent',
  engaged: 'engagements',
};

/** The prospect's status once it reached a step (statuses only move forward). */
const STATUS_OF_STEP: Partial<Record<ContactStep, ProspectStatus>> = {
  engaged: 'CONTACTED',
  invited: 'PENDING',
  accepted: 'ACCEPTED',
  declined: 'DECLINED',
};

/** The steps the analytics count per day (the funnel). */
const COUNTED_STEPS = new Set<ContactStep>([
  'engaged',
  'invited',
  'accepted',
  'declined',
  'messaged',
  'replied',
]);

export type ActivityRecord = Omit<StoredActivity, 'jobId' | 'timestamp'> & { timestamp?: string };

export function flowRecords(input: {
  account: LedgerAccount;
  flowId: string;
  jobId: string;
  /** The flow's own zone: its days for the analytics. */
  timeZone: string;
  now: () => Date;
}) {
  const { account, flowId, jobId, timeZone, now } = input;
  const { workspaceId } = account;
  const count = (counts: FlowCounts, at = now()) => addFlowCounts(workspaceId, flowId, at, timeZone, counts);

  const activity = (record: ActivityRecord) =>
    recordActivity(
      workspaceId,
      flowId,
      { ...record, jobId, timestamp: record.timestamp ?? now().toISOString() },
      timeZone,
    );

  return {
    activity,

    /** A person the search found: the flow's new prospect, or false (another flow's, or this flow's already). */
    async discovered(person: FlowPerson): Promise<boolean> {
      const at = now().toISOString();
      const added =
        (await claimContact(account, person, flowId, at)) &&
        (await addProspect(workspaceId, flowId, {
          id: person.id,
          name: person.name,
          profileUrl: person.profileUrl,
          jobId,
          discoveredAt: at,
          status: 'FOUND',
          ...(person.headline ? { headline: person.headline } : {}),
          ...(person.title ? { title: person.title } : {}),
          ...(person.company ? { company: person.company } : {}),
          ...(person.location ? { location: person.location } : {}),
          ...(person.industry ? { industry: person.industry } : {}),
          ...(person.imageUrl ? { profileImage: person.imageUrl } : {}),
          ...(person.distance ? { distance: person.distance } : {}),
        }));
      if (added) await addToFlowTotal(workspaceId, flowId, 'prospectsFound', 1);
      await count(added ? { prospectsFound: 1, p_FOUND: 1 } : { duplicates: 1 });
      return added;
    },

    async scored(prospect: StoredProspect, at: string): Promise<void> {
      await recordContactStep(account, prospect, flowId, 'scored', at);
      await count({ scored: 1 }, new Date(at));
    },

    /** The prospect's recent posts as a visit showed them; the first visit is a PROFILE_VIEWED. */
    async viewed(prospect: StoredProspect, posts: ProspectPost[]): Promise<void> {
      const at = now().toISOString();
      if (!(await recordProfileView(workspaceId, flowId, prospect.id, posts, at))) return;
      await activity({
        id: `view:${prospect.id}`,
        type: 'PROFILE_VIEWED',
        wasSuccessful: true,
        timestamp: at,
        stage: 'engaging',
        prospect: who(prospect),
        description: `Viewed ${prospect.name}'s profile and recent posts`,
      });
    },

    /** The person reached `step` (first time only counts): ledger, totals, day counts, status, answers. */
    async reached(person: { id: string; name: string; company?: string; title?: string }, step: ContactStep) {
      const at = now().toISOString();
      const before = (await findContact(account, person.id))?.steps[step];
      await recordContactStep(account, person, flowId, step, at);
      if (before) return;
      const total = TOTAL_OF_STEP[step];
      if (total) await addToFlowTotal(workspaceId, flowId, total, 1);
      const status = STATUS_OF_STEP[step];
      const prospect =
        step === 'invited' || step === 'accepted' || status
          ? await findProspect(workspaceId, flowId, person.id)
          : undefined;
      if (COUNTED_STEPS.has(step)) {
        const quality = (step === 'invited' || step === 'accepted') && prospect?.matchQuality;
        await count({
          [step]: 1,
          ...(quality ? { [qualityCount(step as 'invited' | 'accepted', quality)]: 1 } : {}),
        } as FlowCounts);
      }
      if (status && prospect)
        await advanceProspect(workspaceId, flowId, person.id, prospect.status ?? 'FOUND', status);
      if (step === 'replied') await markReplied(workspaceId, flowId, person.id, at);
      if (step === 'accepted' || step === 'declined')
        await activity({
          id: `${step}:${person.id}`,
          type: step === 'accepted' ? 'CONNECTION_ACCEPTED' : 'CONNECTION_DECLINED',
          wasSuccessful: true,
          timestamp: at,
          stage: 'following-up',
          prospect: who(prospect ?? person),
          description: `${person.name} ${step} the connection request`,
        });
    },
  };
}

export type FlowRecords = ReturnType<typeof flowRecords>;

export const who = (p: { id: string; name: string; company?: string; title?: string }) => ({
  id: p.id,
  name: p.name,
  ...(p.company ? { company: p.company } : {}),
  ...(p.title ? { title: p.title } : {}),
});
