import type { PlatformPage } from '../browser';
import { PlatformStop } from '../driver-types';
import type { FlowPerson, FlowPost } from '../flow-driver-types';
import { graphqlPath, LINKEDIN_API, restliValue } from './endpoints';
import {
  activityUrn,
  elementRefs,
  findInPages,
  graphqlRoot,
  memberUrn,
  newestCommentsPath,
  reactionsPath,
  voyagerWrite,
} from './flow-requests';
import { byUrn, profileIdIn, voyagerGet } from './voyager';

/**
 * A person's recent posts (voyagerFeedDashProfileUpdates: Update, SocialDetail and
 * SocialActivityCounts entities), liking and commenting on one, and the reads that verify them:
 * the post's reactions (is the account among them) and its comments, newest first (is the account's
 * text among them).
 */

export function profileUpdatesPath(personId: string, count: number): string {
  return graphqlPath(
    LINKEDIN_API.queryIds.profileUpdates,
    `(count:${count},start:0,profileUrn:${restliValue(memberUrn(personId))})`,
  );
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** When a post was made: the update's `createdAt`, else the time LinkedIn's activity ids carry (bits 63-22). */
function postedAtOf(update: Record<string, unknown>, postId: string): string {
  const created = update.createdAt;
  if (typeof created === 'number' && Number.isFinite(created)) return new Date(created).toISOString();
  return new Date(Number(BigInt(postId) >> 22n)).toISOString();
}

const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, ' ') === b.trim().replace(/\s+/g, ' ');

/** Whether a comment by `accountId` (with `text`, when given) is on the post's comments. */
export async function commentedBy(
  page: PlatformPage,
  csrf: string,
  postId: string,
  accountId: string,
  text?: string,
): Promise<boolean> {
  const count = LINKEDIN_API.flow.pageSizes.comments;
  return findInPages(async (start) => {
    const body = await voyagerGet(page, newestCommentsPath(postId, start, count), csrf);
    const list = graphqlRoot(body, LINKEDIN_API.graphqlRoots.comments, 'the comments');
    const included = byUrn(body);
    const refs = elementRefs(list);
    const found = refs.some((ref) => {
      const comment = included.get(ref);
      const actor = ((comment?.commenter as Record<string, unknown> | undefined)?.actor ?? {}) as Record<
        string,
        unknown
      >;
      if (profileIdIn(actor['*profileUrn'] ?? actor.profileUrn) !== accountId) return false;
      const said = (comment?.commentary as { text?: unknown } | undefined)?.text;
      return text === undefined || (typeof said === 'string' && sameText(said, text));
    });
    return { items: refs.length, total: (list.paging as { total?: number } | undefined)?.total, found };
  }, count);
}

export async function recentPosts(
  page: PlatformPage,
  csrf: string,
  accountId: string,
  person: FlowPerson,
  limit: number,
): Promise<FlowPost[]> {
  if (!(limit >= 1)) return [];
  const count = Math.min(Math.floor(limit), LINKEDIN_API.flow.pageSizes.profileUpdatesMax);
  const body = await voyagerGet(page, profileUpdatesPath(person.id, count), csrf);
  const list = graphqlRoot(body, LINKEDIN_API.graphqlRoots.profileUpdates, "the member's posts");
  const included = byUrn(body);
  const posts: FlowPost[] = [];
  for (const ref of elementRefs(list).slice(0, count)) {
    const update = included.get(ref);
    const backend = String((update?.metadata as { backendUrn?: unknown } | undefined)?.backendUrn ?? '');
    const id = /urn:li:activity:(\d+)/.exec(backend)?.[1];
    if (!update || !id)
      throw new PlatformStop('changed', 'LinkedIn answered a post without its activity urn');
    const detail = included.get(String(update['*socialDetail']));
    const counts = detail ? included.get(String(detail['*totalSocialActivityCounts'])) : undefined;
    const commentary = (update.commentary as { text?: { text?: unknown } } | undefined)?.text?.text;
    const comments = num(counts?.numComments);
    posts.push({
      id,
      url: new URL(`${LINKEDIN_API.postPage}${activityUrn(id)}/`, page.baseUrl).toString(),
      authorId: person.id,
      text: typeof commentary === 'string' ? commentary : '',
      postedAt: postedAtOf(update, id),
      likes: num(counts?.numLikes),
      comments,
      shares: num(counts?.numShares),
      likedByMe: counts?.liked === true,
      // The counts say nothing of the viewer's comments: read them only where there are comments.
      commentedByMe: comments > 0 && (await commentedBy(page, csrf, id, accountId)),
    });
  }
  return posts;
}

export async function like(page: PlatformPage, csrf: string, post: FlowPost): Promise<void> {
  await voyagerWrite(
    page,
    `${LINKEDIN_API.flow.reactionsCreate}?threadUrn=${encodeURIComponent(activityUrn(post.id))}`,
    csrf,
    { reactionType: 'LIKE' },
  );
}

export async function comment(page: PlatformPage, csrf: string, post: FlowPost, text: string): Promise<void> {
  if (!text.trim()) throw new Error('A comment needs some text');
  await voyagerWrite(
    page,
    `${LINKEDIN_API.flow.commentsCreate}?decorationId=${LINKEDIN_API.flow.commentDecoration}`,
    csrf,
    { commentary: { text: text.trim(), attributesV2: [] }, threadUrn: activityUrn(post.id) },
  );
}

/** Whether the account is among the post's reactions. */
export async function isLiked(
  page: PlatformPage,
  csrf: string,
  accountId: string,
  post: FlowPost,
): Promise<boolean> {
  const count = LINKEDIN_API.flow.pageSizes.reactions;
  return findInPages(async (start) => {
    const body = await voyagerGet(page, reactionsPath(post.id, start, count), csrf);
    const list = graphqlRoot(body, LINKEDIN_API.graphqlRoots.reactions, 'the reactions');
    const included = byUrn(body);
    const refs = elementRefs(list);
    const found = refs.some((ref) => {
      const reaction = included.get(ref);
      return profileIdIn(reaction?.actorUrn ?? reaction?.['*actor']) === accountId;
    });
    return { items: refs.length, total: (list.paging as { total?: number } | undefined)?.total, found };
  }, count);
}
