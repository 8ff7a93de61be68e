import type { StoredComment, StoredLike } from './linkedin-state-file';
import { Rng } from './random';
import { sandboxWords } from './words';
import { instagramShortcode, streamSeed } from './world-extras';
import {
  LINKEDIN_REACTION_TYPES,
  type LinkedInReactionType,
  SANDBOX_SIZES,
  type SandboxComment,
  type SandboxPerson,
  type SandboxPost,
  type SandboxWorld,
} from './world-types';

/**
 * The sandbox LinkedIn's outreach rules, pure: what an invitation is refused for, when one can be
 * withdrawn, what becomes of an invitation and of a message thread on the simulated clock, and each
 * person's recent posts. Every draw comes from a stream of its own (seeded with the world seed and the
 * person's id, as world-extras.ts does), so the pinned world stays byte for byte what it was.
 * linkedin-state.ts applies them to what the accounts did; tests pin them
 * (test/unit/scripts/sandbox-platforms/linkedin-flow-rules.test.ts).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const OUTREACH_RULES = {
  /** A note's most characters (code points): LinkedIn's 300 on premium accounts, 200 on free ones. */
  noteMaxLength: { premium: 300, free: 200 },
  /** Free accounts add a note to at most 5 invitations a calendar month (UTC, on the site's clock). */
  freeNotesPerMonth: 5,
  /** Invitations sent in any 7 days (the site's own limit; LinkedIn's is about 100 a week). */
  weeklyInvitations: 100,
  weekMs: 7 * DAY,
  /**
   * The same person cannot be invited again for 3 weeks: after a declined invitation was sent, or
   * after the account withdrew one (LinkedIn's rule for withdrawals). One rule, `resendCountsFrom`.
   */
  resendAfterMs: 21 * DAY,
  /** About 30% of invitations are accepted, about 10% declined, 2 to 48 hours after they were sent. */
  acceptShare: 0.3,
  declineShare: 0.1,
  answerMinMs: 2 * HOUR,
  answerMaxMs: 48 * HOUR,
  /** About 30% of message threads get one reply, 1 to 24 hours after the account's first message. */
  replyShare: 0.3,
  replyMinMs: 1 * HOUR,
  replyMaxMs: 24 * HOUR,
} as const;

/** LinkedIn's error codes of the invitation call, with their HTTP status. */
export const INVITE_ERRORS = {
  alreadyConnected: { status: 400, code: 'ALREADY_CONNECTED' },
  cantResend: { status: 400, code: 'CANT_RESEND_YET' },
  weeklyLimit: { status: 429, code: 'FUSE_LIMIT_EXCEEDED' },
  noteTooLong: { status: 400, code: 'CUSTOM_MESSAGE_TOO_LONG' },
  noteQuota: { status: 429, code: 'CUSTOM_INVITE_LIMIT_REACHED' },
} as const;

/**
 * The withdrawal call's refusal of an invitation that is no longer pending (accepted, declined or
 * withdrawn already). No public source gives LinkedIn's own code: this one is the sandbox's, in the
 * style of the invitation call's, and the driver reads it as 'not-pending'.
 */
export const WITHDRAW_NOT_PENDING = { status: 400, code: 'INVITATION_NOT_PENDING' } as const;

/** The messaging call's refusal to write to someone who is not a 1st-degree connection. */
export const MESSAGE_NOT_CONNECTED = { status: 400, code: 'RECIPIENT_NOT_CONNECTED' } as const;

/** A note's length as the site counts it: characters (code points), not UTF-16 units. */
export const noteLength = (note: string): number => [...note].length;

/** The calendar month (UTC) of a time, `YYYY-MM`: free notes are counted per month. */
export const monthOf = (ms: number): string => new Date(ms).toISOString().slice(0, 7);

/** Where an account's last invitation to a person stands: a withdrawn one knows when it was withdrawn. */
export type LastInvitation =
  | { sentAt: number; state: 'pending' | 'declined' | 'accepted' }
  | { sentAt: number; state: 'withdrawn'; withdrawnAt: number };

/** When the 3 weeks before the person may be invited again start: the withdrawal, else the sending. */
export const resendCountsFrom = (last: LastInvitation): number =>
  last.state === 'withdrawn' ? last.withdrawnAt : last.sentAt;

