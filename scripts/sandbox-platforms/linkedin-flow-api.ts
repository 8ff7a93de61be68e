import { json, type Reply, type RequestContext, safeDecode } from './kit';
import {
  bad,
  collection,
  type Entity,
  type GraphqlHandler,
  graphqlAnswer,
  lockupImage,
  postIdOf,
  postSharePath,
  profileHref,
  profileIdOfUrn,
  profileUrn,
} from './linkedin-api';
import { LINKEDIN } from './linkedin-config';
import type { LinkedInState, StoredComment, ThreadMessage } from './linkedin-state';
import {
  RestliSyntaxError,
  type RestliValue,
  rawQueryParam,
  restliInt,
  restliList,
  restliString,
  restliVariables,
} from './restli';
import type { SandboxPerson, SandboxPost } from './world-types';

/**
 * The sandbox LinkedIn's JSON for flows: a member's recent posts, the write calls (react, comment,
 * message) and what reads them back (conversations); the invitation calls are in
 * linkedin-invitation-api.ts. Shapes follow the Voyager calls open-source clients make
 * (platform-notes.md); every write is stored in the site's state (linkedin-state.ts), and a refused
 * one answers LinkedIn's error code.
 */

const T = LINKEDIN.types;

/** The comment text LinkedIn accepts at most. */
export const COMMENT_MAX_LENGTH = 1250;
/** A message's most characters. */
export const MESSAGE_MAX_LENGTH = 8000;

export function notFound(): Reply {
  return json({ status: 404, message: 'Not Found' }, 404);
}

/** A refused write: `{status, code, message}` at the top, and under `data` as some answers nest it. */
export function refused(error: { status: number; code: string; message: string }): Reply {
  const body = { status: error.status, code: error.code, message: error.message };
  return json({ ...body, data: body }, error.status);
}

export function parseBody(ctx: RequestContext): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(ctx.body ?? '') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const activityUrn = (id: string) => `urn:li:activity:${id}`;
const socialDetailUrn = (id: string) =>
  `urn:li:fsd_socialDetail:(${activityUrn(id)},${activityUrn(id)},urn:li:highlightedReply:-)`;
const countsUrn = (id: string) => `urn:li:fsd_socialActivityCounts:${activityUrn(id)}`;
const updateUrn = (id: string) => `urn:li:fsd_update:(${activityUrn(id)},MEMBER_SHARES,EMPTY,DEFAULT,false)`;

