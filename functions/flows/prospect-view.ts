import type { ProspectDetail, ProspectPostView, ProspectTimelineEntry } from '../../shared/flow-insights';
import { COMPANY_SIZE_OPTIONS } from '../../shared/flow-options';
import type { TargetingSettings } from '../../shared/flows';
import type { ProspectEvent } from './activity-repository';
import type { ProspectPost, StoredProspect } from './prospect-repository';

/**
 * A stored prospect as the API shows it (spec 3, Prospect): its posts in the spec's shape, and its
 * story (timeline, engagements, connection) read from the events its activities left on it, oldest
 * first: one item read, however many activities the flow has.
 */

/**
 * A prospect's recent posts as the API shows them. A post is liked or commented when the platform
 * showed it so when it was read, or when the flow's like or comment on it was done since: the posts
 * are read before the flow engages with them, and its writes are recorded as events (activity-repository.ts).
 */
export function prospectPostsView(posts: unknown, events?: unknown): ProspectPostView[] {
  if (!Array.isArray(posts)) return [];
  const done = Array.isArray(events)
    ? (events as ProspectEvent[]).filter(
        (e) => e.wasSuccessful && (e.type === 'POST_LIKED' || e.type === 'POST_COMMENTED'),
      )
    : [];
  const did = (type: ProspectEvent['type'], post: ProspectPost) =>
    done.some(
      (e) =>
        e.type === type &&
        (e.postId ? e.postId === post.id : e.postUrl !== undefined && e.postUrl === post.url),
    );
  return (posts as ProspectPost[]).slice(0, 3).map((post) => ({
    id: post.id,
    type: 'post',
    timestamp: post.postedAt,
    content: post.text,
    url: post.url,
    engagement: {
      liked: post.likedByMe === true || did('POST_LIKED', post),
      commented: post.commentedByMe === true || did('POST_COMMENTED', post),
    },
    metrics: { likesCount: post.likes, commentsCount: post.comments, sharesCount: post.shares },
  }));
}

/** Between a headline's role and what follows it: 'VP Sales at Acme | Speaker', 'Founder at Acme · Writer'. */
const HEADLINE_SEPARATOR = /\s+[|·•–—-]\s+/;

/**
 * The title and company a headline states in the usual '<title> at <company>' form (what a search
 * row says of a person's position), without what follows a separator ('| Speaker'); nothing when no
 * part of it has that form ('Helping founders grow').
 */
export function roleOfHeadline(headline: string | undefined): { title?: string; company?: string } {
  for (const part of (headline ?? '').split(HEADLINE_SEPARATOR)) {
    const match = /^(.+?)\s+at\s+(.+)$/.exec(part.trim());
    if (match) return { title: match[1]!.trim(), company: match[2]!.trim() };
  }
  return {};
}

/** The one value a facet of the flow's search was narrowed to: every person it found has it. */
const only = (values: readonly string[] | undefined) => (values?.length === 1 ? values[0] : undefined);

/**
 * The prospect's company as far as the flow knows it: its name (as found, or from the headline), its
 * industry (as found) and its size (the one company size the flow's search was narrowed to, when it
 * was). LinkedIn's search rows show no company page. The industries' labels stay out of this route's
 * bundle (industry-repository.ts), so an industry the search was narrowed to is not named here.
 */
export function prospectCompanies(
  stored: Pick<StoredProspect, 'company' | 'headline' | 'industry'>,
  targeting?: Partial<Pick<TargetingSettings, 'companySize'>>,
): ProspectDetail['companies'] {
  const name = stored.company ?? roleOfHeadline(stored.headline).company;
  if (!name) return [];
  const industry = stored.industry;
  const sizeValue = only(targeting?.companySize);
  const size = COMPANY_SIZE_OPTIONS.find((option) => option.value === sizeValue)?.label;
  return [{ name, ...(industry ? { industry } : {}), ...(size ? { size } : {}) }];
}

const TIMELINE_TYPE: Readonly<Record<ProspectEvent['type'], ProspectTimelineEntry['type']>> = {
  CONNECTION_SENT: 'connection_sent',
  CONNECTION_ACCEPTED: 'connection_accepted',
  CONNECTION_DECLINED: 'connection_declined',
  CONNECTION_WITHDRAWN: 'connection_withdrawn',
  POST_LIKED: 'post_liked',
  POST_COMMENTED: 'post_commented',
  MESSAGE_SENT: 'message_sent',
  PROFILE_VIEWED: 'profile_enriched',
};

export function prospectDetailOf(
  stored: StoredProspect,
  summary: Omit<ProspectDetail, 'relevanceFactors' | 'connection' | 'engagements' | 'timeline' | 'companies'>,
  /** The flow's targeting: what its search narrowed every person it found to. */
  targeting?: Partial<Pick<TargetingSettings, 'companySize'>>,
): ProspectDetail {
  const events = stored.events ?? [];
  const role = roleOfHeadline(stored.headline);
  const timeline: ProspectTimelineEntry[] = [
    {
      type: 'profile_discovered',
      timestamp: stored.discoveredAt,
      description: `Found by the flow's search`,
      wasSuccessful: true,
    },
  ];
  if (stored.scoredAt)
    timeline.push({
      type: 'ai_scoring_completed',
      timestamp: stored.scoredAt,
      description: `Scored ${stored.aiScore ?? 0} (${stored.matchQuality ?? 'unscored'})${stored.matchReason ? `: ${stored.matchReason}` : ''}`,
      wasSuccessful: true,
    });
  for (const event of events)
    timeline.push({
      type: TIMELINE_TYPE[event.type],
      timestamp: event.timestamp,
      description: event.description,
      wasSuccessful: event.wasSuccessful,
    });
  if (stored.repliedAt)
    timeline.push({
      type: 'message_received',
      timestamp: stored.repliedAt,
      description: `${stored.name} replied`,
      wasSuccessful: true,
    });
  timeline.sort((a, b) => a.timestamp.localeCompare(b.timestamp));

  const sent = events.find((e) => e.type === 'CONNECTION_SENT' && e.wasSuccessful);
  const acceptedAt = events.find((e) => e.type === 'CONNECTION_ACCEPTED')?.timestamp;
  const declinedAt = events.find((e) => e.type === 'CONNECTION_DECLINED')?.timestamp;
  const withdrawnAt = events.find((e) => e.type === 'CONNECTION_WITHDRAWN' && e.wasSuccessful)?.timestamp;
  const title = summary.title ?? role.title;
  const company = summary.company ?? role.company;
  return {
    ...summary,
    ...(title ? { title } : {}),
    ...(company ? { company } : {}),
    relevanceFactors: stored.relevanceFactors ?? [],
    connection: {
      ...(sent ? { sentAt: sent.timestamp } : {}),
      ...(sent?.message ? { message: sent.message } : {}),
      ...(acceptedAt ? { acceptedAt } : {}),
      ...(declinedAt ? { declinedAt } : {}),
      ...(withdrawnAt ? { withdrawnAt } : {}),
    },
    engagements: events
      .filter((e) => (e.type === 'POST_LIKED' || e.type === 'POST_COMMENTED') && e.wasSuccessful)
      .map((e) => ({
        type: e.type as 'POST_LIKED' | 'POST_COMMENTED',
        timestamp: e.timestamp,
        ...(e.postText ? { postText: e.postText } : {}),
        ...(e.postUrl ? { postUrl: e.postUrl } : {}),
        ...(e.comment ? { comment: e.comment } : {}),
      })),
    timeline,
    companies: prospectCompanies(stored, targeting),
  };
}
