import type { Flow } from '../../../shared/flow-api';
import {
  type FlowActivity,
  INSIGHT_MESSAGES,
  type ProspectDetail,
  type ProspectSummary,
} from '../../../shared/flow-insights-values';
import { makeFlow } from '../flows/fake-flows';
import type { FakeApi } from '../support/fake-api';

/**
 * The flow's activity feed, prospects and one prospect as `GET /api/flows/{id}/activities`,
 * `/prospects` and `/prospects/{prospectId}` answer them (issue 21; spec 3 and 7): pages of `limit`,
 * each later page asked with the cursor the page before it gave (`cursor-<page>`), or refused.
 */

export const FLOW_ID = 'f1';

export function serveFlow(api: FakeApi, overrides: Partial<Flow> = {}): Flow {
  const flow = makeFlow({ id: FLOW_ID, name: 'Q3 founders outreach', ...overrides });
  api.on('GET', `/flows/${flow.id}`, { status: 200, body: { success: true, data: { flow } } });
  return flow;
}

let made = 0;

export function makeActivity(overrides: Partial<FlowActivity> = {}): FlowActivity {
  made += 1;
  return {
    id: `act-${made}`,
    type: 'CONNECTION_SENT',
    wasSuccessful: true,
    timestamp: '2025-03-14T10:00:00.000Z',
    stage: 'connect',
    prospect: { id: `p-${made}`, name: `Person ${made}`, company: 'Acme', title: 'CTO' },
    description: `Invitation sent to Person ${made}`,
    ...overrides,
  };
}

export function makeActivities(count: number): FlowActivity[] {
  return Array.from({ length: count }, (_, index) =>
    makeActivity({
      id: `act-list-${index + 1}`,
      prospect: { id: `pl-${index}`, name: `Listed ${index + 1}` },
    }),
  );
}

export function makeProspect(overrides: Partial<ProspectSummary> = {}): ProspectSummary {
  made += 1;
  return {
    id: `prospect-${made}`,
    name: `Grace Hopper ${made}`,
    title: 'VP Engineering',
    company: 'Navy Labs',
    location: 'Arlington, VA',
    industry: 'Software Development',
    headline: 'Compilers and people',
    profileUrl: `https://www.linkedin.com/in/grace-${made}`,
    status: 'CONTACTED',
    aiScore: 82,
    matchQuality: 'warm',
    matchReason: 'Leads an engineering team in the target industry',
    discoveredAt: '2025-03-10T09:00:00.000Z',
    recentPosts: [],
    ...overrides,
  };
}

export function makeProspects(count: number): ProspectSummary[] {
  return Array.from({ length: count }, (_, index) =>
    makeProspect({ id: `pr-list-${index + 1}`, name: `Prospect ${index + 1}` }),
  );
}

export function makePost(index: number): ProspectSummary['recentPosts'][number] {
  return {
    id: `post-${index}`,
    type: 'post',
    timestamp: '2025-03-12T08:00:00.000Z',
    content: `Post number ${index} about compilers`,
    url: `https://www.linkedin.com/feed/update/urn:li:activity:${index}`,
    engagement: { liked: index === 1, commented: index === 2 },
    metrics: { likesCount: 10 + index, commentsCount: index, sharesCount: 1 },
  };
}

