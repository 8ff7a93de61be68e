import { randomUUID } from 'node:crypto';
import type { PlatformPage } from '../browser';
import { PlatformStop } from '../driver-types';
import type {
  FlowPendingInvitation,
  FlowPerson,
  FlowReply,
  FlowWrite,
  InviteRefusal,
  MessageRefusal,
  WithdrawRefusal,
} from '../flow-driver-types';
import { LINKEDIN_API, restliValue } from './endpoints';
import {
  elementRefs,
  graphqlRoot,
  INVITE_REFUSALS,
  MESSAGE_REFUSALS,
  memberUrn,
  voyagerWrite,
  WITHDRAW_REFUSALS,
} from './flow-requests';
import { profilePath } from './profile';
import { byUrn, profileIdIn, voyagerGet } from './voyager';

/**
 * Invitations and messages: sending them (verifyQuotaAndCreateV2, createMessage), withdrawing a
 * pending invitation (action=withdraw), and what the platform shows of them afterwards: the profile's
 * relationship (pending or connected), the Sent list with each invitation's sent time, the
 * connections list (recently added first) and the conversation with the person.
 */

export async function invite(
  page: PlatformPage,
  csrf: string,
  person: FlowPerson,
  note?: string,
): Promise<FlowWrite<InviteRefusal>> {
  const text = note?.trim();
  const answer = await voyagerWrite(
    page,
    LINKEDIN_API.flow.invitationsCreate,
    csrf,
    {
      invitee: { inviteeUnion: { memberProfile: memberUrn(person.id) } },
      ...(text ? { customMessage: text } : {}),
    },
    INVITE_REFUSALS,
  );
  return answer.ok ? { ok: true } : answer;
}

type RelationshipUnion = Record<string, Record<string, unknown> | undefined>;
interface ProfileInvitation {
  invitationState?: unknown;
  invitationUrn?: unknown;
}

/** The account's relationship with a person, as their profile shows it (`memberRelationshipUnion`). */
async function relationship(
  page: PlatformPage,
  csrf: string,
  person: FlowPerson,
): Promise<RelationshipUnion> {
  const body = await voyagerGet(page, profilePath(person.id), csrf);
  const profile = (body.included ?? []).find(
    (i) => String(i.$type ?? '').endsWith('.Profile') && profileIdIn(i.entityUrn) === person.id,
  );
  return ((profile?.memberRelationship as Record<string, unknown> | undefined)?.memberRelationshipUnion ??
    {}) as RelationshipUnion;
}

/** The account's pending invitation to the person in that relationship, if there is one. */
function pendingIn(union: RelationshipUnion): ProfileInvitation | undefined {
  const invitation = (union.noConnection?.invitationUnion as { invitation?: ProfileInvitation } | undefined)
    ?.invitation;
  return invitation?.invitationState === 'PENDING' ? invitation : undefined;
}

/** Where the account stands with a person, as their profile shows it. */
export async function invitationState(
  page: PlatformPage,
  csrf: string,
  person: FlowPerson,
): Promise<'none' | 'pending' | 'connected'> {
  const union = await relationship(page, csrf, person);
  if (union.connection) return 'connected';
  return pendingIn(union) ? 'pending' : 'none';
}

/**
 * Withdraws the account's pending invitation to a person. LinkedIn names an invitation by its URN,
 * which the person's profile shows while it is pending: with none there (never sent, answered or
 * withdrawn already) there is nothing to withdraw and no call is made; answered in between, the
 * platform's own refusal says the same.
 */
export async function withdraw(
  page: PlatformPage,
  csrf: string,
  person: FlowPerson,
): Promise<FlowWrite<WithdrawRefusal>> {
  const pending = pendingIn(await relationship(page, csrf, person));
  if (!pending) return { ok: false, refusal: 'not-pending' };
  const urn = pending.invitationUrn;
  if (typeof urn !== 'string' || !urn.startsWith('urn:li:'))
    throw new PlatformStop('changed', 'LinkedIn showed a pending invitation without its URN');
  const flow = LINKEDIN_API.flow;
  const answer = await voyagerWrite(
    page,
    `${flow.invitations}/${encodeURIComponent(urn)}?action=${flow.withdrawAction}`,
    csrf,
    { invitationType: 'CONNECTION' },
    WITHDRAW_REFUSALS,
  );
  return answer.ok ? { ok: true } : answer;
}

export async function message(
  page: PlatformPage,
  csrf: string,
  accountId: string,
  person: FlowPerson,
  text: string,
): Promise<FlowWrite<MessageRefusal>> {
  if (!text.trim()) throw new Error('A message needs some text');
  const answer = await voyagerWrite(
    page,
    LINKEDIN_API.flow.messagesCreate,
    csrf,
    {
      message: {
        body: { attributes: [], text: text.trim() },
        renderContentUnions: [],
        originToken: randomUUID(),
      },
      mailboxUrn: memberUrn(accountId),
      trackingId: randomUUID().replace(/-/g, '').slice(0, 16),
      dedupeByClientGeneratedToken: false,
      hostRecipientUrns: [memberUrn(person.id)],
    },
    MESSAGE_REFUSALS,
  );
  return answer.ok ? { ok: true } : answer;
}

interface ThreadLine {
  from: string | undefined;
  text: string;
  at: number;
}

