import { createHash } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import {
  ACTIVITY_TYPES,
  type ActivitiesQuery,
  type ActivityType,
  type FlowActivity,
  INSIGHT_MESSAGES,
  type Pagination,
  type ProspectSummary,
  type ProspectsQuery,
} from '../../shared/flow-insights';
import { dynamo, tableName } from '../core/clients/dynamo';
import { ValidationError } from '../core/errors';
import { openCursor, sealCursor } from '../core/page-cursor';
import { keys } from '../core/table';
import { activityCount, flowTotalCounts, statusCount } from './flow-count-repository';
import { prospectPostsView } from './prospect-view';

/**
 * The flow's activity feed and prospects, a page at a time (issue 21 point 1): each page is one query
 * (read on until the page is full when filters leave items out) that starts where the page before it
 * ended, named by the cursor that page answered: page 50 costs what page 1 costs. A cursor is sealed
 * (core/page-cursor.ts) for its list, workspace, flow and filters, and holds the page it opens and the
 * sort key that page starts after: it cannot be replayed for another list, page or filter, nor changed.
 */
const filterKey = (filters: unknown): string =>
  createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);

const cursorScope = (list: 'activities' | 'prospects', userId: string, flowId: string, filters: string) =>
  `flow-${list}|${userId}|${flowId}|${filters}`;

const nextCursor = (scope: string, page: number, next: string | undefined) =>
  next ? sealCursor(scope, { p: page + 1, s: next }) : undefined;

/** The sort key page `page` starts after; undefined for page 1. A page past 1 needs its cursor. */
async function startOf(
  page: number,
  cursor: string | undefined,
  scope: string,
  prefix: string,
): Promise<string | undefined> {
  if (page === 1 && !cursor) return undefined;
  if (!cursor)
    throw new ValidationError(INSIGHT_MESSAGES.cursor, [
      { path: 'cursor', message: INSIGHT_MESSAGES.cursor },
    ]);
  const schema = z.strictObject({
    p: z.literal(page),
    s: z.string().check(z.startsWith(prefix), z.maxLength(600)),
  });
  return (await openCursor(scope, cursor, schema)).s;
}

interface PageOf<T> {
  items: T[];
  /** The sort key of the last item, when more match after it. */
  next?: string;
}

/**
 * One page of a partition's items under `prefix`: `limit` of those `filter` keeps, after `after`,
 * plus a look at one more to know whether a next page exists.
 */
async function queryPage(input: {
  pk: string;
  prefix: string;
  after: string | undefined;
  limit: number;
  descending: boolean;
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
}): Promise<PageOf<Record<string, unknown>>> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined = input.after
    ? { pk: input.pk, sk: input.after }
    : undefined;
  for (;;) {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ...(input.filter ? { FilterExpression: input.filter.expression } : {}),
        ...(input.filter && Object.keys(input.filter.names).length > 0
          ? { ExpressionAttributeNames: input.filter.names }
          : {}),
        ExpressionAttributeValues: { ':pk': input.pk, ':prefix': input.prefix, ...input.filter?.values },
        ScanIndexForward: !input.descending,
        ExclusiveStartKey: start,
        // Without a filter, the page and one more; with one, larger reads until the page is full.
        Limit: input.filter ? Math.max(100, input.limit * 5) : input.limit + 1,
      }),
    );
    for (const item of out.Items ?? []) {
      if (items.length === input.limit) return { items, next: String(items.at(-1)?.sk) };
      items.push(item);
    }
    start = out.LastEvaluatedKey;
    if (!start) return { items };
  }
}

/** How many items the filter keeps in the whole list (a search's count: read, not stored). */
async function countMatching(
  pk: string,
  prefix: string,
  filter: NonNullable<Parameters<typeof queryPage>[0]['filter']>,
) {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: filter.expression,
        ...(Object.keys(filter.names).length > 0 ? { ExpressionAttributeNames: filter.names } : {}),
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix, ...filter.values },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

function paginationOf(page: number, limit: number, totalItems: number, hasNext: boolean): Pagination {
  return { currentPage: page, totalPages: Math.max(1, Math.ceil(totalItems / limit)), totalItems, hasNext };
}

/** An item without its keys and the attributes kept only to query it. */
const strip = ({ pk: _pk, sk: _sk, searchText: _s, statusRank: _r, ...rest }: Record<string, unknown>) =>
  rest;
/** A prospect's item also says what kind of item it is (`type: 'prospect'`), which the API leaves out. */
const stripProspect = ({ type: _t, ...rest }: Record<string, unknown>) => strip(rest);

