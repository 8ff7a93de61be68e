import {
  COMPANY_SIZE_OPTIONS,
  COUNTRY_OPTIONS,
  type FlowConfig,
  type FlowWriteKind,
  flowConfig,
} from '../../../shared/flows';
import { ADAPTIVE_LIMITS, type InvitationLimit } from '../../../shared/invitation-limit';
import { REVIEW_EXPIRY_MS, reviewModeOf } from '../../../shared/review';
import { prospectAi } from '../../ai/prospect-ai-adapter';
import type { AiTargeting, ProspectAi } from '../../core/ports/ai';
import { monthStartIn } from '../../core/zone-clock';
import type { StoredAutomation } from '../../jobs/automation-item';
import {
  type FlowAccount,
  type FlowDriver,
  type FlowPerson,
  type FlowPost,
  type FlowProfile,
  FREE_NOTES_PER_MONTH,
} from '../../platforms/flow-driver-types';
import type { Governor } from '../../safety/governor';
import { type WaitingProspect, waitingProspects, writesOfTemplate } from '../backlog';
import {
  type ContactRecord,
  type ContactStep,
  contactsOfFlow,
  invitationAcceptance,
  type LedgerAccount,
} from '../contact-ledger-repository';
import { flowRecords } from '../flow-records';
import { type FlowWrites, flowWrites } from '../flow-writes';
import { findIndustry } from '../industry-repository';
import { openWritesBefore } from '../open-write-repository';
import { isPendingInvitation, pendingInvitationCount } from '../pending-invitations';
import {
  prospectsAfter,
  prospectsOfFlow,
  recordProfileRead,
  type StoredProspect,
  scoreProspect,
} from '../prospect-repository';
import { type ReviewEntry, reviewEntries } from '../review-repository';
import { notesUsedSince, type WriteRecord } from '../write-ledger-repository';
import { aiProspectOf } from './ai-prospect';

/**
 * What a flow's run handler works with besides the runner's context (issue 20 point 6): the platform's
 * flow driver, the flow's settings, the account's contact ledger and the flow's prospects, and the AI.
 * The handler decides; these store.
 */
/** The run's writes (flow-writes.ts) are the segment's: invite, like, comment, follow up, withdraw, send approved. */
export interface FlowRunStore extends FlowWrites {
  readonly flowId: string;
  readonly jobId: string;
  readonly driver: FlowDriver;
  readonly settings: FlowConfig;
  /** Whether the flow's template makes this write (issue 36 found 5): the run makes no other. */
  makes(kind: FlowWriteKind): boolean;
  /** Keeps what the prospect's profile showed over the search's row; answers the prospect as it is now. */
  profileRead(prospect: StoredProspect, profile: FlowProfile | undefined): Promise<StoredProspect>;
  /**
   * Takes a person the run found as the flow's new prospect, unless the contact ledger gives them to
   * another flow of the account or the flow had them already: then false (a duplicate).
   */
  discovered(person: FlowPerson): Promise<boolean>;
  /**
   * This run's prospects not scored yet, from a page of the flow's prospects in key order after
   * `after`; `next` is where the following page starts, absent at the end.
   */
  unscored(after: string | undefined, limit: number): Promise<{ prospects: StoredProspect[]; next?: string }>;
  /** Scores a prospect with the AI against the targeting and the company description. */
  score(prospect: StoredProspect): Promise<StoredProspect>;
  /** This run's prospects, the best scored first. */
  ofThisRun(): Promise<StoredProspect[]>;
  /** The flow's backlog (flows/backlog.ts): who earlier runs left waiting, the best scored first. */
  backlog(): Promise<WaitingProspect[]>;
  /** Notes the account may still add this calendar month: all on a premium account (DECISIONS 28). */
  notesLeft(account: FlowAccount): Promise<number>;
  /** A connection note for the prospect in the flow's tone and approach, within `maxLength`. */
  writeNote(prospect: StoredProspect, maxLength: number): Promise<string>;
  /** Keeps the prospect's recent posts the run just read; the first visit is a PROFILE_VIEWED activity. */
  viewed(prospect: StoredProspect, posts: readonly FlowPost[]): Promise<void>;
  /** The people this flow invited who have not accepted or declined yet. */
  awaitingAnswer(): Promise<ContactRecord[]>;
  /**
   * Reads the acceptance of the account's last invitations into its invitation budget (issue 23
   * point 5); answers the limit in force (undefined: the full budget).
   */
  adaptInvitations(): Promise<InvitationLimit | undefined>;
  /**
   * The people who accepted this flow's invitation and have had no message from it yet (a spent
   * budget, or a message waiting for review, leaves them here), the earliest accepted first.
   */
  awaitingMessage(): Promise<ContactRecord[]>;
  /** The people this flow messaged who have not replied yet. */
  awaitingReply(): Promise<ContactRecord[]>;
  /** Records a step the person reached (the ledger) and counts it on the flow. */
  reached(person: { id: string; name: string }, step: ContactStep): Promise<void>;
  /** The invitations the account holds pending, every flow's (the contact ledger). */
  pendingInvitations(): Promise<number>;
  /** The intents the user approved in the flow's review queue, the oldest first (issue 23). */
  approved(): Promise<ReviewEntry[]>;
  /** The flow's writes a stopped worker left open (issue 35), their lease over, the oldest first. */
  openWrites(): Promise<WriteRecord[]>;
}

