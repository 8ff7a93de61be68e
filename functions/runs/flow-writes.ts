import type { MessagingSettings } from '../../shared/flows';
import type { ReviewMode } from '../../shared/review';
import type { AiProspect, ProspectAi } from '../core/ports/ai';
import { COMMENT_MAX_LENGTH, MESSAGE_MAX_LENGTH } from '../core/ports/ai-outreach-rules';
import type { StoredActivity } from '../flows/activity-repository';
import { findWrite, type LedgerAccount } from '../flows/contact-ledger';
import { findProspect, type StoredProspect } from '../flows/prospect-repository';
import { type ReviewEntry, removeReviewEntry } from '../flows/review-repository';
import { NOT_SHOWN, type WriteOutcome, writeOnce } from '../flows/write-once';
import type { PlatformPage } from '../platforms/browser';
import type { FlowDriver, FlowPerson, FlowPost } from '../platforms/flow-driver-types';
import type { GovernedAction } from '../safety/budgets';
import type { Governor } from '../safety/governor';
import type { ActivityRecord } from './flow-records';
import { who } from './flow-records';
import { postOfEntry, reviewGate } from './flow-review';

/**
 * A flow's four writes (like, comment, invitation, follow-up message), each once through write-once
 * (intent, governor, perform, verify), recorded as the flow's activities; and, under a review mode
 * (issue 23), recorded as intents waiting in the flow's review queue, then sent once approved with the
 * text the user approved.
 */
export interface FlowWrites {
  /** Invites the prospect once, with the note when there is one (and its length limit). */
  invite(
    page: PlatformPage,
    prospect: StoredProspect,
    note: { text: string; maxLength: number } | undefined,
  ): Promise<WriteOutcome>;
  /** Likes the post once. */
  like(page: PlatformPage, prospect: StoredProspect, post: FlowPost): Promise<WriteOutcome>;
  /** Comments on the post once, in the flow's comment style. */
  comment(page: PlatformPage, prospect: StoredProspect, post: FlowPost): Promise<WriteOutcome>;
  /** Sends the accepted person the flow's follow-up message once. */
  followUp(
    page: PlatformPage,
    person: { id: string; name: string; profileUrl?: string },
  ): Promise<WriteOutcome>;
  /** Withdraws the flow's invitation to the person once (issue 23): no review, it only tidies up. */
  withdraw(
    page: PlatformPage,
    person: { id: string; name: string; profileUrl?: string },
  ): Promise<WriteOutcome>;
  /**
   * Sends an approved intent through the same write (governor, perform, verify), with the text the
   * user approved; its queue entry goes once the write is settled. Answers what the write came to.
   */
  sendApproved(page: PlatformPage, entry: ReviewEntry): Promise<WriteOutcome>;
}

/** A prospect as the AI port reads it: what the flow knows of them, nothing empty. */
export function aiProspectOf(p: StoredProspect): AiProspect {
  return {
    id: p.id,
    name: p.name,
    ...(p.headline ? { headline: p.headline } : {}),
    ...(p.title ? { title: p.title } : {}),
    ...(p.company ? { company: p.company } : {}),
    ...(p.location ? { location: p.location } : {}),
    ...(p.industry ? { industry: p.industry } : {}),
  };
}

