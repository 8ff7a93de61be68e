import useSWR from 'swr';
import type {
  Automation,
  StartAutomationInput,
  StartAutomationResponse,
} from '../../../../../shared/automations';
import type {
  PopularTemplateCardsResponse,
  Template,
  TemplateCard,
  TemplateCardListResponse,
  TemplateResponse,
} from '../../../../../shared/catalogue';
import { POPULAR_DEFAULT_LIMIT } from '../../../../../shared/catalogue-values';
import type { Platform } from '../../../../../shared/platforms';
import { ApiError, get, post } from '../../../lib/api-client';
import { prefetchAnswer, withFields } from '../../../lib/swr-answers';

/**
 * The catalogue calls (spec 7). SWR keys are the API paths. The list is loaded once, as cards (what a
 * card shows and the search reads, not the config schemas; issue 10 point 7) with usage counts; the
 * catalogue's filters, search and sort then work on it in the browser, so 'Showing X of Y templates'
 * always has the full count as Y. The detail page loads its one template whole.
 */
export const TEMPLATES_KEY = '/templates?includeUsage=true&view=card';
export const POPULAR_KEY = `/templates/meta/popular?limit=${POPULAR_DEFAULT_LIMIT}&view=card`;
export const templateKey = (id: string) => `/templates/${encodeURIComponent(id)}?includeUsage=true`;
export const connectionKey = (platform: Platform) => `/users/platform-connections/${platform}`;

/** The catalogue's first calls, started before the page renders (routes.ts prefetch). */
export async function prefetchCatalogue(): Promise<void> {
  await Promise.all([prefetchAnswer(TEMPLATES_KEY), prefetchAnswer(POPULAR_KEY)]);
}

export function useTemplates() {
  const answer = useSWR<TemplateCardListResponse>(TEMPLATES_KEY);
  return withFields(answer, { templates: answer.data?.data.templates });
}

export function usePopularTemplates(enabled: boolean) {
  const answer = useSWR<PopularTemplateCardsResponse>(enabled ? POPULAR_KEY : null);
  return withFields(answer, { templates: answer.data?.data.templates });
}

/** `notFound` is the API's 404 ('Trob not found'); any other failure is an error to retry. */
export function useTemplate(id: string | undefined) {
  const answer = useSWR<TemplateResponse>(id ? templateKey(id) : null, {
    shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status === 404),
  });
  const notFound = answer.error instanceof ApiError && answer.error.status === 404;
  return withFields(answer, { template: answer.data?.data.template, notFound });
}

interface ConnectionResponse {
  data: { connected: boolean; platform: string };
}

/** Spec 4: the check runs per platform, and any failure counts as not connected. */
export async function checkConnection(platform: Platform): Promise<boolean> {
  try {
    const answer = await get<ConnectionResponse>(connectionKey(platform));
    return answer?.data?.connected === true;
  } catch {
    return false;
  }
}

export function usePlatformConnection(platform: Platform | undefined) {
  const answer = useSWR(platform ? connectionKey(platform) : null, () => checkConnection(platform!), {
    revalidateOnFocus: true,
  });
  return { connected: answer.data, recheck: answer.mutate };
}

/** POST /api/automation/start (spec 7); answers the new automation. */
export async function startAutomation(body: StartAutomationInput): Promise<Automation> {
  const answer = await post<StartAutomationResponse>('/automation/start', body);
  return answer.data.automation;
}

export type { Template, TemplateCard };
