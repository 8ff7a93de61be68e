import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import type { FlowActivity, FlowAnalytics, ProspectSummary } from '../../shared/flow-insights-values';
import { type MinimumMatch, meetsMinimumMatch } from '../../shared/flow-options';
import type { apiClient } from '../support/api-client';
import { appUrl } from './account-steps';
import { openApp } from './browser';

/**
 * Issue 36's "done when", for one flow made from a template's first example on a new sandbox account:
 * its first run finds people, scores at least half of them Warm or Hot, contacts nobody below the
 * flow's minimum match, and its activity rows (API and screen) show their type, company and title.
 */
type Api = ReturnType<ReturnType<typeof apiClient>['from']>;

/** Polls `check` every second until it answers true, for at most `timeout` ms. */
export async function until(what: string, check: () => Promise<boolean>, timeout: number): Promise<void> {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Waits for the flow's first run to end, and answers its analytics; a failed run fails the test. */
export async function firstRunOf(api: Api, token: string, flowId: string): Promise<FlowAnalytics> {
  let last: FlowAnalytics | undefined;
  await until(
    `the first run of ${flowId} to complete`,
    async () => {
      const res = await api.get(`/api/flows/${flowId}/analytics?period=7d`, { token });
      if (res.status !== 200) throw new Error(`Analytics answered ${res.status}: ${res.text}`);
      last = res.body.data.analytics as FlowAnalytics;
      const run = last.executionHistory[0];
      if (run?.status === 'FAILED') throw new Error(`The first run failed: ${run.message}`);
      return run?.status === 'COMPLETED';
    },
    300_000,
  );
  return last!;
}

/** What a run did to a person: anything but finding them. */
const CONTACTED = new Set(['CONTACTED', 'PENDING', 'ACCEPTED', 'DECLINED']);

/**
 * The run's judgement, through the API: people found, at least half Warm or Hot, nobody below the
 * minimum match contacted (by status or by any write activity); every activity names its type and the
 * person's company and title. Answers the activities, for the screen's check.
 */
export async function expectTrustworthyRun(
  api: Api,
  token: string,
  flowId: string,
  minimum: MinimumMatch,
): Promise<FlowActivity[]> {
  const listed = await api.get(`/api/flows/${flowId}/prospects?limit=100`, { token });
  expect(listed.status, listed.text).toBe(200);
  const prospects = listed.body.data.prospects as ProspectSummary[];
  expect(prospects.length, 'people found').toBeGreaterThan(0);
  const warmOrHot = prospects.filter((p) => p.matchQuality === 'warm' || p.matchQuality === 'hot');
  expect(warmOrHot.length * 2, 'at least half Warm or Hot').toBeGreaterThanOrEqual(prospects.length);
  for (const p of prospects.filter((p) => CONTACTED.has(p.status)))
    expect(meetsMinimumMatch(p.matchQuality, minimum), `${p.name} (${p.matchQuality}) contacted`).toBe(true);

  const feed = await api.get(`/api/flows/${flowId}/activities?limit=100`, { token });
  expect(feed.status, feed.text).toBe(200);
  const activities = feed.body.data.activities as FlowActivity[];
  expect(activities.length, 'activities').toBeGreaterThan(0);
  const byId = new Map(prospects.map((p) => [p.id, p]));
  for (const a of activities) {
    expect(a.type, a.description).toMatch(/^[A-Z_]+$/);
    expect(a.prospect.company, `${a.type} ${a.prospect.name}: company`).toEqual(expect.any(String));
    expect(a.prospect.title, `${a.type} ${a.prospect.name}: title`).toEqual(expect.any(String));
    const who = byId.get(a.prospect.id);
    if (who) expect(meetsMinimumMatch(who.matchQuality, minimum), `${a.type} to ${who.name}`).toBe(true);
  }
  return activities;
}

/** The activities screen shows each row's type and the person's company and title, as the API has them. */
export async function expectActivityRows(page: Page, flowId: string, activities: FlowActivity[]) {
  await openApp(page, `${appUrl}/flows/${flowId}/activities`);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="activity-row"]').length > 0, {
    timeout: 20_000,
  });
  const rows = await page.$$eval('[data-testid="activity-row"]', (elements) =>
    elements.map((row) => ({
      type: row.querySelector('[data-testid="activity-type"]')?.textContent?.trim() ?? '',
      who: row.querySelector('[data-testid="activity-prospect"]')?.textContent ?? '',
    })),
  );
  expect(rows.length).toBe(Math.min(activities.length, rows.length));
  for (const [index, row] of rows.entries()) {
    const activity = activities[index]!;
    expect(row.type, `row ${index + 1}'s type`).not.toBe('');
    expect(row.who).toContain(activity.prospect.company!);
    expect(row.who).toContain(activity.prospect.title!);
  }
}