export function makeProspectDetail(overrides: Partial<ProspectDetail> = {}): ProspectDetail {
  return {
    ...makeProspect({
      id: 'grace',
      name: 'Grace Hopper',
      aiScore: 92,
      matchQuality: 'hot',
      profileUrl: 'https://www.linkedin.com/in/grace-hopper',
    }),
    profileImage: undefined,
    relevanceFactors: [
      { factor: 'Job title', weight: 0.8, detail: 'VP Engineering matches "engineering leaders"' },
      { factor: 'Industry', weight: 0.35, detail: 'Works in the target industry' },
    ],
    connection: {
      sentAt: '2025-03-11T10:00:00.000Z',
      message: 'Hi Grace, loved your talk on compilers.',
      acceptedAt: '2025-03-12T10:00:00.000Z',
    },
    engagements: [
      {
        type: 'POST_COMMENTED',
        timestamp: '2025-03-11T09:00:00.000Z',
        postText: 'Why COBOL still matters',
        postUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:7',
        comment: 'Great point about readability.',
      },
    ],
    timeline: [
      {
        type: 'profile_discovered',
        timestamp: '2025-03-10T09:00:00.000Z',
        description: 'Found in a people search',
        wasSuccessful: true,
      },
      {
        type: 'ai_scoring_completed',
        timestamp: '2025-03-10T09:05:00.000Z',
        description: 'Scored 92',
        wasSuccessful: true,
      },
      {
        type: 'connection_sent',
        timestamp: '2025-03-11T10:00:00.000Z',
        description: 'Invitation sent with a note',
        wasSuccessful: true,
      },
    ],
    companies: [
      {
        name: 'Navy Labs',
        industry: 'Research',
        website: 'https://navylabs.example',
        size: '201-500',
        location: 'Arlington, VA',
        growthStage: 'Established',
        isHiring: true,
      },
    ],
    recentPosts: [makePost(1), makePost(2)],
    ...overrides,
  };
}

type Matcher<T> = (item: T, query: URLSearchParams) => boolean;

/** One list route, paged with cursors; `status` is the list answer's status ('success' unless told). */
function servePaged<T>(
  api: FakeApi,
  path: string,
  key: 'activities' | 'prospects',
  items: T[],
  matches: Matcher<T>,
  { status = 'success' }: { status?: string } = {},
) {
  api.on('GET', path, (call) => {
    const query = new URL(call.path, 'http://x').searchParams;
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 20);
    if (page > 1 && query.get('cursor') !== `cursor-${page}`) {
      return { status: 400, body: { code: 'VALIDATION_ERROR', message: INSIGHT_MESSAGES.cursor } };
    }
    const matching = items.filter((item) => matches(item, query));
    const hasNext = page * limit < matching.length;
    return {
      status: 200,
      body: {
        status,
        data: {
          [key]: matching.slice((page - 1) * limit, page * limit),
          pagination: {
            currentPage: page,
            totalPages: Math.max(1, Math.ceil(matching.length / limit)),
            totalItems: matching.length,
            hasNext,
          },
          ...(hasNext ? { nextCursor: `cursor-${page + 1}` } : {}),
        },
      },
    };
  });
}

const includes = (text: string | undefined, search: string | null) =>
  !search || (text ?? '').toLowerCase().includes(search.toLowerCase());

export function serveActivities(
  api: FakeApi,
  activities: FlowActivity[],
  options?: { status?: string },
  flowId = FLOW_ID,
) {
  servePaged(
    api,
    `/flows/${flowId}/activities`,
    'activities',
    activities,
    (activity, query) => {
      const types = query.getAll('type');
      const status = query.get('status');
      return (
        (types.length === 0 || types.includes(activity.type)) &&
        (!status || (status === 'SUCCESS') === activity.wasSuccessful) &&
        includes(activity.prospect.name, query.get('search'))
      );
    },
    options,
  );
}

export function serveProspects(
  api: FakeApi,
  prospects: ProspectSummary[],
  options?: { status?: string },
  flowId = FLOW_ID,
) {
  servePaged(
    api,
    `/flows/${flowId}/prospects`,
    'prospects',
    prospects,
    (prospect, query) => {
      const status = query.get('status');
      return (!status || prospect.status === status) && includes(prospect.name, query.get('search'));
    },
    options,
  );
}

export function serveProspect(api: FakeApi, prospect: ProspectDetail, flowId = FLOW_ID) {
  api.on('GET', `/flows/${flowId}/prospects/${prospect.id}`, {
    status: 200,
    body: { success: true, data: { prospect } },
  });
}

/** The query of each call the app made to `path` (any query), in order. */
export function queriesTo(api: FakeApi, path: string): URLSearchParams[] {
  return api.calls
    .filter((call) => call.method === 'GET' && call.path.split('?')[0] === path)
    .map((call) => new URL(call.path, 'http://x').searchParams);
}

export const SERVER_ERROR = { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Boom' } };
export const FLOW_NOT_FOUND = { status: 404, body: { code: 'NOT_FOUND', message: 'Flow not found' } };
