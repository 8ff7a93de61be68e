import type { ProspectDetail, ProspectPostView, ProspectTimelineEntry } from '../../shared/flow-insights';
import type { ProspectEvent } from './activity-repository';
import type { ProspectPost, StoredProspect } from './prospect-repository';

/**
 * A stored prospect as the API shows it (spec 3, Prospect): its posts in the spec's shape, and its
 * story (timeline, engagements, connection) read from the events its activities left on it, oldest
 * first: one item read, however many activities the flow has.
 */
export function prospectPostsView(posts: unknown): ProspectPostView[] {
  if (!Array.isArray(posts)) return [];
  return (posts as ProspectPost[]).slice(0, 3).map((post) => ({
    id: post.id,
    type: 'post',
    timestamp: post.postedAt,
    content: post.text,
    url: post.url,
    engagement: { liked: post.likedByMe, commented: post.commentedByMe },
    metrics: { likesCount: post.likes, commentsCount: post.comments, sharesCount: post.shares },
  }));
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
): ProspectDetail {
  const events = stored.events ?? [];
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
  return {
    ...summary,
    relevanceFactors: stored.relevanceFactors ?? [],
    connection: {
      ...(sent ? { sentAt: sent.timestamp } : {}),
      ...(sent?.message ? { message: sent.message } : {}),
      ...(acceptedAt ? { acceptedAt } : {}),
      ...(declinedAt ? { declinedAt } : {}),
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
    // What the search showed of their company; the platform's company page is not read (yet).
    companies: stored.company
      ? [
          {
            name: stored.company,
            ...(stored.industry ? { industry: stored.industry } : {}),
            ...(stored.location ? { location: stored.location } : {}),
          },
        ]
      : [],
  };
}
