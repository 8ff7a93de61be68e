import { randomInt } from 'node:crypto';
import type { SandboxAccount } from './accounts';
import type { SimulatedClock } from './clock';
import {
  type InviteVerdict,
  invitationFate,
  judgeInvite,
  judgeWithdraw,
  type LastInvitation,
  MESSAGE_NOT_CONNECTED,
  monthOf,
  OUTREACH_RULES,
  postOfDraft,
  type RecentPostDraft,
  recentPostDrafts,
  replyFate,
  withWrites,
} from './linkedin-outreach';
import {
  loadStateFile,
  type StateFile,
  type StoredComment,
  type StoredInvitation,
  type StoredMessage,
  saveStateFile,
} from './linkedin-state-file';
import type { WorldIndex } from './world-index';
import type { SandboxConnection, SandboxPerson, SandboxPost } from './world-types';

export {
  linkedInStateFile,
  type StoredComment,
  type StoredInvitation,
  type StoredMessage,
} from './linkedin-state-file';

/**
 * What the sandbox LinkedIn's accounts did, on top of the seeded world: likes, comments, invitations
 * and messages, kept in memory and, with a state dir, in `sandbox-platforms/state-linkedin.json`
 * (next to sessions-linkedin.json) with the clock's offset, so they survive a restart. Each site has
 * its own, so sites started separately share nothing.
 *
 * Only what an account did is stored; what follows from it on the simulated clock is worked out when
 * read (linkedin-outreach.ts): an invitation is accepted, declined or still pending (unless the account
 * withdrew it first), a thread has its reply or not yet. Accepted invitations make 1st-degree connections (both ways), so distances,
 * connection lists and profiles are read through `view(me)`.
 */

export type InvitationState = LastInvitation['state'];

export interface InvitationView extends StoredInvitation {
  state: InvitationState;
  /** When it was accepted, declined or withdrawn. */
  settledAt?: number;
}

/** One message of a thread: the account's, or the person's reply. */
export interface ThreadMessage {
  id: string;
  fromId: string;
  text: string;
  at: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** What the invitation rules need of an account's last invitation to a person. */
function lastOf(view: InvitationView): LastInvitation {
  return view.state === 'withdrawn'
    ? { sentAt: view.sentAt, state: 'withdrawn', withdrawnAt: view.settledAt! }
    : { sentAt: view.sentAt, state: view.state };
}

function digits(n: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < n) out += String(randomInt(10));
  return out;
}

export class LinkedInState {
  private data: StateFile;
  private readonly accountIds: Set<string>;
  /** A person's recent posts, drafted once. */
  private readonly drafts = new Map<string, RecentPostDraft[]>();
  /** Recent post id → author id, once every person's posts were drafted (an id not yet seen). */
  private authorOfPost: Map<string, string> | undefined;

  constructor(
    private readonly index: WorldIndex,
    private readonly clock: SimulatedClock,
    accounts: readonly SandboxAccount[],
    private readonly file?: string,
  ) {
    this.accountIds = new Set(accounts.map((a) => a.person.id));
    this.data = this.load() ?? {
      version: 1,
      clockOffsetMs: clock.offsetMs(),
      postAnchor: clock.now(),
      likes: [],
      comments: [],
      invitations: [],
      messages: [],
    };
    clock.restore(this.data.clockOffsetMs);
    clock.onChange(() => {
      this.data.clockOffsetMs = clock.offsetMs();
      this.save();
    });
  }

  now(): number {
    return this.clock.now();
  }

  // -------------------------------------------------------------------------------------------------
  // Posts: the world's and each person's recent ones, with what the accounts did to them.

  private draftsOf(person: SandboxPerson): RecentPostDraft[] {
    let drafts = this.drafts.get(person.id);
    if (!drafts) {
      drafts = recentPostDrafts(this.index.world, person, this.accountIds);
      this.drafts.set(person.id, drafts);
    }
    return drafts;
  }

  private draftById(id: string): RecentPostDraft | undefined {
    if (!this.authorOfPost) {
      // An id first met before its author's posts were read (a post URL opened directly).
      this.authorOfPost = new Map();
      for (const p of this.index.world.people)
        for (const d of this.draftsOf(p)) this.authorOfPost.set(d.id, p.id);
    }
    const authorId = this.authorOfPost.get(id);
    const author = authorId ? this.index.person(authorId) : undefined;
    return author ? this.draftsOf(author).find((d) => d.id === id) : undefined;
  }

  /** A post of the world or a recent one, with the accounts' likes and comments; undefined if unknown. */
  post(id: string): SandboxPost | undefined {
    const world = this.index.post(id);
    if (world) return withWrites(world, this.data);
    const draft = this.draftById(id);
    return draft ? withWrites(postOfDraft(draft, this.data.postAnchor), this.data) : undefined;
  }

