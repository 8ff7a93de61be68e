import type { PlatformPage } from '../browser';
import { PlatformStop } from '../driver-types';
import type { InviteRefusal, MessageRefusal, WithdrawRefusal } from '../flow-driver-types';
import { throwIfFailed } from '../platform-request';
import { classifyLinkedInWrite, graphqlPath, LINKEDIN_API, linkedinRefusal, restliValue } from './endpoints';
import { LinkedInServerError, type Normalized } from './voyager';

/**
 * The flow driver's requests beyond voyager.ts's GET: the write calls (a POST with a JSON body from
 * inside the page, with the same headers and CSRF token), read by the write classifier
 * (endpoints.ts: a 201 or 204 is a success) through the shared wrapper's throwIfFailed, and the
 * refusals LinkedIn answers with an error code, which are answers, not failures.
 */

/** The refusal codes, checked against the contract's words when this compiles. */
export const INVITE_REFUSALS: Readonly<Record<string, InviteRefusal>> = LINKEDIN_API.flow.inviteRefusals;
export const MESSAGE_REFUSALS: Readonly<Record<string, MessageRefusal>> = LINKEDIN_API.flow.messageRefusals;
export const WITHDRAW_REFUSALS: Readonly<Record<string, WithdrawRefusal>> =
  LINKEDIN_API.flow.withdrawRefusals;

const WRITES = {
  classify: classifyLinkedInWrite,
  serverError: (status: number) => new LinkedInServerError(status),
};

export type WriteAnswer<R extends string> = { ok: true; json: unknown } | { ok: false; refusal: R };

/**
 * POST `body` as JSON to `path` from the page. A refusal among `refusals` is answered; any other
 * failure (a wall, 401, 403, a 429 without a refusal code, a 5xx) is thrown as the reads throw it.
 */
export async function voyagerWrite<R extends string = never>(
  page: PlatformPage,
  path: string,
  csrf: string,
  body: unknown,
  refusals: Readonly<Record<string, R>> = {},
): Promise<WriteAnswer<R>> {
  const res = await page.request(path, {
    method: 'POST',
    headers: {
      ...LINKEDIN_API.headers,
      'content-type': 'application/json; charset=UTF-8',
      [LINKEDIN_API.csrfHeader]: csrf,
    },
    body: JSON.stringify(body),
  });
  const refusal = linkedinRefusal(res, refusals);
  if (refusal) return { ok: false, refusal };
  throwIfFailed(WRITES, res);
  return { ok: true, json: res.json };
}

export const activityUrn = (postId: string) => `urn:li:activity:${postId}`;
export const memberUrn = (personId: string) => `urn:li:fsd_profile:${personId}`;

/** A GraphQL answer's collection (`data.data.<root>`); a missing one means LinkedIn changed. */
export function graphqlRoot(body: Normalized, root: string, what: string): Record<string, unknown> {
  const inner = (body.data?.data as Record<string, unknown> | undefined)?.[root];
  if (!inner || typeof inner !== 'object')
    throw new PlatformStop('changed', `LinkedIn answered ${what} without ${root}`);
  return inner as Record<string, unknown>;
}

/** The `*elements` references of a collection, as strings. */
export const elementRefs = (collection: Record<string, unknown>): string[] =>
  ((collection['*elements'] as unknown[] | undefined) ?? []).map(String);

/** The reactions to a post, `count` from `start` (voyagerSocialDashReactions). */
export function reactionsPath(postId: string, start: number, count: number): string {
  return graphqlPath(
    LINKEDIN_API.queryIds.reactions,
    `(count:${count},start:${start},threadUrn:${restliValue(activityUrn(postId))})`,
  );
}

/** A post's comments, newest first (voyagerSocialDashComments). */
export function newestCommentsPath(postId: string, start: number, count: number): string {
  const urn = activityUrn(postId);
  const socialDetail = `urn:li:fsd_socialDetail:(${urn},${urn},urn:li:highlightedReply:-)`;
  return graphqlPath(
    LINKEDIN_API.queryIds.comments,
    `(count:${count},numReplies:0,socialDetailUrn:${restliValue(socialDetail)},sortOrder:REVERSE_CHRONOLOGICAL,start:${start})`,
  );
}

/** Pages a social list (reactions, comments) until `found` says yes or the list ends; at most `maxPages`. */
export async function findInPages(
  read: (start: number) => Promise<{ items: number; total?: number; found: boolean }>,
  count: number,
  maxPages = 50,
): Promise<boolean> {
  let start = 0;
  for (let i = 0; i < maxPages; i++) {
    const page = await read(start);
    if (page.found) return true;
    start += page.items;
    if (page.items === 0 || page.items < count || (page.total !== undefined && start >= page.total))
      return false;
  }
  return false;
}