/** The account's conversation with a person, oldest message first (empty when there is none). */
export async function thread(
  page: PlatformPage,
  csrf: string,
  accountId: string,
  person: FlowPerson,
): Promise<ThreadLine[]> {
  const variables = `(mailboxUrn:${restliValue(memberUrn(accountId))},recipients:List(${restliValue(memberUrn(person.id))}))`;
  const path = `${LINKEDIN_API.flow.messagingGraphql}?queryId=${LINKEDIN_API.flow.conversationsQueryId}&variables=${variables}`;
  const body = await voyagerGet(page, path, csrf);
  const list = graphqlRoot(body, LINKEDIN_API.flow.conversationsRoot, 'the conversations');
  const conversations = (list.elements as Array<Record<string, unknown>> | undefined) ?? [];
  const lines: ThreadLine[] = [];
  for (const conversation of conversations) {
    const participants =
      (conversation.conversationParticipants as Array<{ hostIdentityUrn?: unknown }> | undefined) ?? [];
    if (!participants.some((p) => profileIdIn(p.hostIdentityUrn) === person.id)) continue;
    const messages = ((conversation.messages as { elements?: unknown[] } | undefined)?.elements ??
      []) as Array<Record<string, unknown>>;
    for (const m of messages) {
      const sender = (m.sender ?? {}) as Record<string, unknown>;
      const text = (m.body as { text?: unknown } | undefined)?.text;
      if (typeof text !== 'string') continue;
      lines.push({
        from: profileIdIn(sender.hostIdentityUrn ?? sender.entityUrn),
        text,
        at: typeof m.deliveredAt === 'number' ? m.deliveredAt : 0,
      });
    }
  }
  return lines.sort((a, b) => a.at - b.at);
}

const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, ' ') === b.trim().replace(/\s+/g, ' ');

export async function hasMessage(
  page: PlatformPage,
  csrf: string,
  accountId: string,
  person: FlowPerson,
  text: string,
): Promise<boolean> {
  return (await thread(page, csrf, accountId, person)).some(
    (l) => l.from === accountId && sameText(l.text, text),
  );
}

export async function replies(
  page: PlatformPage,
  csrf: string,
  accountId: string,
  person: FlowPerson,
): Promise<FlowReply[]> {
  return (await thread(page, csrf, accountId, person))
    .filter((l) => l.from === person.id)
    .map((l) => ({ text: l.text, at: new Date(l.at).toISOString() }));
}

/** The account's pending invitations, newest first (the Sent list, to its end), with `sentTime` as sent. */
async function sentList(
  page: PlatformPage,
  csrf: string,
): Promise<Array<{ personId: string; sentTime: unknown }>> {
  const count = LINKEDIN_API.flow.pageSizes.sentInvitations;
  const list: Array<{ personId: string; sentTime: unknown }> = [];
  for (let start = 0; ; ) {
    const path = `${LINKEDIN_API.flow.sentInvitations}?count=${count}&invitationType=CONNECTION&q=invitationType&start=${start}`;
    const body = await voyagerGet(page, path, csrf);
    const refs = ((body.data?.['*elements'] as unknown[] | undefined) ?? []).map(String);
    const included = byUrn(body);
    for (const ref of refs) {
      const invitation = included.get(ref);
      const id =
        profileIdIn(invitation?.['*toMember'] ?? invitation?.toMember) ??
        String(invitation?.toMemberId ?? '');
      if (id && !list.some((i) => i.personId === id))
        list.push({ personId: id, sentTime: invitation?.sentTime });
    }
    const total = (body.data?.paging as { total?: number } | undefined)?.total;
    start += refs.length;
    if (refs.length < count || (total !== undefined && start >= total)) return list;
  }
}

/** The person ids of the account's pending invitations, newest first. */
export async function pendingInvitations(page: PlatformPage, csrf: string): Promise<string[]> {
  return (await sentList(page, csrf)).map((i) => i.personId);
}

/**
 * The account's pending invitations with the time each was sent (`sentTime`, ms), newest first. A
 * row without one means LinkedIn changed: guessing its age could withdraw an invitation too early.
 */
export async function pendingInvitationsSince(
  page: PlatformPage,
  csrf: string,
): Promise<FlowPendingInvitation[]> {
  return (await sentList(page, csrf)).map(({ personId, sentTime }) => {
    if (typeof sentTime !== 'number' || !Number.isFinite(sentTime))
      throw new PlatformStop('changed', 'LinkedIn listed a sent invitation without its sentTime');
    return { personId, sentAt: new Date(sentTime).toISOString() };
  });
}

/** The account's connections, most recently added first; with `since`, only those made since then. */
export async function connections(page: PlatformPage, csrf: string, since?: string): Promise<string[]> {
  const after = since ? Date.parse(since) : undefined;
  if (after !== undefined && Number.isNaN(after)) throw new Error(`Not a time: ${since}`);
  const count = LINKEDIN_API.pageSizes.connections;
  const ids: string[] = [];
  for (let start = 0; ; ) {
    const path = `${LINKEDIN_API.connections}?decorationId=${LINKEDIN_API.decorations.connections}&count=${count}&q=search&sortType=RECENTLY_ADDED&start=${start}`;
    const body = await voyagerGet(page, path, csrf);
    const refs = elementRefs((body.data ?? {}) as Record<string, unknown>);
    const included = byUrn(body);
    for (const ref of refs) {
      const connection = included.get(ref);
      const id = profileIdIn(connection?.connectedMember ?? connection?.['*connectedMemberResolutionResult']);
      if (!connection || !id) continue;
      if (after !== undefined && Number(connection.createdAt) < after) return ids;
      if (!ids.includes(id)) ids.push(id);
    }
    if (refs.length === 0) return ids;
    start += refs.length;
  }
}
