import type { MessagingSettings } from '../../shared/flows';
import type { ReviewMode } from '../../shared/review';
import { COMMENT_MAX_LENGTH, MESSAGE_MAX_LENGTH } from '../ai/ai-outreach-rules';
import type { ProspectAi } from '../core/ports/ai';
import type { PlatformPage } from '../platforms/browser';
import type { FlowDriver, FlowPerson, FlowPost } from '../platforms/flow-driver-types';
import type { GovernedAction } from '../safety/budgets';
import type { Governor } from '../safety/governor';
import type { ContactStep, LedgerAccount } from './contact-ledger-repository';
import type { ActivityRecord } from './flow-records';
import { who } from './flow-records';
import { findProspect, type StoredProspect } from './prospect-repository';
import { type ReviewEntry, removeReviewEntry } from './review-repository';
import { aiProspectOf } from './run/ai-prospect';
import { postOf, reviewGate } from './run/flow-review';
import { findWrite, type WriteKind, type WriteRecord, type WriteTarget } from './write-ledger-repository';
import {
  giveUpWrite,
  NOT_SHOWN,
  type SettledOutcome,
  UNKNOWN_TARGET,
  type WriteOutcome,
  writeOnce,
} from './write-once';

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
  /**
   * Settles a write of the flow a stopped worker left open (issue 35 point 1): verified on the platform
   * and done, or sent (a taken one; a performing one the platform does not show) and verified once.
   */
  settleOpen(page: PlatformPage, write: WriteRecord): Promise<WriteOutcome>;
}

