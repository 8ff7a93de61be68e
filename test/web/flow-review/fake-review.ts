import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { Flow } from '../../../shared/flow-api';
import type { ReviewDecisionsResult, ReviewItem, ReviewMode, ReviewQueue } from '../../../shared/review';
import type { ReviewDecision } from '../../../shared/review-requests';
import { makeFlow } from '../flows/fake-flows';
import { renderApp } from '../render-app';
import { type FakeApi, makeUser, signInAs } from '../support/fake-api';

/** The review queue's screen as the API feeds it (issue 23 point 1). */
export const REVIEW_FLOW_ID = 'f-review';
export const REVIEW_PATH = `/flows/${REVIEW_FLOW_ID}/review`;
export const REVIEW_API = `/flows/${REVIEW_FLOW_ID}/review`;
export const MODE_API = `/flows/${REVIEW_FLOW_ID}/review-mode`;
export const LONG = { timeout: 5000 };

const DAY = 86_400_000;
let made = 0;

/** A waiting connection request with a note, 3 days (and an hour) before it expires. */
export function makeItem(overrides: Partial<ReviewItem> = {}): ReviewItem {
  made += 1;
  return {
    key: `invite:person-${made}`,
    kind: 'invite',
    text: `Hi, I enjoyed your take on predictive maintenance (${made}).`,
    maxLength: 300,
    createdAt: new Date(Date.now() - DAY).toISOString(),
    expiresAt: new Date(Date.now() + 3 * DAY + 3_600_000).toISOString(),
    prospect: {
      id: `person-${made}`,
      name: `Prospect ${made}`,
      headline: 'Head of Operations at Acme',
      profileUrl: `https://www.linkedin.com/in/person-${made}`,
      aiScore: 82,
      matchQuality: 'hot',
      matchReason: 'Runs a fleet of 40 machines and posts about downtime',
    },
    ...overrides,
  };
}

export function makeQueue(overrides: Partial<ReviewQueue> = {}): ReviewQueue {
  return { reviewMode: 'everything', items: [], approvalStreak: 0, offerAutopilot: false, ...overrides };
}

export interface ServedReview {
  flow: Flow;
  queue: ReviewQueue;
}

/** Decides as the API does: each key still waiting is approved or skipped (and leaves), any other is gone. */
export function answerDecisions(served: ServedReview, streak = served.queue.approvalStreak) {
  return (body: { decisions: ReviewDecision[] }): ReviewDecisionsResult => {
    const results = body.decisions.map(({ key, action }) => {
      const waiting = served.queue.items.some((item) => item.key === key);
      return {
        key,
        outcome: waiting
          ? action === 'approve'
            ? ('approved' as const)
            : ('skipped' as const)
          : ('gone' as const),
      };
    });
    const decided = new Set(results.filter((r) => r.outcome !== 'gone').map((r) => r.key));
    served.queue = { ...served.queue, items: served.queue.items.filter((item) => !decided.has(item.key)) };
    return { results, approvalStreak: streak, offerAutopilot: false };
  };
}

/**
 * `GET /api/flows/{id}` and `GET /api/flows/{id}/review` from `served` (read at each call),
 * `POST /api/flows/{id}/review` decided by answerDecisions and `PUT .../review-mode` stored; each in
 * the API's envelope (`{success, data}`), as functions/flows/*-review*.handler.ts answer.
 */
export function serveReview(api: FakeApi, served: ServedReview) {
  api.on('GET', `/flows/${REVIEW_FLOW_ID}`, () => ({ status: 200, body: { data: { flow: served.flow } } }));
  api.on('GET', REVIEW_API, () => ({ status: 200, body: { success: true, data: served.queue } }));
  api.on('POST', REVIEW_API, (call) => ({
    status: 200,
    body: { success: true, data: answerDecisions(served)(call.body as { decisions: ReviewDecision[] }) },
  }));
  api.on('PUT', MODE_API, (call) => {
    const reviewMode = (call.body as { reviewMode: ReviewMode }).reviewMode;
    served.queue = { ...served.queue, reviewMode };
    return { status: 200, body: { success: true, message: 'Review mode saved', data: { reviewMode } } };
  });
}

export async function openReview(api: FakeApi, queue: ReviewQueue) {
  signInAs(api, makeUser({ plan: 'PLUS' }));
  const served: ServedReview = {
    flow: makeFlow({ id: REVIEW_FLOW_ID, name: 'Q3 founders outreach' }),
    queue,
  };
  serveReview(api, served);
  const user = userEvent.setup();
  const view = renderApp(REVIEW_PATH);
  await screen.findByRole('heading', { name: 'Review queue: Q3 founders outreach', level: 1 }, LONG);
  await waitFor(() => expect(screen.queryByTestId('review-loading')).toBeNull(), LONG);
  return { user, served, ...view };
}

/** The POST bodies the screen sent. */
export const postedDecisions = (api: FakeApi) =>
  api.callsTo('POST', REVIEW_API).map((call) => call.body as { decisions: ReviewDecision[] });

export const rows = () => screen.queryAllByTestId('review-item');
export const rowNamed = (name: string) => screen.getByRole('article', { name });
export const status = () => screen.getByTestId('review-status').textContent;
export const focusRow = (index: number) => act(() => rows()[index]!.focus());

/** Three items of the three shapes: a note, a comment on a post, a like without text. */
export function threeItems(): ReviewItem[] {
  return [
    makeItem({
      key: 'invite:ana',
      prospect: {
        ...makeItem().prospect,
        id: 'ana',
        name: 'Ana Ruiz',
        profileUrl: 'https://www.linkedin.com/in/ana-ruiz',
      },
    }),
    makeItem({
      key: 'comment:post-7',
      kind: 'comment',
      text: 'Great point on sensor drift.',
      maxLength: 1250,
      prospect: { ...makeItem().prospect, id: 'ben', name: 'Ben Okafor', profileUrl: undefined },
      post: { text: 'Sensor drift costs us a week a year.', url: 'https://www.linkedin.com/feed/update/7' },
    }),
    makeItem({
      key: 'like:post-9',
      kind: 'like',
      text: undefined,
      maxLength: undefined,
      prospect: { id: 'cleo', name: 'Cleo Park', aiScore: 55 },
      post: { text: 'Our new plant opens today.', url: 'https://www.linkedin.com/feed/update/9' },
    }),
  ];
}