export interface InviteFacts {
  premium: boolean;
  /** Trimmed; empty or absent means an invitation without a note. */
  note?: string;
  /** Already a 1st-degree connection of the account. */
  connected: boolean;
  /** The account's last invitation to this person and where it stands. */
  last?: LastInvitation;
  /** Invitations the account sent in the 7 days before now. */
  sentThisWeek: number;
  /** Invitations with a note the account sent this calendar month. */
  notesThisMonth: number;
  now: number;
}

export type InviteVerdict = { ok: true } | { ok: false; status: number; code: string; message: string };

/** Whether LinkedIn takes an invitation, and why not: checked in this order. */
export function judgeInvite(f: InviteFacts): InviteVerdict {
  const refuse = (error: { status: number; code: string }, message: string): InviteVerdict => ({
    ok: false,
    ...error,
    message,
  });
  if (f.connected || f.last?.state === 'accepted')
    return refuse(INVITE_ERRORS.alreadyConnected, 'You are already connected to this member.');
  if (
    f.last &&
    (f.last.state === 'pending' || f.now - resendCountsFrom(f.last) < OUTREACH_RULES.resendAfterMs)
  )
    return refuse(INVITE_ERRORS.cantResend, 'An invitation to this member was sent recently.');
  if (f.sentThisWeek >= OUTREACH_RULES.weeklyInvitations)
    return refuse(INVITE_ERRORS.weeklyLimit, 'You’ve reached the weekly invitation limit.');
  const note = f.note?.trim() ?? '';
  if (note) {
    const max = f.premium ? OUTREACH_RULES.noteMaxLength.premium : OUTREACH_RULES.noteMaxLength.free;
    if (noteLength(note) > max)
      return refuse(INVITE_ERRORS.noteTooLong, `A note can be at most ${max} characters.`);
    if (!f.premium && f.notesThisMonth >= OUTREACH_RULES.freeNotesPerMonth)
      return refuse(INVITE_ERRORS.noteQuota, 'You’ve used all your personalized invitations for this month.');
  }
  return { ok: true };
}

/** Whether an invitation can be withdrawn: only while it is pending, as LinkedIn's Sent list offers it. */
export function judgeWithdraw(state: LastInvitation['state']): InviteVerdict {
  if (state === 'pending') return { ok: true };
  return { ok: false, ...WITHDRAW_NOT_PENDING, message: `This invitation is no longer pending (${state}).` };
}

export type InvitationFate =
  | { kind: 'accept'; afterMs: number }
  | { kind: 'decline'; afterMs: number }
  | { kind: 'pending' };

/** What a person does with an invitation, the same every time: accept, decline or leave it pending. */
export function invitationFate(seed: number, personId: string): InvitationFate {
  const r = new Rng(streamSeed(seed, 'linkedin', 'invitation-fate', personId));
  const u = r.float();
  const afterMs = r.int(OUTREACH_RULES.answerMinMs / 60_000, OUTREACH_RULES.answerMaxMs / 60_000) * 60_000;
  if (u < OUTREACH_RULES.acceptShare) return { kind: 'accept', afterMs };
  if (u < OUTREACH_RULES.acceptShare + OUTREACH_RULES.declineShare) return { kind: 'decline', afterMs };
  return { kind: 'pending' };
}

const REPLIES = [
  'Thanks for reaching out! Happy to connect.',
  'Hi, thanks for the message. What did you have in mind?',
  'Appreciate it! Let’s find a time to talk next week.',
  'Thanks, not a priority for us right now, but let’s stay in touch.',
  'Interesting, can you send me more details?',
  'Hey! Good to hear from you. I’ll get back to you shortly.',
];

/** Whether a thread gets its one reply, when (after the account's first message) and what it says. */
export function replyFate(
  seed: number,
  accountId: string,
  personId: string,
): { afterMs: number; text: string } | undefined {
  const r = new Rng(streamSeed(seed, 'linkedin', 'reply-fate', accountId, personId));
  const u = r.float();
  const afterMs = r.int(OUTREACH_RULES.replyMinMs / 60_000, OUTREACH_RULES.replyMaxMs / 60_000) * 60_000;
  const text = r.pick(REPLIES);
  return u < OUTREACH_RULES.replyShare ? { afterMs, text } : undefined;
}

