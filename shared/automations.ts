import * as z from 'zod/mini';
import { AUTOMATION_INTERVALS, AUTOMATION_STATUSES } from './automations-values';
import { LEADS_PAGE_LIMIT } from './leads';
import { cursorParam } from './paging';
import { PLATFORMS } from './platforms';
import { boundedJsonObject, idToken, type JsonBounds, visibleText } from './text';

export * from './automations-values';
export * from './job-lifecycle';

/** A trob's settings are a few levels of a few values (lists of up to 1,000 profile URLs at most). */
export const CONFIG_BOUNDS: JsonBounds = {
  maxDepth: 6,
  maxNodes: 5000,
  maxKeyLength: 100,
  maxStringLength: 5000,
};

/**
 * `POST /api/automation/start` (spec 7: templateId, config, userCookies as an empty list). Cookies come
 * from the stored platform connection, never from the request, so a non-empty userCookies is refused.
 */
export const startAutomationInput = z.object({
  templateId: z
    .string()
    .check(z.trim(), z.minLength(1, 'templateId is required'), z.maxLength(100), idToken('templateId')),
  // Checked against the template's own schema by the service; these bounds only keep an unknown shape
  // from costing memory or time before that (unknown keys are dropped there).
  config: z.optional(boundedJsonObject('config', CONFIG_BOUNDS)),
  /** A recurring automation: its next run every interval (part 2 section 9). Absent: one run. */
  interval: z.optional(
    z.enum(AUTOMATION_INTERVALS, `interval must be one of ${AUTOMATION_INTERVALS.join(', ')}`),
  ),
  userCookies: z.optional(
    z
      .array(z.unknown())
      .check(z.maxLength(0, 'userCookies must be empty: cookies come from your platform connection')),
  ),
});
export type StartAutomationInput = z.infer<typeof startAutomationInput>;

/** `/api/automation/{id}/...` and `/api/automation/leads/{jobId}`. */
export const automationIdParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128), idToken('automation id')),
});
export const jobIdParams = z.object({
  jobId: z.string().check(z.minLength(1), z.maxLength(128), idToken('job id')),
});

/** A query's whole number from 1 to `max`, as the query string carries it. */
export const wholeNumber = (name: string, max: number) => {
  const message = `${name} must be a whole number from 1 to ${max.toLocaleString('en-US')}`;
  return z.pipe(
    z.string().check(z.regex(/^\d{1,7}$/, { error: message, abort: true })),
    z.pipe(
      z.transform((value: string) => Number(value)),
      z.number().check(z.gte(1, message), z.lte(max, message)),
    ),
  );
};

/**
 * `GET /api/automation/leads/{jobId}?page&limit&after` (part 2 section 7). With `after` (a lead id the
 * previous answer gave as `nextAfter`) the page starts after that lead and `page` is ignored: the leads
 * screen reads a whole automation this way, one query per chunk, without skipping earlier pages.
 */
export const leadsPageQuery = z.object({
  page: z._default(wholeNumber('page', 1_000_000), 1),
  limit: z._default(wholeNumber('limit', LEADS_PAGE_LIMIT.max), LEADS_PAGE_LIMIT.default),
  after: z.optional(
    z
      .string()
      .check(
        z.minLength(1, 'after must not be empty'),
        z.maxLength(128, 'after must be 128 characters or less'),
        idToken('after'),
      ),
  ),
});
export type LeadsPageQuery = z.infer<typeof leadsPageQuery>;

const JOB_STATUS_FILTER_MESSAGE = `status must be one of all, ${AUTOMATION_STATUSES.join(', ')}`;
/** A page of `GET /api/jobs` holds at most this many jobs (20 unless asked). */
export const JOBS_PAGE_LIMIT = { default: 20, max: 100 } as const;

/**
 * `GET /api/jobs?status&platform&search&automationId&limit&cursor` ('all' is the same as no filter),
 * newest first; `cursor` is the previous page's `nextCursor`.
 */
export const listJobsQuery = z.object({
  automationId: z.optional(
    z
      .string()
      .check(z.minLength(1, 'automationId must not be empty'), z.maxLength(128), idToken('automationId')),
  ),
  limit: z._default(wholeNumber('limit', JOBS_PAGE_LIMIT.max), JOBS_PAGE_LIMIT.default),
  cursor: cursorParam,
  status: z.optional(z.enum(['all', ...AUTOMATION_STATUSES], JOB_STATUS_FILTER_MESSAGE)),
  platform: z.optional(z.enum(['all', ...PLATFORMS], `platform must be one of all, ${PLATFORMS.join(', ')}`)),
  search: z.optional(
    z
      .string()
      .check(
        z.maxLength(100, { error: 'search must be 100 characters or less', abort: true }),
        visibleText('search'),
        z.trim(),
      ),
  ),
});
export type ListJobsQuery = z.infer<typeof listJobsQuery>;

/** `POST /api/jobs`: run an existing automation again. */
export const runJobInput = z.object({
  automationId: z
    .string({ error: 'automationId is required' })
    .check(z.trim(), z.minLength(1, 'automationId is required'), z.maxLength(128), idToken('automationId')),
});

/** `PUT /api/jobs/{id}`: any status is understood; only pause, resume and cancel are the user's. */
export const updateJobInput = z.object({
  status: z.enum(AUTOMATION_STATUSES, `status must be one of ${AUTOMATION_STATUSES.join(', ')}`),
});
export type UpdateJobInput = z.infer<typeof updateJobInput>;