export async function listActivities(
  userId: string,
  flowId: string,
  query: ActivitiesQuery,
): Promise<{ activities: FlowActivity[]; pagination: Pagination; nextCursor?: string }> {
  const types = [...new Set(query.type ?? [])];
  const unknown = types.find((t) => !(ACTIVITY_TYPES as readonly string[]).includes(t));
  if (unknown !== undefined)
    throw new ValidationError(INSIGHT_MESSAGES.type, [{ path: 'type', message: INSIGHT_MESSAGES.type }]);
  const search = query.search?.toLowerCase() ?? '';
  const filters = filterKey({
    types: [...types].sort(),
    status: query.status ?? '',
    search,
    limit: query.limit,
  });
  const pk = keys.flowActivitiesPartition(userId, flowId);
  const prefix = keys.flowActivityPrefix;
  const scope = cursorScope('activities', userId, flowId, filters);
  const after = await startOf(query.page, query.cursor, scope, prefix);

  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (types.length > 0) {
    names['#type'] = 'type';
    parts.push(`#type IN (${types.map((_, i) => `:t${i}`).join(', ')})`);
    types.forEach((t, i) => {
      values[`:t${i}`] = t;
    });
  }
  if (query.status) {
    parts.push('wasSuccessful = :ok');
    values[':ok'] = query.status === 'SUCCESS';
  }
  if (search) {
    parts.push('contains(searchText, :q)');
    values[':q'] = search;
  }
  const filter = parts.length > 0 ? { expression: parts.join(' AND '), names, values } : undefined;

  const [page, totalItems] = await Promise.all([
    queryPage({ pk, prefix, after, limit: query.limit, descending: true, ...(filter ? { filter } : {}) }),
    search
      ? countMatching(pk, prefix, filter!)
      : flowTotalCounts(userId, flowId).then((counts) => {
          const wanted = types.length > 0 ? (types as ActivityType[]) : [...ACTIVITY_TYPES];
          const outcomes = query.status ? [query.status === 'SUCCESS'] : [true, false];
          return wanted.reduce(
            (total, type) =>
              total + outcomes.reduce((n, ok) => n + (counts[activityCount(type, ok)] ?? 0), 0),
            0,
          );
        }),
  ]);
  return {
    activities: page.items.map((item) => strip(item) as unknown as FlowActivity),
    pagination: paginationOf(query.page, query.limit, totalItems, page.next !== undefined),
    ...(page.next ? { nextCursor: await nextCursor(scope, query.page, page.next) } : {}),
  };
}

export async function listProspects(
  userId: string,
  flowId: string,
  query: ProspectsQuery,
): Promise<{ prospects: ProspectSummary[]; pagination: Pagination; nextCursor?: string }> {
  const search = query.search?.toLowerCase() ?? '';
  const filters = filterKey({ status: query.status ?? '', search, limit: query.limit });
  const pk = keys.prospectsPartition(userId, flowId);
  const prefix = keys.prospectSortPrefix;
  const scope = cursorScope('prospects', userId, flowId, filters);
  const after = await startOf(query.page, query.cursor, scope, prefix);
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (query.status) {
    names['#status'] = 'status';
    parts.push('#status = :status');
    values[':status'] = query.status;
  }
  if (search) {
    parts.push('contains(searchText, :q)');
    values[':q'] = search;
  }
  const filter = parts.length > 0 ? { expression: parts.join(' AND '), names, values } : undefined;
  const [page, totalItems] = await Promise.all([
    queryPage({ pk, prefix, after, limit: query.limit, descending: false, ...(filter ? { filter } : {}) }),
    // A status alone is counted by the flow counts; a search counts its matches.
    search
      ? countMatching(pk, prefix, filter!)
      : flowTotalCounts(userId, flowId).then((counts) =>
          query.status ? (counts[statusCount(query.status)] ?? 0) : (counts.prospectsFound ?? 0),
        ),
  ]);
  return {
    prospects: page.items.map((item) => prospectSummaryOf(stripProspect(item))),
    pagination: paginationOf(query.page, query.limit, totalItems, page.next !== undefined),
    ...(page.next ? { nextCursor: await nextCursor(scope, query.page, page.next) } : {}),
  };
}

/** A stored prospect as the list shows it. */
export function prospectSummaryOf(item: Record<string, unknown>): ProspectSummary {
  const {
    events,
    recentPosts,
    jobId: _job,
    scoredAt: _scored,
    viewedAt: _viewed,
    repliedAt: _replied,
    relevanceFactors: _f,
    distance: _d,
    ...rest
  } = item;
  return {
    ...(rest as unknown as Omit<ProspectSummary, 'status' | 'recentPosts'>),
    status: (rest.status as ProspectSummary['status'] | undefined) ?? 'FOUND',
    // The flow's done likes and comments show on the posts they answered.
    recentPosts: prospectPostsView(recentPosts, events),
  };
}