  /** A person's 0-5 recent posts, newest first. */
  recentPosts(personId: string): SandboxPost[] {
    const person = this.index.person(personId);
    if (!person) return [];
    return this.draftsOf(person).map((d) => withWrites(postOfDraft(d, this.data.postAnchor), this.data));
  }

  /** How often a post was shared (the world's reposts, or a recent post's count). */
  shares(postId: string): number {
    const world = this.index.post(postId);
    if (world) return world.repostIds.length;
    return this.draftById(postId)?.shares ?? 0;
  }

  /** Likes the post for the account (once); false when the post is unknown. */
  like(accountId: string, postId: string): boolean {
    const post = this.post(postId);
    if (!post) return false;
    if (!post.likerIds.includes(accountId)) {
      this.data.likes.push({ accountId, postId, at: this.now() });
      this.save();
    }
    return true;
  }

  comment(accountId: string, postId: string, text: string): StoredComment | undefined {
    if (!this.post(postId)) return undefined;
    const comment: StoredComment = { id: digits(19), accountId, postId, text, at: this.now() };
    this.data.comments.push(comment);
    this.save();
    return comment;
  }

  // -------------------------------------------------------------------------------------------------
  // Invitations and connections

  private viewOf(inv: StoredInvitation, now: number): InvitationView {
    // Withdrawn while pending (withdraw() refuses anything else), so its fate had not come and never will.
    if (inv.withdrawnAt !== undefined) return { ...inv, state: 'withdrawn', settledAt: inv.withdrawnAt };
    const fate = invitationFate(this.index.world.seed, inv.personId);
    if (fate.kind !== 'pending' && now >= inv.sentAt + fate.afterMs)
      return {
        ...inv,
        state: fate.kind === 'accept' ? 'accepted' : 'declined',
        settledAt: inv.sentAt + fate.afterMs,
      };
    return { ...inv, state: 'pending' };
  }

  /** Every invitation the account sent, as it stands now, newest first. */
  invitations(accountId: string): InvitationView[] {
    const now = this.now();
    return this.data.invitations
      .filter((i) => i.accountId === accountId)
      .map((i) => this.viewOf(i, now))
      .sort((a, b) => b.sentAt - a.sentAt);
  }

  /** The account's invitations still waiting for an answer (LinkedIn's Sent list), newest first: not withdrawn ones. */
  pendingInvitations(accountId: string): InvitationView[] {
    return this.invitations(accountId).filter((i) => i.state === 'pending');
  }

  /** The account's pending invitation to a person, if any. */
  pendingInvitation(accountId: string, personId: string): InvitationView | undefined {
    return this.pendingInvitations(accountId).find((i) => i.personId === personId);
  }

  /** Connections made by accepted invitations, by person, both ways. */
  private acceptedEdges(): Map<string, SandboxConnection[]> {
    const now = this.now();
    const edges = new Map<string, SandboxConnection[]>();
    const add = (a: string, b: string, at: number) => {
      const list = edges.get(a) ?? [];
      if (!list.some((c) => c.personId === b)) list.push({ personId: b, connectedAt: iso(at) });
      edges.set(a, list);
    };
    for (const inv of this.data.invitations) {
      const view = this.viewOf(inv, now);
      if (view.state !== 'accepted') continue;
      add(inv.accountId, inv.personId, view.settledAt!);
      add(inv.personId, inv.accountId, view.settledAt!);
    }
    return edges;
  }

  /** A person's 1st-degree connections: the world's and the accepted invitations', most recent first. */
  connectionsOf(personId: string, edges = this.acceptedEdges()): SandboxConnection[] {
    const world = this.index.world.connections[personId] ?? [];
    const added = (edges.get(personId) ?? []).filter((c) => !world.some((w) => w.personId === c.personId));
    if (added.length === 0) return world;
    return [...added, ...world].sort(
      (a, b) => b.connectedAt.localeCompare(a.connectedAt) || a.personId.localeCompare(b.personId),
    );
  }

  /**
   * LinkedIn distances from an account, accepted invitations included: 0 itself, 1, 2 or 3 (further).
   * The sets are worked out once per call: a page of rows asks many times.
   */
  distancesFrom(accountId: string): (personId: string) => 0 | 1 | 2 | 3 {
    const edges = this.acceptedEdges();
    const first = new Set(this.connectionsOf(accountId, edges).map((c) => c.personId));
    const second = new Set<string>();
    for (const id of first) {
      for (const c of this.index.world.connections[id] ?? []) second.add(c.personId);
      for (const c of edges.get(id) ?? []) second.add(c.personId);
    }
    return (personId) =>
      personId === accountId ? 0 : first.has(personId) ? 1 : second.has(personId) ? 2 : 3;
  }

