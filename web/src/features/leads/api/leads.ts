import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Automation } from '../../../../../shared/automations-values';
import { automationIdOfJob, NEW_JOB_PROGRESS } from '../../../../../shared/automations-values';
import { demoLeads } from '../../../../../shared/demo-leads';
import { LEADS_PAGE_LIMIT, type Lead, type LeadsPageResponse } from '../../../../../shared/leads';
import { get } from '../../../lib/api-client';
import { useAutomations } from '../../../lib/automations';
import { withDefaults } from '../lead-index';

/** Part 2 sections 7 and 9: the leads and the enrichment banner refresh every 10 s while work goes on. */
export const LEADS_REFRESH_MS = 10_000;
/** The first chunk is small so a small automation's leads come at once; the rest in the API's largest pages. */
const FIRST_CHUNK = 200;
/**
 * The screen takes in the leads read so far at most this often, the first time this long after the read
 * began: a list that is whole by then is drawn once, sorted. The API pages leads by profile id, so the
 * first chunk's most recent 20 were seldom the list's: page 1 showed 20 leads and then 20 others, and
 * replacing them was a task of 1.2-1.3 s at 4x on a phone (issue 38 point 2).
 */
const SHOW_EVERY_MS = 1000;

/** The fallback when the automation is not in the list (part 2 section 3). */
export function fallbackAutomation(id: string): Automation {
  const at = new Date().toISOString();
  return {
    ...NEW_JOB_PROGRESS,
    id,
    jobId: id,
    templateId: 'linkedin-follower-extractor',
    displayName: 'Extracted leads',
    platform: 'linkedin',
    status: 'completed',
    config: {},
    createdAt: at,
    updatedAt: at,
    progress: 100,
  };
}

/** Work that may still add or change leads: a run under way, or enrichment in progress. */
export const isProgressive = (automation: Automation) =>
  automation.enrichment?.status === 'enriching' ||
  !['completed', 'failed', 'cancelled', 'paused'].includes(automation.status);

export type LeadSource = 'live' | 'demo';

export interface LeadsState {
  leads: Lead[];
  source: LeadSource;
  /** Leads read so far while a whole automation loads chunk by chunk. */
  loaded: number;
  loading: boolean;
  /** The automation's own count, for 'loading n of m'. */
  expected: number;
  /** A read failed before the last chunk: what is listed is not all of the automation's leads. */
  partial: boolean;
}

const leadsPath = (jobId: string, after: string | undefined, limit: number) =>
  `/automation/leads/${encodeURIComponent(jobId)}?limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`;

/**
 * The whole automation's leads, read chunk by chunk after a cursor; shown whole, or while a long list
 * loads what has arrived, about once a second (SHOW_EVERY_MS).
 * An empty or failed read shows the 48 demo leads (part 2 sections 4 and 8: silently).
 */
