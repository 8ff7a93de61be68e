import { useMemo } from 'react';
import useSWR from 'swr';
import {
  type Automation,
  type DashboardStats,
  dedupeAutomations,
} from '../../../../../shared/automations-values';
import type { PopularTemplateCardsResponse, TemplateCard } from '../../../../../shared/catalogue';
import { AUTOMATIONS_KEY, STATS_KEY, useAutomations } from '../../../lib/automations';
import { awaitingAnswer, prefetchAnswer } from '../../../lib/swr-answers';

/** Spec 2.8: the 4 most popular templates, the 3 newest automations. */
export const POPULAR_TEMPLATES = 4;
export const RECENT_AUTOMATIONS = 3;

export const DASHBOARD_POPULAR_KEY = `/templates/meta/popular?limit=${POPULAR_TEMPLATES}&view=card`;

export interface DashboardData {
  readonly stats: DashboardStats | undefined;
  /** De-duplicated by template plus config, keeping the newest, newest first (spec 2.8). */
  readonly automations: readonly Automation[];
  /** Whether the user has any automation at all (the onboarding card and the heading). */
  readonly hasAutomations: boolean;
  readonly popularTemplates: readonly Pick<TemplateCard, 'id' | 'displayName' | 'platform'>[];
  readonly isLoading: boolean;
}

const NONE: readonly never[] = [];

// Spec 2.8: a load failure is only logged; the page shows what it has.
const logFailure = (what: string) => (error: unknown) =>
  console.error(`Dashboard: ${what} failed to load`, error);

/** The dashboard's three calls, started before the page renders (routes.ts prefetch). */
export async function prefetchDashboard(): Promise<void> {
  await Promise.all([STATS_KEY, AUTOMATIONS_KEY, DASHBOARD_POPULAR_KEY].map((key) => prefetchAnswer(key)));
}

/** The dashboard's three calls: stats (counters), automations (list, onboarding), popular templates. */
export function useDashboardData(): DashboardData {
  const stats = useSWR<{ data: DashboardStats }>(STATS_KEY, { onError: logFailure('stats') });
  const automations = useAutomations({ onError: logFailure('automations') });
  const popular = useSWR<PopularTemplateCardsResponse>(DASHBOARD_POPULAR_KEY, {
    onError: logFailure('popular templates'),
  });
  const all = automations.automations ?? NONE;
  // Stable lists while their answer is unchanged, so the memoised cards skip the page's re-renders.
  const deduped = useMemo(() => dedupeAutomations(all), [all]);
  return {
    stats: stats.data?.data,
    automations: deduped,
    hasAutomations: all.length > 0,
    popularTemplates: popular.data?.data.templates ?? NONE,
    isLoading: awaitingAnswer(stats) || awaitingAnswer(automations),
  };
}