export function flowWrites(input: {
  driver: FlowDriver;
  flowId: string;
  jobId: string;
  account: LedgerAccount;
  governor: Governor;
  token: string;
  /** When the segment's lease ends: each write's lease ends by then too (writeLeaseMs). */
  leaseUntil: Date;
  now: () => Date;
  ai: ProspectAi;
  messaging: MessagingSettings;
  reviewMode: ReviewMode;
  activity: (record: ActivityRecord) => Promise<void>;
}): FlowWrites {
  const { driver, flowId, jobId, account, governor, now, ai, messaging } = input;
  const review = reviewGate(input.reviewMode, { flowId, connectionId: account.connectionId }, now);
  const deps = (action: GovernedAction) => ({
    account,
    token: input.token,
    jobLeaseUntil: input.leaseUntil,
    now,
    take: async () => {
      const answer = await governor.take(action);
      return answer.ok ? { ok: true as const } : { ok: false as const, until: answer.until };
    },
  });
  /**
   * Sending an approved intent: the ledger's record holds the approved text, so nothing is written
   * again and nothing waits again.
   */
  type Approved = { approved: true } | undefined;
  const gate = (approved: Approved, request: Parameters<typeof review.of>[0]) =>
    approved ? { approved: true } : review.of(request);
  const personOf = (p: { id: string; name: string; profileUrl?: string }): FlowPerson => ({
    id: p.id,
    name: p.name,
    profileUrl: p.profileUrl ?? '',
  });
  /** Records what a write came to in the flow's activities (a write settled earlier adds none). */
  const logged = async (
    outcome: WriteOutcome,
    key: string,
    base: Omit<StoredActivity, 'id' | 'wasSuccessful' | 'timestamp' | 'jobId' | 'errorMessage'>,
  ): Promise<WriteOutcome> => {
    if (outcome.kind !== 'done' && outcome.kind !== 'refused' && outcome.kind !== 'not-shown') return outcome;
    await input.activity({
      ...base,
      id: key,
      wasSuccessful: outcome.kind === 'done',
      ...(outcome.kind === 'refused' ? { errorMessage: `The platform refused it: ${outcome.refusal}` } : {}),
      ...(outcome.kind === 'not-shown' ? { errorMessage: NOT_SHOWN } : {}),
    });
    return outcome;
  };
  /**
   * A text that waits for review is written now, for the user to read; autopilot's when it goes. An
   * intent recorded before (waiting, approved, settled) keeps its own text: no new one is written.
   */
  const textFor = async (
    approved: Approved,
    kind: 'comment' | 'message',
    key: string,
    compose: () => Promise<string>,
  ) => {
    if (approved || !review.waits(kind, true)) return undefined;
    return (await findWrite(account, key)) ? undefined : compose();
  };

  async function invite(
    page: PlatformPage,
    prospect: StoredProspect,
    note: { text: string; maxLength: number } | undefined,
    approved?: Approved,
  ): Promise<WriteOutcome> {
    const person = personOf(prospect);
    const key = `invite:${prospect.id}`;
    let sent: string | undefined;
    const outcome = await writeOnce(deps(driver.actions.invite), {
      key,
      kind: 'invite',
      personId: prospect.id,
      flowId,
      jobId,
      ...(note ? { text: note.text } : {}),
      ...gate(approved, { key, kind: 'invite', prospect, ...(note ?? {}) }),
      perform: (text) => {
        sent = text;
        return driver.invite(page, person, text);
      },
      // Pending, or already accepted by the time it is read: either way the platform took it.
      verify: async () => (await driver.invitationState(page, person)) !== 'none',
    });
    return logged(outcome, key, {
      type: 'CONNECTION_SENT',
      stage: 'connecting',
      prospect: who(prospect),
      ...(sent ? { connection: { message: sent } } : {}),
      description: sent
        ? `Connection request with a note to ${prospect.name}`
        : `Connection request to ${prospect.name}`,
    });
  }

  async function like(
    page: PlatformPage,
    prospect: StoredProspect,
    post: FlowPost,
    approved?: Approved,
  ): Promise<WriteOutcome> {
    const key = `like:${post.id}`;
    const outcome = await writeOnce(deps(driver.actions.like), {
      key,
      kind: 'like',
      personId: prospect.id,
      flowId,
      jobId,
      ...gate(approved, { key, kind: 'like', prospect, post }),
      perform: async () => {
        await driver.like(page, post);
        return undefined;
      },
      verify: () => driver.isLiked(page, post),
    });
    return logged(outcome, key, {
      type: 'POST_LIKED',
      stage: 'engaging',
      prospect: who(prospect),
      engagement: { postText: post.text, postUrl: post.url },
      description: `Liked ${prospect.name}'s post`,
    });
  }

  async function comment(
    page: PlatformPage,
    prospect: StoredProspect,
    post: FlowPost,
    approved?: Approved,
  ): Promise<WriteOutcome> {
    const key = `comment:${post.id}`;
    const compose = async () =>
      (
        await ai.writeComment({
          prospect: aiProspectOf(prospect),
          post: { id: post.id, text: post.text },
          messaging,
        })
      ).text;
    const text = await textFor(approved, 'comment', key, compose);
    let sent: string | undefined;
    const outcome = await writeOnce(deps(driver.actions.comment), {
      key,
      kind: 'comment',
      personId: prospect.id,
      flowId,
      jobId,
      ...(text !== undefined ? { text } : {}),
      compose,
      ...gate(approved, {
        key,
        kind: 'comment',
        prospect,
        post,
        ...(text !== undefined ? { text, maxLength: COMMENT_MAX_LENGTH } : {}),
      }),
      perform: async (written) => {
        if (written === undefined) return { ok: false, refusal: 'no text to send' };
        sent = written;
        await driver.comment(page, post, written);
        return undefined;
      },
      verify: async (written) => written !== undefined && driver.hasComment(page, post, written),
    });
    return logged(outcome, key, {
      type: 'POST_COMMENTED',
      stage: 'engaging',
      prospect: who(prospect),
      engagement: { postText: post.text, postUrl: post.url, ...(sent ? { comment: sent } : {}) },
      description: `Commented on ${prospect.name}'s post`,
    });
  }

  async function followUp(
    page: PlatformPage,
    contact: { id: string; name: string; profileUrl?: string },
    approved?: Approved,
  ): Promise<WriteOutcome> {
    const person = personOf(contact);
    const key = `message:${contact.id}:1`;
    const compose = async () =>
      (await ai.writeMessage({ prospect: { id: contact.id, name: contact.name }, messaging })).text;
    const text = await textFor(approved, 'message', key, compose);
    // The queue shows the prospect's score and reason, where the flow scored them.
    const scored = text !== undefined ? await findProspect(account.userId, flowId, contact.id) : undefined;
    let sent: string | undefined;
    const outcome = await writeOnce(deps(driver.actions.message), {
      key,
      kind: 'message',
      personId: contact.id,
      flowId,
      jobId,
      ...(text !== undefined ? { text } : {}),
      compose,
      ...gate(approved, {
        key,
        kind: 'message',
        prospect: { ...scored, ...person },
        ...(text !== undefined ? { text, maxLength: MESSAGE_MAX_LENGTH } : {}),
      }),
      perform: async (written) => {
        if (written === undefined) return { ok: false, refusal: 'no text to send' };
        sent = written;
        return driver.message(page, person, written);
      },
      verify: async (written) => written !== undefined && driver.hasMessage(page, person, written),
    });
    return logged(outcome, key, {
      type: 'MESSAGE_SENT',
      stage: 'following-up',
      prospect: who(contact),
      ...(sent ? { connection: { message: sent } } : {}),
      description: `Follow-up message to ${contact.name}`,
    });
  }

  async function withdraw(
    page: PlatformPage,
    contact: { id: string; name: string; profileUrl?: string },
  ): Promise<WriteOutcome> {
    const person = personOf(contact);
    const key = `withdraw:${contact.id}`;
    const outcome = await writeOnce(deps(driver.actions.withdraw), {
      key,
      kind: 'withdraw',
      personId: contact.id,
      flowId,
      jobId,
      approved: true,
      perform: () => driver.withdraw(page, person),
      verify: async () => (await driver.invitationState(page, person)) === 'none',
    });
    return logged(outcome, key, {
      type: 'CONNECTION_WITHDRAWN',
      stage: 'following-up',
      prospect: who(contact),
      description: `Connection request to ${contact.name} withdrawn`,
    });
  }

  return {
    withdraw,
    invite: (page, prospect, note) => invite(page, prospect, note),
    like: (page, prospect, post) => like(page, prospect, post),
    comment: (page, prospect, post) => comment(page, prospect, post),
    followUp: (page, person) => followUp(page, person),
    async sendApproved(page, entry) {
      const stored = await findProspect(account.userId, flowId, entry.target.person.id);
      const prospect: StoredProspect = stored
        ? { ...stored, ...entry.target.person }
        : { ...entry.target.person, jobId, discoveredAt: entry.createdAt };
      const post = postOfEntry(entry);
      const yes = { approved: true } as const;
      let outcome: WriteOutcome;
      if (entry.kind === 'invite') outcome = await invite(page, prospect, undefined, yes);
      else if (entry.kind === 'message') outcome = await followUp(page, entry.target.person, yes);
      else if (post && entry.kind === 'like') outcome = await like(page, prospect, post, yes);
      else if (post) outcome = await comment(page, prospect, post, yes);
      else throw new Error(`The review entry ${entry.key} has no post to answer`);
      // Settled (sent, refused, not shown, or settled before): the queue no longer holds it.
      if (['done', 'settled', 'refused', 'not-shown'].includes(outcome.kind))
        await removeReviewEntry(account.userId, flowId, entry.key);
      return outcome;
    },
  };
}