  distance(accountId: string, personId: string): 0 | 1 | 2 | 3 {
    return this.distancesFrom(accountId)(personId);
  }

  /**
   * The world as an account sees it: distances from the account, posts with the accounts' writes.
   * Made once per request (distances move with the clock).
   */
  view(me: SandboxPerson): WorldIndex {
    const base = this.index;
    const untouched = me.id === base.world.owner.id && this.data.invitations.length === 0;
    const distance = untouched ? base.distance : this.distancesFrom(me.id);
    return { ...base, distance, post: (id) => this.post(id) };
  }

  /** Sends an invitation, or says why LinkedIn refuses it. */
  invite(
    account: SandboxAccount,
    personId: string,
    note: string | undefined,
  ): InviteVerdict & { invitation?: StoredInvitation } {
    const now = this.now();
    const accountId = account.person.id;
    const mine = this.invitations(accountId);
    const last = mine.find((i) => i.personId === personId);
    const trimmed = note?.trim() || undefined;
    const verdict = judgeInvite({
      premium: account.premium,
      note: trimmed,
      connected: this.distance(accountId, personId) === 1,
      ...(last ? { last: lastOf(last) } : {}),
      sentThisWeek: mine.filter((i) => now - i.sentAt < OUTREACH_RULES.weekMs).length,
      notesThisMonth: mine.filter((i) => i.note && monthOf(i.sentAt) === monthOf(now)).length,
      now,
    });
    if (!verdict.ok) return verdict;
    const invitation: StoredInvitation = {
      id: digits(19),
      accountId,
      personId,
      ...(trimmed ? { note: trimmed } : {}),
      sentAt: now,
    };
    this.data.invitations.push(invitation);
    this.save();
    return { ok: true, invitation };
  }

  /**
   * Withdraws one of the account's invitations while it is pending: it leaves the Sent list and the
   * profile, its fate never comes, and the person cannot be invited again for 3 weeks. Undefined
   * when the account sent no invitation of that id.
   */
  withdraw(
    accountId: string,
    invitationId: string,
  ): (InviteVerdict & { invitation?: InvitationView }) | undefined {
    const stored = this.data.invitations.find((i) => i.id === invitationId && i.accountId === accountId);
    if (!stored) return undefined;
    const now = this.now();
    const verdict = judgeWithdraw(this.viewOf(stored, now).state);
    if (!verdict.ok) return verdict;
    stored.withdrawnAt = now;
    this.save();
    return { ok: true, invitation: this.viewOf(stored, now) };
  }

  // -------------------------------------------------------------------------------------------------
  // Messages

  /** The account's thread with a person, oldest first, with the person's reply once it is due. */
  thread(accountId: string, personId: string): ThreadMessage[] {
    const sent = this.data.messages
      .filter((m) => m.accountId === accountId && m.personId === personId)
      .map((m) => ({ id: m.id, fromId: accountId, text: m.text, at: m.at }));
    if (sent.length === 0) return [];
    const first = Math.min(...sent.map((m) => m.at));
    const reply = replyFate(this.index.world.seed, accountId, personId);
    const messages: ThreadMessage[] = [...sent];
    if (reply && this.now() >= first + reply.afterMs)
      messages.push({
        id: `2-${first}-${personId.slice(-8)}`,
        fromId: personId,
        text: reply.text,
        at: first + reply.afterMs,
      });
    return messages.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  }

  /** The people the account has a thread with, most recent activity first. */
  threads(accountId: string): Array<{ personId: string; messages: ThreadMessage[] }> {
    const people = [
      ...new Set(this.data.messages.filter((m) => m.accountId === accountId).map((m) => m.personId)),
    ];
    return people
      .map((personId) => ({ personId, messages: this.thread(accountId, personId) }))
      .sort((a, b) => (b.messages.at(-1)?.at ?? 0) - (a.messages.at(-1)?.at ?? 0));
  }

  /** Sends a message to a 1st-degree connection; refused for anyone else. */
  message(
    accountId: string,
    personId: string,
    text: string,
  ): { ok: true; message: StoredMessage } | { ok: false; status: number; code: string; message: string } {
    if (this.distance(accountId, personId) !== 1)
      return { ok: false, ...MESSAGE_NOT_CONNECTED, message: 'You can only message your connections.' };
    const message: StoredMessage = { id: digits(19), accountId, personId, text, at: this.now() };
    this.data.messages.push(message);
    this.save();
    return { ok: true, message };
  }

  // -------------------------------------------------------------------------------------------------

  private load(): StateFile | undefined {
    return loadStateFile(this.file, () => this.clock.now());
  }

  private save(): void {
    saveStateFile(this.file, this.data);
  }
}
