import useSWR from 'swr';
import type {
  ActivitiesResponse,
  ActivityStatus,
  ActivityType,
  ProspectFilterStatus,
  ProspectResponse,
  ProspectsResponse,
} from '../../../../../shared/flow-insights-values';
import { INSIGHT_PAGE_SIZE } from '../../../../../shared/flow-insights-values';
import { ApiError, get } from '../../../lib/api-client';
import { flowKey } from '../../../lib/flows/flow-api';
import { withFields } from '../../../lib/swr-answers';

/**
 * The flow insight screens' calls (issue 21; spec part 2, sections 2.5 to 2.7 and 7): the flow's
 * activity feed and prospects page by page, and one prospect. SWR keys are the API paths.
 */

export interface ActivityFilters {
  types: readonly ActivityType[];
  status?: ActivityStatus;
  search: string;
}

export interface ProspectFilters {
  status?: ProspectFilterStatus;
  search: string;
}

/** A page of a list: page 1 with no cursor, a later page with the cursor the page before it answered. */
export interface PageRequest {
  page: number;
  cursor?: string;
}

function listParams(request: PageRequest, search: string): URLSearchParams {
  const params = new URLSearchParams({ page: String(request.page), limit: String(INSIGHT_PAGE_SIZE) });
  if (search.trim()) params.set('search', search.trim());
  if (request.cursor) params.set('cursor', request.cursor);
  return params;
}

/** `GET /api/flows/{id}/activities?page&limit&type&type&status&search&cursor` (spec 2.5, 7). */
export function fetchActivities(
  id: string,
  filters: ActivityFilters,
  request: PageRequest,
): Promise<ActivitiesResponse> {
  const params = listParams(request, filters.search);
  for (const type of filters.types) params.append('type', type);
  if (filters.status) params.set('status', filters.status);
  return get<ActivitiesResponse>(`${flowKey(id)}/activities?${params}`);
}

/** `GET /api/flows/{id}/prospects?page&limit&status&search&cursor` (spec 2.6, 7). */
export function fetchProspects(
  id: string,
  filters: ProspectFilters,
  request: PageRequest,
): Promise<ProspectsResponse> {
  const params = listParams(request, filters.search);
  if (filters.status) params.set('status', filters.status);
  return get<ProspectsResponse>(`${flowKey(id)}/prospects?${params}`);
}

export const prospectKey = (id: string, prospectId: string) =>
  `${flowKey(id)}/prospects/${encodeURIComponent(prospectId)}`;

/** `GET /api/flows/{id}/prospects/{prospectId}`: `notFound` is 'Prospect not found' (or the flow's). */
export function useProspect(id: string, prospectId: string) {
  const answer = useSWR<ProspectResponse>(prospectKey(id, prospectId), { shouldRetryOnError: false });
  const notFound = answer.error instanceof ApiError && answer.error.status === 404;
  return withFields(answer, { prospect: answer.data?.data.prospect, notFound });
}
