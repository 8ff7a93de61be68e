import * as z from 'zod/mini';
import { wholeNumber } from './automations';
import {
  ACTIVITY_STATUSES,
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  INSIGHT_MESSAGES,
  INSIGHT_PAGE_MAX,
  INSIGHT_PAGE_SIZE,
  INSIGHT_SEARCH_MAX,
  PROSPECT_STATUSES,
} from './flow-insights-values';
import { cursorParam } from './paging';
import { idToken, visibleText } from './text';

/** A `type` value: activity types, comma-separated when repeated (checked against the list by the service). */
const ACTIVITY_TYPE_LIST = /^[A-Z_,]*$/;

/** The flow insight routes' queries (issue 21), checked on the server; the screens use flow-insights-values.ts. */
export * from './flow-insights-values';

const listQuery = {
  page: z._default(wholeNumber('page', 100_000), 1),
  limit: z._default(wholeNumber('limit', INSIGHT_PAGE_MAX), INSIGHT_PAGE_SIZE),
  search: z.optional(
    z
      .string()
      .check(visibleText('search'), z.trim(), z.maxLength(INSIGHT_SEARCH_MAX, INSIGHT_MESSAGES.search)),
  ),
  /** The list's own cursor for `page` (a Load More passes the one the previous page answered). */
  cursor: cursorParam,
};

/** `GET /api/flows/{id}/analytics?period=7d` */
export const analyticsQuery = z.object({
  period: z._default(z.enum(ANALYTICS_PERIODS, INSIGHT_MESSAGES.period), DEFAULT_ANALYTICS_PERIOD),
});

/** `GET /api/flows/{id}/activities?page&limit&type&type&status&search&cursor` (type repeats). */
export const activitiesQuery = z.object({
  ...listQuery,
  // A repeated `type` reaches a Lambda joined with commas (API Gateway's payload 2.0).
  type: z.optional(
    z.pipe(
      z.union([
        z
          .string()
          .check(z.maxLength(400, INSIGHT_MESSAGES.type), z.regex(ACTIVITY_TYPE_LIST, INSIGHT_MESSAGES.type)),
        z.array(z.string().check(z.regex(ACTIVITY_TYPE_LIST, INSIGHT_MESSAGES.type))),
      ]),
      z.transform((value) => (Array.isArray(value) ? value : value.split(',')).filter((t) => t !== '')),
    ),
  ),
  status: z.optional(z.enum(ACTIVITY_STATUSES, INSIGHT_MESSAGES.activityStatus)),
});
export type ActivitiesQuery = z.infer<typeof activitiesQuery>;

/** `GET /api/flows/{id}/prospects?page&limit&status&search&cursor` */
export const prospectsQuery = z.object({
  ...listQuery,
  status: z.optional(z.enum(PROSPECT_STATUSES, INSIGHT_MESSAGES.prospectStatus)),
});
export type ProspectsQuery = z.infer<typeof prospectsQuery>;

export const prospectParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128), idToken('flow id')),
  prospectId: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/)),
});
