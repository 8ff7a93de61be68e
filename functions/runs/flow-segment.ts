import { COMPANY_SIZE_OPTIONS, COUNTRY_OPTIONS, type FlowConfig, flowConfig } from '../../shared/flows';
import { ADAPTIVE_LIMITS, type InvitationLimit } from '../../shared/invitation-limit';
import type { Platform } from '../../shared/platforms';
import type { AiProspect, AiTargeting, ProspectAi } from '../core/ports/ai';
import { prospectAi } from '../core/ports/prospect-ai';
import { monthStartIn } from '../core/zone-clock';
import type { StoredActivity } from '../flows/activity-repository';
import {
  type ContactRecord,
  type ContactStep,
  contactsOfFlow,
  invitationAcceptance,
  type LedgerAccount,
  notesSentSince,
} from '../flows/contact-ledger';
import { findIndustry } from '../flows/industry-repository';
import { prospectsAfter, type StoredProspect, scoreProspect } from '../flows/prospect-repository';
import { NOT_SHOWN, type WriteOutcome, writeOnce } from '../flows/write-once';
import type { StoredAutomation } from '../jobs/automation-item';
import type { BrowserCookie, PlatformPage } from '../platforms/browser';
import {
  type FlowAccount,
  type FlowDriver,
  type FlowPerson,
  type FlowPost,
  FREE_NOTES_PER_MONTH,
} from '../platforms/flow-driver-types';
import { linkedinFlowDriver } from '../platforms/linkedin/flow-driver';
import type { GovernedAction } from '../safety/budgets';
import type { Governor } from '../safety/governor';
import { flowRecords, who } from './flow-records';

/**
 * What a flow's run handler works with besides the runner's context (issue 20 point 6): the platform's
 * flow driver, the flow's settings, the account's contact ledger and the flow's prospects, and the AI.
 * The handler decides; these store.
 */
export interface FlowSegment {
  readonly flowId: string;
  readonly jobId: string;
  readonly driver: FlowDriver;
  readonly settings: FlowConfig;
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
  /** Notes the account may still add this calendar month: all on a premium account (DECISIONS 28). */
  notesLeft(account: FlowAccount): Promise<number>;
  /** A connection note for the prospect in the flow's tone and approach, within `maxLength`. */
  writeNote(prospect: StoredProspect, maxLength: number): Promise<string>;
  /** Invites the prospect once (write-once), with the note when there is one. */
  invite(page: PlatformPage, prospect: StoredProspect, note: string | undefined): Promise<WriteOutcome>;
  /** Keeps the prospect's recent posts the run just read; the first visit is a PROFILE_VIEWED activity. */
  viewed(prospect: StoredProspect, posts: readonly FlowPost[]): Promise<void>;
  /** Likes the post once (write-once). */
  like(page: PlatformPage, prospect: StoredProspect, post: FlowPost): Promise<WriteOutcome>;
  /** Comments on the post once (write-once), in the flow's comment style. */
  comment(page: PlatformPage, prospect: StoredProspect, post: FlowPost): Promise<WriteOutcome>;
  /** The people this flow invited who have not accepted or declined yet. */
  awaitingAnswer(): Promise<ContactRecord[]>;
  /**
   * Reads the acceptance of the account's last invitations into its invitation budget (issue 23
   * point 5); answers the limit in force (undefined: the full budget).
   */
  adaptInvitations(): Promise<InvitationLimit | undefined>;
  /** The people this flow messaged who have not replied yet. */
  awaitingReply(): Promise<ContactRecord[]>;
  /** Records a step the person reached (the ledger) and counts it on the flow. */
  reached(person: { id: string; name: string }, step: ContactStep): Promise<void>;
  /** Sends the accepted person the flow's follow-up message once (write-once). */
  followUp(
    page: PlatformPage,
    person: { id: string; name: string; profileUrl?: string },
  ): Promise<WriteOutcome>;
}

/** The flow driver of a platform; undefined where flows do not run (X, Instagram for now). */
export function flowDriverFor(platform: Platform, cookies: readonly BrowserCookie[]): FlowDriver | undefined {
  return platform === 'linkedin' ? linkedinFlowDriver(cookies) : undefined;
}

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