/** An activity as a write records it, before its key, time and outcome. */
type ActivityBase = Omit<ActivityRecord, 'id' | 'wasSuccessful' | 'timestamp' | 'errorMessage'>;

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
  /** The person reached a step (the contact ledger, the flow's totals): once per step, however often called. */
  reached: (
    person: { id: string; name: string; company?: string; title?: string },
    step: ContactStep,
  ) => Promise<void>;
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
  /**
   * Records what a write came to, before the ledger settles it (write-once's recordOutcome): the flow's
   * activity, at the time it went out and under the write's key (so recording it again adds none), and
   * the person's step once it is done. A write settled earlier records nothing again.
   */
  const recorder =
    (
      key: string,
      person: { id: string; name: string; company?: string; title?: string },
      step: ContactStep,
      base: (sent: string | undefined) => ActivityBase,
    ) =>
    async (outcome: SettledOutcome, sent: { performedAt: string; text?: string }): Promise<void> => {
      await input.activity({
        ...base(sent.text),
        id: key,
        timestamp: sent.performedAt,
        wasSuccessful: outcome.kind === 'done',
        ...(outcome.kind === 'refused'
          ? { errorMessage: `The platform refused it: ${outcome.refusal}` }
          : {}),
        ...(outcome.kind === 'not-shown' ? { errorMessage: NOT_SHOWN } : {}),
      });
      if (outcome.kind === 'done') await input.reached(person, step);
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
    return writeOnce(deps(driver.actions.invite), {
      key,
      kind: 'invite',
      personId: prospect.id,
      flowId,
      jobId,
      target: { person },
      ...(note ? { text: note.text } : {}),
      ...gate(approved, { key, kind: 'invite', prospect, ...(note ?? {}) }),
      perform: (text) => driver.invite(page, person, text),
      // Pending, or already accepted by the time it is read: either way the platform took it.
      verify: async () => (await driver.invitationState(page, person)) !== 'none',
      recordOutcome: recorder(key, prospect, 'invited', (sent) => ({
        type: 'CONNECTION_SENT',
        stage: 'connecting',
        prospect: who(prospect),
        ...(sent ? { connection: { message: sent } } : {}),
        description: sent
          ? `Connection request with a note to ${prospect.name}`
          : `Connection request to ${prospect.name}`,
      })),
    });
  }

  async function like(
    page: PlatformPage,
    prospect: StoredProspect,
    post: FlowPost,
    approved?: Approved,
  ): Promise<WriteOutcome> {
    const key = `like:${post.id}`;
    return writeOnce(deps(driver.actions.like), {
      key,
      kind: 'like',
      personId: prospect.id,
      flowId,
      jobId,
      target: { person: personOf(prospect), post: targetPost(post) },
      ...gate(approved, { key, kind: 'like', prospect, post }),
      perform: async () => {
        await driver.like(page, post);
        return undefined;
      },
      verify: () => driver.isLiked(page, post),
      recordOutcome: recorder(key, prospect, 'engaged', () => ({
        type: 'POST_LIKED',
        stage: 'engaging',
        prospect: who(prospect),
        engagement: { postText: post.text, postUrl: post.url },
        description: `Liked ${prospect.name}'s post`,
      })),
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
    return writeOnce(deps(driver.actions.comment), {
      key,
      kind: 'comment',
      personId: prospect.id,
      flowId,
      jobId,
      target: { person: personOf(prospect), post: targetPost(post) },
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
        await driver.comment(page, post, written);
        return undefined;
      },
      verify: async (written) => written !== undefined && driver.hasComment(page, post, written),
      recordOutcome: recorder(key, prospect, 'engaged', (sent) => ({
        type: 'POST_COMMENTED',
        stage: 'engaging',
        prospect: who(prospect),
        engagement: { postText: post.text, postUrl: post.url, ...(sent ? { comment: sent } : {}) },
        description: `Commented on ${prospect.name}'s post`,
      })),
    });
  }

  async function followUp(
    page: PlatformPage,
    contact: { id: string; name: string; profileUrl?: string },
    approved?: Approved,
  ): Promise<WriteOutcome> {
    const person = personOf(contact);
    const key = `message:${contact.id}:1`;
    // What the flow knows of them (their role, company, posts): the message is written from it, the
    // queue shows their score and reason, the activity their company and title.
    const scored = await findProspect(account.workspaceId, flowId, contact.id);
    const compose = async () =>
      (
        await ai.writeMessage({
          prospect: scored ? aiProspectOf(scored) : { id: contact.id, name: contact.name },
          messaging,
        })
      ).text;
    const text = await textFor(approved, 'message', key, compose);
    return writeOnce(deps(driver.actions.message), {
      key,
      kind: 'message',
      personId: contact.id,
      flowId,
      jobId,
      target: { person },
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
        return driver.message(page, person, written);
      },
      verify: async (written) => written !== undefined && driver.hasMessage(page, person, written),
      recordOutcome: recorder(key, contact, 'messaged', (sent) => ({
        type: 'MESSAGE_SENT',
        stage: 'following-up',
        prospect: who(scored ?? contact),
        ...(sent ? { connection: { message: sent } } : {}),
        description: `Follow-up message to ${contact.name}`,
      })),
    });
  }

  async function withdraw(
    page: PlatformPage,
    contact: { id: string; name: string; profileUrl?: string },
  ): Promise<WriteOutcome> {
    const person = personOf(contact);
    const key = `withdraw:${contact.id}`;
    return writeOnce(deps(driver.actions.withdraw), {
      key,
      kind: 'withdraw',
      personId: contact.id,
      flowId,
      jobId,
      target: { person },
      approved: true,
      perform: () => driver.withdraw(page, person),
      verify: async () => (await driver.invitationState(page, person)) === 'none',
      recordOutcome: recorder(key, contact, 'withdrawn', () => ({
        type: 'CONNECTION_WITHDRAWN',
        stage: 'following-up',
        prospect: who(contact),
        description: `Connection request to ${contact.name} withdrawn`,
      })),
    });
  }

  /**
   * Sends a write recorded earlier (approved in the review queue, or left open by a worker that stopped)
   * through the same write, with what its intent kept: the person, the post, the text.
   */
  async function sendStored(
    page: PlatformPage,
    kind: WriteKind,
    target: WriteTarget,
    since: string,
  ): Promise<WriteOutcome> {
    const stored = await findProspect(account.workspaceId, flowId, target.person.id);
    const prospect: StoredProspect = stored
      ? { ...stored, ...target.person }
      : { ...target.person, jobId, discoveredAt: since };
    const post = target.post ? postOf(target.post) : undefined;
    const yes = { approved: true } as const;
    if (kind === 'invite') return invite(page, prospect, undefined, yes);
    if (kind === 'message') return followUp(page, target.person, yes);
    if (kind === 'withdraw') return withdraw(page, target.person);
    if (!post) throw new Error(`The ${kind} to ${target.person.id} has no post to answer`);
    return kind === 'like' ? like(page, prospect, post, yes) : comment(page, prospect, post, yes);
  }

  return {
    withdraw,
    invite: (page, prospect, note) => invite(page, prospect, note),
    like: (page, prospect, post) => like(page, prospect, post),
    comment: (page, prospect, post) => comment(page, prospect, post),
    followUp: (page, person) => followUp(page, person),
    async sendApproved(page, entry) {
      const outcome = await sendStored(page, entry.kind, entry.target, entry.createdAt);
      // Settled (sent, refused, not shown, or settled before): the queue no longer holds it.
      if (['done', 'settled', 'refused', 'not-shown'].includes(outcome.kind))
        await removeReviewEntry(account.workspaceId, flowId, entry.key);
      return outcome;
    },
    async settleOpen(page, write) {
      // A write recorded before its intent kept a target (issue 35): its person is the prospect's.
      const target = write.target ?? (await targetOfProspect(write.personId));
      if (!target || (!target.post && (write.kind === 'like' || write.kind === 'comment')))
        return giveUpWrite(deps(driver.actions[write.kind]), write.key, UNKNOWN_TARGET);
      return sendStored(page, write.kind, target, write.createdAt);
    },
  };

  async function targetOfProspect(personId: string): Promise<WriteTarget | undefined> {
    const prospect = await findProspect(account.workspaceId, flowId, personId);
    return prospect ? { person: personOf(prospect) } : undefined;
  }
}

/** What a write's intent keeps of the post it answers. */
const targetPost = (post: FlowPost): NonNullable<WriteTarget['post']> => ({
  id: post.id,
  url: post.url,
  text: post.text,
  authorId: post.authorId,
  postedAt: post.postedAt,
});