/** "45m", "5h", "3d", "2w", "4mo": how LinkedIn dates a post in its header. */
export function postAge(postedAt: number, now: number): string {
  const minutes = Math.max(1, Math.floor((now - postedAt) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d`;
  if (days < 30) return `${Math.floor(days / 7)}w`;
  return `${Math.floor(days / 30)}mo`;
}

/** The counts of a post and whether the viewer reacted: what the feed shows under it. */
export function socialCounts(state: LinkedInState, post: SandboxPost, viewerId: string): Entity {
  const byType = new Map<string, number>();
  for (const type of post.reactionTypes) byType.set(type, (byType.get(type) ?? 0) + 1);
  const i = post.likerIds.indexOf(viewerId);
  return {
    $type: T.socialActivityCounts,
    entityUrn: countsUrn(post.id),
    urn: activityUrn(post.id),
    numLikes: post.likerIds.length,
    numComments: post.comments.length,
    numShares: state.shares(post.id),
    liked: i >= 0,
    ...(i >= 0 ? { reactionByViewer: post.reactionTypes[i] ?? 'LIKE' } : {}),
    reactionTypeCounts: [...byType].map(([reactionType, count]) => ({ reactionType, count })),
  };
}

/**
 * A member's recent posts (their activity): `(count,start,profileUrn)` → Update entities (text in
 * `commentary.text.text`, the post in `metadata.backendUrn`, `createdAt` in ms and the header's age
 * in `actor.subDescription.text`), each with its SocialDetail and SocialActivityCounts. Newest first.
 */
export function profileUpdates(state: LinkedInState): GraphqlHandler {
  return (ctx, vars) => {
    const id = profileIdOfUrn(restliString(vars.profileUrn) ?? '');
    const author = id ? ctx.index.person(id) : undefined;
    if (!author) return notFound();
    const sizes = LINKEDIN.pageSizes;
    const start = restliInt(vars.start, 0);
    const count = Math.max(
      1,
      Math.min(restliInt(vars.count, sizes.profileUpdatesCount), sizes.profileUpdatesCountMax),
    );
    const all = state.recentPosts(author.id);
    const slice = all.slice(start, start + count);
    const now = state.now();
    const included: Entity[] = [];
    for (const post of slice) {
      const postedAt = Date.parse(post.createdAt);
      included.push(
        {
          $type: T.update,
          entityUrn: updateUrn(post.id),
          metadata: { backendUrn: activityUrn(post.id), shareUrn: `urn:li:share:${post.id}` },
          createdAt: postedAt,
          actor: {
            name: { text: author.name },
            description: { text: author.headline },
            subDescription: { text: `${postAge(postedAt, now)} • ` },
            navigationContext: { actionTarget: `${ctx.baseUrl}${profileHref(author)}` },
            image: lockupImage(author),
          },
          commentary: { text: { text: post.text } },
          socialContent: { shareUrl: `${ctx.baseUrl}${postSharePath(post, author)}` },
          '*socialDetail': socialDetailUrn(post.id),
        },
        {
          $type: T.socialDetail,
          entityUrn: socialDetailUrn(post.id),
          threadUrn: activityUrn(post.id),
          '*totalSocialActivityCounts': countsUrn(post.id),
        },
        socialCounts(state, post, ctx.me.id),
      );
    }
    return graphqlAnswer(
      LINKEDIN.graphqlRoots.profileUpdates,
      collection({ start, count, total: all.length }, { '*elements': slice.map((p) => updateUrn(p.id)) }),
      included,
    );
  };
}

/** POST /voyager/api/voyagerSocialDashReactions?threadUrn=urn:li:activity:<id> `{"reactionType":"LIKE"}` */
export function createReaction(ctx: RequestContext, state: LinkedInState): Reply {
  const id = postIdOf(ctx.url.searchParams.get('threadUrn') ?? '');
  const body = parseBody(ctx);
  if (!id || !body) return bad('threadUrn and a JSON body are required');
  if (body.reactionType !== 'LIKE') return bad('The sandbox takes reactionType LIKE');
  if (!state.like(ctx.me.id, id)) return notFound();
  return json(
    {
      value: {
        $type: T.reaction,
        entityUrn: `urn:li:fsd_reaction:(${profileUrn(ctx.me)},${activityUrn(id)},0)`,
        actorUrn: profileUrn(ctx.me),
        reactionType: 'LIKE',
        threadUrn: activityUrn(id),
      },
    },
    201,
  );
}

function commentEntity(ctx: RequestContext, c: StoredComment): Entity {
  const legacyUrn = `urn:li:comment:(activity:${c.postId},${c.id})`;
  return {
    $type: T.comment,
    entityUrn: `urn:li:fsd_comment:(${c.id},${activityUrn(c.postId)})`,
    urn: legacyUrn,
    threadUrn: activityUrn(c.postId),
    commentary: { text: c.text },
    createdAt: c.at,
    permalink: `${ctx.baseUrl}${LINKEDIN.paths.post}${c.postId}/?commentUrn=${encodeURIComponent(legacyUrn)}`,
    commenter: {
      title: { text: ctx.me.name },
      subtitle: ctx.me.headline,
      navigationUrl: `${ctx.baseUrl}${profileHref(ctx.me)}`,
      actor: { '*profileUrn': profileUrn(ctx.me) },
    },
  };
}

/** POST /voyager/api/voyagerSocialDashNormComments `{"commentary":{"text"},"threadUrn"}` */
export function createComment(ctx: RequestContext, state: LinkedInState): Reply {
  const body = parseBody(ctx);
  const text = String(record(body?.commentary).text ?? '').trim();
  const id = postIdOf(String(body?.threadUrn ?? ''));
  if (!id || !text) return bad('commentary.text and threadUrn are required');
  if ([...text].length > COMMENT_MAX_LENGTH)
    return bad(`A comment can be at most ${COMMENT_MAX_LENGTH} characters`);
  const comment = state.comment(ctx.me.id, id, text);
  if (!comment) return notFound();
  return json({ value: commentEntity(ctx, comment) }, 201);
}

function conversationUrn(me: SandboxPerson, personId: string): string {
  return `urn:li:msg_conversation:(${profileUrn(me)},2-${Buffer.from(`${me.id}:${personId}`).toString('base64url')})`;
}

function messageEntity(me: SandboxPerson, personId: string, m: ThreadMessage): Entity {
  return {
    $type: T.message,
    entityUrn: `urn:li:msg_message:(${profileUrn(me)},${m.id})`,
    conversationUrn: conversationUrn(me, personId),
    body: { text: m.text, attributes: [] },
    deliveredAt: m.at,
    sender: {
      hostIdentityUrn: `urn:li:fsd_profile:${m.fromId}`,
      entityUrn: `urn:li:msg_messagingParticipant:urn:li:fsd_profile:${m.fromId}`,
    },
  };
}

/**
 * POST /voyager/api/voyagerMessagingDashMessengerMessages?action=createMessage
 * `{message:{body:{text}},mailboxUrn,hostRecipientUrns:[urn]}`: to a 1st-degree connection only
 * (RECIPIENT_NOT_CONNECTED, 400, otherwise).
 */
export function createMessage(ctx: RequestContext, state: LinkedInState): Reply {
  if (ctx.url.searchParams.get('action') !== LINKEDIN.actions.createMessage)
    return bad(`action must be ${LINKEDIN.actions.createMessage}`);
  const body = parseBody(ctx);
  const text = String(record(record(body?.message).body).text ?? '').trim();
  const recipients = Array.isArray(body?.hostRecipientUrns) ? body.hostRecipientUrns.map(String) : [];
  const mailbox = profileIdOfUrn(String(body?.mailboxUrn ?? ''));
  if (!text || recipients.length !== 1)
    return bad('message.body.text and one hostRecipientUrns are required');
  if (mailbox !== ctx.me.id) return bad('mailboxUrn must be the signed-in member');
  if ([...text].length > MESSAGE_MAX_LENGTH)
    return bad(`A message can be at most ${MESSAGE_MAX_LENGTH} characters`);
  const id = profileIdOfUrn(recipients[0]!);
  const person = id ? ctx.index.person(id) : undefined;
  if (!person) return notFound();
  const result = state.message(ctx.me.id, person.id, text);
  if (!result.ok) return refused(result);
  const m = result.message;
  return json({
    value: messageEntity(ctx.me, person.id, { id: m.id, fromId: ctx.me.id, text: m.text, at: m.at }),
  });
}

/**
 * GET /voyager/api/voyagerMessagingGraphQL/graphql?queryId=messengerConversations.<hash>&variables=
 * (mailboxUrn:urn:li:fsd_profile:<me>,recipients:List(urn:li:fsd_profile:<id>)): the account's
 * conversations (with those people, or all), most recent first, each with its messages oldest first.
 */
export function messagingGraphql(ctx: RequestContext, state: LinkedInState): Reply {
  const queryId = safeDecode(rawQueryParam(ctx.url.search, 'queryId') ?? '');
  if (queryId !== LINKEDIN.messagingQueryIds.conversations)
    return bad(`Unknown queryId ${queryId || '(none)'}`);
  let vars: { [key: string]: RestliValue };
  try {
    vars = restliVariables(ctx.url.search);
  } catch (error) {
    if (error instanceof RestliSyntaxError) return bad(error.message);
    throw error;
  }
  if (profileIdOfUrn(restliString(vars.mailboxUrn) ?? '') !== ctx.me.id)
    return bad('mailboxUrn must be the signed-in member');
  const recipients = new Set(
    restliList(vars.recipients)
      .map((v) => profileIdOfUrn(restliString(v) ?? ''))
      .filter((id): id is string => Boolean(id)),
  );
  const threads = state.threads(ctx.me.id).filter((t) => recipients.size === 0 || recipients.has(t.personId));
  const elements = threads.map((t) => ({
    $type: T.conversation,
    entityUrn: conversationUrn(ctx.me, t.personId),
    conversationParticipants: [ctx.me.id, t.personId].map((id) => ({
      hostIdentityUrn: `urn:li:fsd_profile:${id}`,
    })),
    lastActivityAt: t.messages.at(-1)?.at ?? 0,
    messages: { elements: t.messages.map((m) => messageEntity(ctx.me, t.personId, m)) },
  }));
  return graphqlAnswer(
    LINKEDIN.messagingRoots.conversations,
    collection({ start: 0, count: elements.length, total: elements.length }, { elements }),
    [],
  );
}