export function createFlowSegment(input: {
  driver: FlowDriver;
  flow: StoredAutomation;
  jobId: string;
  account: LedgerAccount;
  governor: Governor;
  /** The segment's lease token: its writes are claimed under it. */
  token: string;
  now: () => Date;
  /** The account's zone (DECISIONS 29): a free account's notes count by its calendar month. */
  timeZone?: string | null;
  ai?: ProspectAi;
}): FlowSegment {
  const { driver, flow, jobId, account, now, governor } = input;
  const writes = (action: GovernedAction) => ({
    account,
    token: input.token,
    now,
    take: async () => {
      const answer = await governor.take(action);
      return answer.ok ? { ok: true as const } : { ok: false as const, until: answer.until };
    },
  });
  const aiProspect = (p: StoredProspect): AiProspect => ({
    id: p.id,
    name: p.name,
    ...(p.headline ? { headline: p.headline } : {}),
    ...(p.title ? { title: p.title } : {}),
    ...(p.company ? { company: p.company } : {}),
    ...(p.location ? { location: p.location } : {}),
    ...(p.industry ? { industry: p.industry } : {}),
  });
  /** Records what a write came to in the flow's activities (a write settled earlier adds none). */
  const logged = async (
    outcome: WriteOutcome,
    key: string,
    base: Omit<StoredActivity, 'id' | 'wasSuccessful' | 'timestamp' | 'jobId' | 'errorMessage'>,
  ): Promise<WriteOutcome> => {
    if (outcome.kind !== 'done' && outcome.kind !== 'refused' && outcome.kind !== 'not-shown') return outcome;
    await records.activity({
      ...base,
      id: key,
      wasSuccessful: outcome.kind === 'done',
      ...(outcome.kind === 'refused' ? { errorMessage: `The platform refused it: ${outcome.refusal}` } : {}),
      ...(outcome.kind === 'not-shown' ? { errorMessage: NOT_SHOWN } : {}),
    });
    return outcome;
  };
  const personOf = (p: { id: string; name: string; profileUrl?: string }): FlowPerson => ({
    id: p.id,
    name: p.name,
    profileUrl: p.profileUrl ?? '',
  });
  const userId = account.userId;
  const settings = flowConfig.parse(flow.config);
  const records = flowRecords({
    account,
    flowId: flow.id,
    jobId,
    timeZone: settings.executionSettings.workingHours.timezone,
    now,
  });
  const ai = input.ai ?? prospectAi();
  const targeting = aiTargetingOf(settings);
  const messaging = settings.messagingSettings;
  return {
    flowId: flow.id,
    jobId,
    driver,
    settings,
    discovered: (person) => records.discovered(person),
    async unscored(after, limit) {
      const page = await prospectsAfter(userId, flow.id, after, limit);
      const last = page.prospects.at(-1)?.id;
      return {
        prospects: page.prospects.filter((p) => p.jobId === jobId && p.aiScore === undefined),
        ...(page.more && last ? { next: last } : {}),
      };
    },
    async score(prospect) {
      const scored = await ai.scoreProspect({
        prospect: {
          id: prospect.id,
          name: prospect.name,
          ...(prospect.headline ? { headline: prospect.headline } : {}),
          ...(prospect.title ? { title: prospect.title } : {}),
          ...(prospect.company ? { company: prospect.company } : {}),
          ...(prospect.location ? { location: prospect.location } : {}),
          ...(prospect.industry ? { industry: prospect.industry } : {}),
        },
        targeting,
        companyDescription: settings.messagingSettings.companyDescription,
      });
      const at = now().toISOString();
      const score = { ...scored, scoredAt: at };
      await scoreProspect(userId, flow.id, prospect.id, score);
      await records.scored(prospect, at);
      return { ...prospect, ...score };
    },
    async ofThisRun() {
      const mine: StoredProspect[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await prospectsAfter(userId, flow.id, after, 100);
        mine.push(...page.prospects.filter((p) => p.jobId === jobId));
        after = page.prospects.at(-1)?.id;
        if (!page.more || !after) break;
      }
      return mine.sort((a, b) => (b.aiScore ?? 0) - (a.aiScore ?? 0));
    },
    async notesLeft(platformAccount) {
      if (platformAccount.premium) return Number.POSITIVE_INFINITY;
      const monthStart = new Date(monthStartIn(now().getTime(), input.timeZone ?? 'UTC'));
      return Math.max(0, FREE_NOTES_PER_MONTH - (await notesSentSince(account, monthStart.toISOString())));
    },
    async writeNote(prospect, maxLength) {
      return (await ai.writeConnectionNote({ prospect: aiProspect(prospect), messaging, maxLength })).text;
    },
    async invite(page, prospect, note) {
      const person = personOf(prospect);
      const outcome = await writeOnce(writes(driver.actions.invite), {
        key: `invite:${prospect.id}`,
        kind: 'invite',
        personId: prospect.id,
        flowId: flow.id,
        jobId,
        ...(note ? { text: note } : {}),
        perform: () => driver.invite(page, person, note),
        // Pending, or already accepted by the time it is read: either way the platform took it.
        verify: async () => (await driver.invitationState(page, person)) !== 'none',
      });
      return logged(outcome, `invite:${prospect.id}`, {
        type: 'CONNECTION_SENT',
        stage: 'connecting',
        prospect: who(prospect),
        ...(note ? { connection: { message: note } } : {}),
        description: note
          ? `Connection request with a note to ${prospect.name}`
          : `Connection request to ${prospect.name}`,
      });
    },
    viewed: (prospect, posts) =>
      records.viewed(
        prospect,
        posts.map(({ authorId: _author, ...post }) => post),
      ),
    async like(page, prospect, post) {
      const outcome = await writeOnce(writes(driver.actions.like), {
        key: `like:${post.id}`,
        kind: 'like',
        personId: prospect.id,
        flowId: flow.id,
        jobId,
        perform: async () => {
          await driver.like(page, post);
          return undefined;
        },
        verify: () => driver.isLiked(page, post),
      });
      return logged(outcome, `like:${post.id}`, {
        type: 'POST_LIKED',
        stage: 'engaging',
        prospect: who(prospect),
        engagement: { postText: post.text, postUrl: post.url },
        description: `Liked ${prospect.name}'s post`,
      });
    },
    async comment(page, prospect, post) {
      let text: string | undefined;
      const outcome = await writeOnce(writes(driver.actions.comment), {
        key: `comment:${post.id}`,
        kind: 'comment',
        personId: prospect.id,
        flowId: flow.id,
        jobId,
        perform: async () => {
          text ??= (
            await ai.writeComment({
              prospect: aiProspect(prospect),
              post: { id: post.id, text: post.text },
              messaging,
            })
          ).text;
          await driver.comment(page, post, text);
          return undefined;
        },
        verify: async () => text !== undefined && driver.hasComment(page, post, text),
      });
      return logged(outcome, `comment:${post.id}`, {
        type: 'POST_COMMENTED',
        stage: 'engaging',
        prospect: who(prospect),
        engagement: { postText: post.text, postUrl: post.url, ...(text ? { comment: text } : {}) },
        description: `Commented on ${prospect.name}'s post`,
      });
    },
    async awaitingReply() {
      return (await contactsOfFlow(account, flow.id)).filter((c) => c.steps.messaged && !c.steps.replied);
    },
    async awaitingAnswer() {
      return (await contactsOfFlow(account, flow.id)).filter(
        (c) => c.steps.invited && !c.steps.accepted && !c.steps.declined,
      );
    },
    async adaptInvitations() {
      return governor.assessInvitations(await invitationAcceptance(account, now(), ADAPTIVE_LIMITS));
    },
    reached: (person, step) => records.reached(person, step),
    async followUp(page, contact) {
      const person = personOf(contact);
      let text: string | undefined;
      const outcome = await writeOnce(writes(driver.actions.message), {
        key: `message:${contact.id}:1`,
        kind: 'message',
        personId: contact.id,
        flowId: flow.id,
        jobId,
        perform: async () => {
          text ??= (await ai.writeMessage({ prospect: { id: contact.id, name: contact.name }, messaging }))
            .text;
          return driver.message(page, person, text);
        },
        verify: async () => text !== undefined && driver.hasMessage(page, person, text),
      });
      return logged(outcome, `message:${contact.id}:1`, {
        type: 'MESSAGE_SENT',
        stage: 'following-up',
        prospect: who(contact),
        ...(text ? { connection: { message: text } } : {}),
        description: `Follow-up message to ${contact.name}`,
      });
    },
  };
}