/** Open writes a segment settles before anything new: more than a crash ever leaves; the rest go next segment. */
const OPEN_WRITES_PER_SEGMENT = 50;

/** The flow driver of a platform (functions/flows/flow-drivers.ts, which the audience preview shares). */

const label = <V extends string>(options: readonly { label: string; value: V }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

/** The targeting as the AI reads it: labels, not the stored values. */
export function aiTargetingOf(settings: FlowConfig): AiTargeting {
  const t = settings.targetingSettings;
  return {
    keywords: t.keywords,
    industries: t.industries.map((value) => findIndustry(value)?.label ?? value),
    jobTitles: t.jobTitles,
    locations: t.locations.map((code) => label(COUNTRY_OPTIONS, code)),
    companySize: t.companySize.map((size) => label(COMPANY_SIZE_OPTIONS, size)),
  };
}

export function createFlowRunStore(input: {
  driver: FlowDriver;
  flow: StoredAutomation;
  jobId: string;
  account: LedgerAccount;
  governor: Governor;
  /** The segment's lease token: its writes are claimed under it. */
  token: string;
  /** When the segment's lease ends: its writes' leases end by then too. */
  leaseUntil: Date;
  now: () => Date;
  /** The account's zone (DECISIONS 29): a free account's notes count by its calendar month. */
  timeZone?: string | null;
  ai?: ProspectAi;
}): FlowRunStore {
  const { driver, flow, jobId, account, now, governor } = input;
  const { workspaceId } = account;
  const settings = flowConfig.parse(flow.config);
  const records = flowRecords({
    account,
    flowId: flow.id,
    jobId,
    timeZone: settings.executionSettings.workingHours.timezone,
    now,
  });
  const ai = input.ai ?? prospectAi();
  const makes = writesOfTemplate(flow.templateId);
  const targeting = aiTargetingOf(settings);
  const messaging = settings.messagingSettings;
  const writes = flowWrites({
    driver,
    flowId: flow.id,
    jobId,
    account,
    governor,
    token: input.token,
    leaseUntil: input.leaseUntil,
    now,
    ai,
    messaging,
    reviewMode: reviewModeOf(settings),
    activity: (record) => records.activity(record),
    reached: (person, step) => records.reached(person, step),
  });
  return {
    flowId: flow.id,
    jobId,
    driver,
    settings,
    makes: (kind) => makes.has(kind),
    async profileRead(prospect, profile) {
      const at = now().toISOString();
      const shown = profile ?? {};
      await recordProfileRead(workspaceId, flow.id, prospect.id, shown, at);
      return { ...prospect, ...shown, profileReadAt: at };
    },
    discovered: (person) => records.discovered(person),
    async unscored(after, limit) {
      const page = await prospectsAfter(workspaceId, flow.id, after, limit);
      const last = page.prospects.at(-1)?.id;
      return {
        prospects: page.prospects.filter((p) => p.jobId === jobId && p.aiScore === undefined),
        ...(page.more && last ? { next: last } : {}),
      };
    },
    async score(prospect) {
      const scored = await ai.scoreProspect({
        prospect: aiProspectOf(prospect),
        targeting,
        companyDescription: settings.messagingSettings.companyDescription,
        // A run scores only the people its own search found (`unscored`), and the search filtered by
        // every facet of the targeting: each is matched, though a listed profile may not show it.
        matchedBySearch: targeting,
      });
      const at = now().toISOString();
      const score = { ...scored, scoredAt: at };
      await scoreProspect(workspaceId, flow.id, prospect.id, score);
      await records.scored(prospect, at);
      return { ...prospect, ...score };
    },
    async ofThisRun() {
      const mine = await prospectsOfFlow(workspaceId, flow.id, (p) => p.jobId === jobId);
      return mine.sort((a, b) => (b.aiScore ?? 0) - (a.aiScore ?? 0));
    },
    async backlog() {
      return waitingProspects({
        userId: workspaceId,
        flowId: flow.id,
        templateId: flow.templateId,
        config: settings,
        contacts: await contactsOfFlow(account, flow.id),
        now: now(),
        exceptJob: jobId,
      });
    },
    async notesLeft(platformAccount) {
      if (platformAccount.premium) return Number.POSITIVE_INFINITY;
      const monthStart = new Date(monthStartIn(now().getTime(), input.timeZone ?? 'UTC'));
      const waitingSince = new Date(now().getTime() - REVIEW_EXPIRY_MS).toISOString();
      const used = await notesUsedSince(account, monthStart.toISOString(), waitingSince);
      return Math.max(0, FREE_NOTES_PER_MONTH - used);
    },
    async writeNote(prospect, maxLength) {
      return (await ai.writeConnectionNote({ prospect: aiProspectOf(prospect), messaging, maxLength })).text;
    },
    invite: writes.invite,
    viewed: (prospect, posts) =>
      records.viewed(
        prospect,
        posts.map(({ authorId: _author, ...post }) => post),
      ),
    like: writes.like,
    comment: writes.comment,
    async awaitingReply() {
      return (await contactsOfFlow(account, flow.id)).filter((c) => c.steps.messaged && !c.steps.replied);
    },
    async awaitingMessage() {
      return (await contactsOfFlow(account, flow.id))
        .filter((c) => c.steps.accepted && !c.steps.messaged && !c.steps.replied)
        .sort((a, b) => String(a.steps.accepted).localeCompare(String(b.steps.accepted)));
    },
    async awaitingAnswer() {
      return (await contactsOfFlow(account, flow.id)).filter(isPendingInvitation);
    },
    async adaptInvitations() {
      return governor.assessInvitations(await invitationAcceptance(account, now(), ADAPTIVE_LIMITS));
    },
    reached: (person, step) => records.reached(person, step),
    followUp: writes.followUp,
    withdraw: writes.withdraw,
    pendingInvitations: () => pendingInvitationCount(account),
    sendApproved: writes.sendApproved,
    settleOpen: writes.settleOpen,
    async openWrites() {
      const open = await openWritesBefore(now().toISOString(), {
        account,
        flowId: flow.id,
        limit: OPEN_WRITES_PER_SEGMENT,
      });
      return open.map((write) => write.record);
    },
    async approved() {
      return (await reviewEntries(workspaceId, flow.id))
        .filter((entry) => entry.state === 'approved')
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
  };
}
