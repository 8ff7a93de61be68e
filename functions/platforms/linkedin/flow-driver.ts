import { type Lead, SKILL_SEPARATOR } from '../../../shared/leads';
import type { BrowserCookie, PlatformPage } from '../browser';
import { PlatformStop } from '../driver-types';
import type { FlowAccount, FlowDriver, FlowProfile } from '../flow-driver-types';
import { LINKEDIN_API } from './endpoints';
import * as outreach from './flow-outreach';
import * as posts from './flow-posts';
import { flowSearch } from './flow-search';
import { readProfile } from './profile';
import { csrfOf, profileIdIn, voyagerGet, wallReason } from './voyager';

/**
 * LinkedIn's flow driver (flow-driver-types.ts) over one session's cookies: the search, recent posts,
 * writes (a withdrawal among them) and their verifying reads of flow-search.ts, flow-posts.ts and
 * flow-outreach.ts. The account (who is signed in, and whether Premium) is read once from
 * /voyager/api/me and kept for the calls that name it (a message's mailbox, finding the account among a post's reactions).
 */

interface MeBody {
  data?: { '*miniProfile'?: string; premiumSubscriber?: unknown };
  included?: Array<{ entityUrn?: string; dashEntityUrn?: string }>;
}

export async function readAccount(page: PlatformPage, csrf: string): Promise<FlowAccount> {
  const body = (await voyagerGet(page, LINKEDIN_API.whoAmIPath, csrf)) as MeBody;
  const urn = body.data?.['*miniProfile'];
  const mini = body.included?.find((i) => i.entityUrn === urn);
  const id = profileIdIn(mini?.dashEntityUrn);
  if (!id) throw new PlatformStop('changed', 'LinkedIn answered /me without the member');
  return { id, premium: body.data?.premiumSubscriber === true };
}

/** A profile as a flow keeps it: the fields it shows, skills as a list. */
function flowProfileOf(lead: Partial<Lead> | undefined): FlowProfile | undefined {
  if (!lead) return undefined;
  const skills = lead.skills
    ?.split(SKILL_SEPARATOR)
    .map((skill) => skill.trim())
    .filter(Boolean);
  return {
    ...(lead.headline ? { headline: lead.headline } : {}),
    ...(lead.title ? { title: lead.title } : {}),
    ...(lead.company ? { company: lead.company } : {}),
    ...(lead.location ? { location: lead.location } : {}),
    ...(skills?.length ? { skills } : {}),
  };
}

export function linkedinFlowDriver(cookies: readonly BrowserCookie[]): FlowDriver {
  const csrf = csrfOf(cookies);
  let account: Promise<FlowAccount> | undefined;
  const me = async (page: PlatformPage): Promise<FlowAccount> => {
    account ??= readAccount(page, csrf).catch((error: unknown) => {
      account = undefined;
      throw error;
    });
    return account;
  };
  return {
    platform: 'linkedin',
    landingPath: LINKEDIN_API.landingPath,
    wallAt: wallReason,
    actions: {
      search: 'searches',
      profile: 'profile-views',
      recentPosts: 'profile-views',
      like: 'likes',
      comment: 'comments',
      invite: 'invitations',
      message: 'messages',
      withdraw: 'withdrawals',
      read: 'list-pages',
    },
    account: me,
    search: (page, targeting, cursor) => flowSearch(page, csrf, targeting, cursor),
    profile: async (page, person) => flowProfileOf(await readProfile(page, csrf, person.profileUrl)),
    recentPosts: async (page, person, limit) =>
      posts.recentPosts(page, csrf, (await me(page)).id, person, limit),
    like: (page, post) => posts.like(page, csrf, post),
    comment: (page, post, text) => posts.comment(page, csrf, post, text),
    invite: (page, person, note) => outreach.invite(page, csrf, person, note),
    message: async (page, person, text) => outreach.message(page, csrf, (await me(page)).id, person, text),
    withdraw: (page, person) => outreach.withdraw(page, csrf, person),
    isLiked: async (page, post) => posts.isLiked(page, csrf, (await me(page)).id, post),
    hasComment: async (page, post, text) => posts.commentedBy(page, csrf, post.id, (await me(page)).id, text),
    invitationState: (page, person) => outreach.invitationState(page, csrf, person),
    hasMessage: async (page, person, text) =>
      outreach.hasMessage(page, csrf, (await me(page)).id, person, text),
    pendingInvitations: (page) => outreach.pendingInvitations(page, csrf),
    pendingInvitationsSince: (page) => outreach.pendingInvitationsSince(page, csrf),
    connections: (page, since) => outreach.connections(page, csrf, since),
    replies: async (page, person) => outreach.replies(page, csrf, (await me(page)).id, person),
  };
}
