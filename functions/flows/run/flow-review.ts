import { REVIEW_KINDS, type ReviewKind, type ReviewMode, waitsForReview } from '../../../shared/review';
import type { FlowPost } from '../../platforms/flow-driver-types';
import type { StoredProspect } from '../prospect-repository';
import type { ReviewEntry } from '../review-repository';
import type { WriteKind, WriteTarget } from '../write-ledger-repository';
import type { WriteRequest } from '../write-once';

/**
 * How a flow's review mode (issue 23 point 1) shapes its writes: whether a write waits for the user,
 * and the review entry the queue shows for one that does. Autopilot's writes are approved when
 * recorded; their text counts as 'autopilot' in the analytics' comparison.
 */
export function reviewGate(
  mode: ReviewMode,
  entry: Pick<ReviewEntry, 'flowId' | 'connectionId'>,
  now: () => Date,
) {
  // A withdrawal tidies up after the flow's own invitation: it never waits for review.
  const reviewable = (kind: WriteKind): kind is ReviewKind =>
    (REVIEW_KINDS as readonly string[]).includes(kind);
  return {
    /** Whether a write of `kind` with (or without) a text waits for review. */
    waits: (kind: WriteKind, hasText: boolean) => reviewable(kind) && waitsForReview(mode, kind, hasText),
    /** The review part of a write request: approved (autopilot's), or waiting with its entry. */
    of(input: {
      key: string;
      kind: WriteKind;
      text?: string;
      maxLength?: number;
      prospect: Pick<StoredProspect, 'id' | 'name'> & Partial<StoredProspect>;
      post?: FlowPost;
    }): Pick<WriteRequest, 'approved' | 'review' | 'origin'> {
      if (!reviewable(input.kind) || !waitsForReview(mode, input.kind, input.text !== undefined))
        return { approved: true, origin: 'autopilot' };
      const { prospect, post } = input;
      const review: ReviewEntry = {
        ...entry,
        key: input.key,
        kind: input.kind,
        state: 'waiting',
        createdAt: now().toISOString(),
        ...(input.text !== undefined ? { text: input.text } : {}),
        ...(input.maxLength !== undefined ? { maxLength: input.maxLength } : {}),
        prospect: {
          id: prospect.id,
          name: prospect.name,
          ...(prospect.headline ? { headline: prospect.headline } : {}),
          ...(prospect.profileUrl ? { profileUrl: prospect.profileUrl } : {}),
          ...(prospect.aiScore !== undefined ? { aiScore: prospect.aiScore } : {}),
          ...(prospect.matchQuality ? { matchQuality: prospect.matchQuality } : {}),
          ...(prospect.matchReason ? { matchReason: prospect.matchReason } : {}),
        },
        ...(post ? { post: { text: post.text, url: post.url } } : {}),
        target: {
          person: { id: prospect.id, name: prospect.name, profileUrl: prospect.profileUrl ?? '' },
          ...(post
            ? {
                post: {
                  id: post.id,
                  url: post.url,
                  text: post.text,
                  authorId: post.authorId,
                  postedAt: post.postedAt,
                },
              }
            : {}),
        },
      };
      return { approved: false, review };
    },
  };
}

/** A post as the driver's writes read it, from what a write's intent (or a review entry) kept of it. */
export function postOf(post: NonNullable<WriteTarget['post']>): FlowPost {
  return { ...post, likes: 0, comments: 0, shares: 0, likedByMe: false, commentedByMe: false };
}