/** One recent post before its times are set: its age and its comments' delays are relative. */
export interface RecentPostDraft {
  id: string;
  authorId: string;
  text: string;
  /** How long before the site's post anchor it was posted. */
  ageMs: number;
  likerIds: string[];
  reactionTypes: LinkedInReactionType[];
  comments: Array<{ id: string; authorId: string; text: string; afterMs: number }>;
  shares: number;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/**
 * A person's 0-5 recent posts, newest first, from the person's own stream. Likers and commenters are
 * pinned people other than the author and `exclude` (the site's accounts, whose likes are their own).
 */
export function recentPostDrafts(
  world: SandboxWorld,
  person: SandboxPerson,
  exclude: ReadonlySet<string>,
): RecentPostDraft[] {
  const r = new Rng(streamSeed(world.seed, world.platform, 'recent-posts', person.id));
  const words = sandboxWords();
  const audience = world.people
    .slice(0, SANDBOX_SIZES.people)
    .map((p) => p.id)
    .filter((id) => id !== person.id && !exclude.has(id));
  const drafts: RecentPostDraft[] = [];
  const count = r.int(0, 5);
  for (let i = 0; i < count; i++) {
    const id = r.digits(19);
    const ageMs = r.int(60, 30 * 24 * 60) * 60_000;
    const text = fill(r.pick(words.postTemplates), {
      topic: r.pick(words.topics),
      company: person.company,
      industry: person.industry,
    });
    const likerIds = r.sample(audience, r.int(0, 60));
    const reactionTypes = likerIds.map(() =>
      r.float() < 0.7 ? LINKEDIN_REACTION_TYPES[0] : r.pick(LINKEDIN_REACTION_TYPES),
    );
    const comments = r.sample(audience, r.int(0, 6)).map((authorId) => ({
      id: r.digits(19),
      authorId,
      text: r.pick(words.comments),
      afterMs: r.int(5, 48 * 60) * 60_000,
    }));
    const shares = r.int(0, 12);
    drafts.push({ id, authorId: person.id, text, ageMs, likerIds, reactionTypes, comments, shares });
  }
  return drafts.sort((a, b) => a.ageMs - b.ageMs);
}

/** A draft's comments with times: after the post, never after the anchor. */
export function draftComments(draft: RecentPostDraft, postedAt: number, anchor: number): SandboxComment[] {
  return draft.comments
    .map((c) => ({
      id: c.id,
      authorId: c.authorId,
      text: c.text,
      createdAt: new Date(Math.min(postedAt + c.afterMs, anchor)).toISOString(),
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** A recent post as the site shows it, its times counted back from the state's anchor. */
export function postOfDraft(d: RecentPostDraft, anchor: number): SandboxPost {
  const postedAt = anchor - d.ageMs;
  return {
    id: d.id,
    authorId: d.authorId,
    text: d.text,
    createdAt: new Date(postedAt).toISOString(),
    likerIds: d.likerIds,
    reactionTypes: d.reactionTypes,
    comments: draftComments(d, postedAt, anchor),
    shortcode: instagramShortcode(d.id),
    repostIds: [],
    quotes: [],
  };
}

/** The post with the accounts' likes first (newest first) and their comments last. */
export function withWrites(
  post: SandboxPost,
  writes: { likes: readonly StoredLike[]; comments: readonly StoredComment[] },
): SandboxPost {
  const likes = writes.likes
    .filter((l) => l.postId === post.id && !post.likerIds.includes(l.accountId))
    .sort((a, b) => b.at - a.at);
  const comments = writes.comments.filter((c) => c.postId === post.id);
  if (likes.length === 0 && comments.length === 0) return post;
  return {
    ...post,
    likerIds: [...likes.map((l) => l.accountId), ...post.likerIds],
    reactionTypes: [...likes.map(() => 'LIKE' as const), ...post.reactionTypes],
    comments: [
      ...post.comments,
      ...comments.map((c) => ({
        id: c.id,
        authorId: c.accountId,
        text: c.text,
        createdAt: new Date(c.at).toISOString(),
      })),
    ],
  };
}