function useLeadChunks(jobId: string | undefined, expected: number, version: number) {
  const [state, setState] = useState<LeadsState>({
    leads: [],
    source: 'live',
    loaded: 0,
    loading: true,
    partial: false,
    expected,
  });
  const demoAt = useRef(new Date());
  const shown = useRef<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for a reload (Refresh, new leads, enrichment progress).
  useEffect(() => {
    if (!jobId) return;
    const controller = new AbortController();
    const now = new Date().toISOString();
    // The first read shows what has come about once a second (SHOW_EVERY_MS); a reload keeps the current
    // list until the new one is whole.
    const progressive = shown.current !== jobId;
    (async () => {
      setState((current) => ({ ...current, loading: true, expected }));
      const leads: Lead[] = [];
      let after: string | undefined;
      let complete = false;
      let shownAt = Date.now();
      try {
        do {
          const limit = leads.length === 0 && progressive ? FIRST_CHUNK : LEADS_PAGE_LIMIT.max;
          const answer = await get<LeadsPageResponse>(leadsPath(jobId, after, limit), {
            signal: controller.signal,
          });
          leads.push(...answer.data.leads.map((lead) => withDefaults(lead, now)));
          after = answer.data.nextAfter;
          // Each update re-indexes every lead read so far: about once a second while a long list loads.
          if (
            progressive &&
            leads.length > 0 &&
            !controller.signal.aborted &&
            Date.now() - shownAt >= SHOW_EVERY_MS
          ) {
            shownAt = Date.now();
            // From here on a restarted read (new leads meanwhile) keeps this list until it is whole.
            shown.current = jobId;
            const read = { leads: [...leads], loaded: leads.length, loading: !!after };
            // Drawing the leads read so far (indexing them, sorting, the page's rows) is a transition:
            // React draws it in slices and the phone stays responsive, where one render of 1,000 leads
            // was a task of 400 ms at 4x (issue 38 point 2).
            startTransition(() => setState({ ...read, source: 'live', partial: false, expected }));
          }
        } while (after && !controller.signal.aborted);
        complete = !after;
      } catch {
        // Handled below: a reload keeps what the screen has; a first read shows what came, or the demo leads.
      }
      if (controller.signal.aborted) return;
      shown.current = jobId;
      startTransition(() =>
        setState((current) => {
          const showingLive = current.source === 'live' && current.leads.length > 0;
          if (complete && leads.length > 0)
            return { leads, source: 'live', loaded: leads.length, loading: false, partial: false, expected };
          // A failed reload, or an empty answer after leads were shown (they never vanish): keep the list.
          if (showingLive && (!progressive || leads.length <= current.leads.length))
            return { ...current, loading: false, partial: current.partial || !complete };
          if (leads.length > 0)
            return {
              leads,
              source: 'live',
              loaded: leads.length,
              loading: false,
              partial: !complete,
              expected,
            };
          // None, or the read failed before any came (part 2 sections 4 and 8: the demo leads, silently).
          return {
            leads: demoLeads(demoAt.current),
            source: 'demo',
            loaded: 0,
            loading: false,
            partial: false,
            expected,
          };
        }),
      );
    })();
    return () => controller.abort();
  }, [jobId, version]);
  return state;
}

/**
 * The leads screen's data (part 2 section 7): the automation from the list (by the route's id, which
 * may be a job id), then its leads. The list is read every 10 s while the automation works; the leads
 * are read again when its count or its enrichment moved, or on Refresh.
 */
export function useLeadsData(routeId: string) {
  const automationId = automationIdOfJob(routeId);
  const [working, setWorking] = useState(true);
  const list = useAutomations({ refreshInterval: working ? LEADS_REFRESH_MS : 0 });
  const found = list.automations?.find((a) => a.id === automationId);
  const automation = useMemo(
    () => (list.automations ? (found ?? fallbackAutomation(automationId)) : undefined),
    [list.automations, found, automationId],
  );
  const progressive = automation ? isProgressive(automation) : true;
  useEffect(() => setWorking(progressive), [progressive]);

  const [refreshes, setRefreshes] = useState(0);
  // A new count or enrichment step means changed leads: read them again.
  const changeMark = automation
    ? `${automation.totalLeads}:${automation.enrichment?.enrichedCount ?? ''}:${automation.status}`
    : '';
  const version = useMemo(() => `${refreshes}|${changeMark}`, [refreshes, changeMark]);
  const versionNumber = useStableCounter(version);
  const leads = useLeadChunks(automation ? routeId : undefined, automation?.totalLeads ?? 0, versionNumber);

  const { mutate } = list;
  const refresh = useCallback(() => {
    setRefreshes((n) => n + 1);
    void mutate();
  }, [mutate]);

  return {
    automation,
    /** 'Failed to load leads data': the automation call failed (part 2 section 8). */
    failed: list.automations === undefined && !!list.error,
    leads,
    refresh,
  };
}

/** A number that goes up whenever `key` changes (an effect dependency that is cheap to compare). */
function useStableCounter(key: string): number {
  const ref = useRef({ key, n: 0 });
  if (ref.current.key !== key) ref.current = { key, n: ref.current.n + 1 };
  return ref.current.n;
}
