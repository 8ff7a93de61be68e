import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Automation, Job } from '../../../shared/automations-values';
import { renderApp } from '../render-app';
import { installFakeApi, makeUser, signInAs } from '../support/fake-api';
import { automationOf, serveAutomations } from './automation-fixtures';

const LONG = { timeout: 5000 };

const jobOf = (id: string, run: number, overrides: Partial<Job> = {}): Job => ({
  id,
  automationId: 'auto-1',
  run,
  trigger: run === 1 ? 'start' : 'schedule',
  templateId: 'linkedin-follower-extractor',
  name: 'Follower Extractor auto-1',
  platform: 'linkedin',
  status: 'completed',
  progress: 100,
  completedTasks: 20,
  totalTasks: 20,
  successTasks: 20,
  failedTasks: 0,
  leadsAdded: 20,
  createdAt: `2026-11-2${run}T10:00:00.000Z`,
  startedAt: `2026-11-2${run}T10:00:01.000Z`,
  completedAt: `2026-11-2${run}T10:01:00.000Z`,
  stages: [],
  report: {
    found: 20,
    stored: 20,
    skipped: { hidden: 0, filtered: 0, duplicates: 0 },
    summary: `20 followers of run ${run}`,
  },
  ...overrides,
});

function openDetail(automation: Automation, pages: Record<string, { jobs: Job[]; nextCursor?: string }>) {
  const api = installFakeApi();
  signInAs(api, makeUser());
  serveAutomations(api, [automation]);
  for (const [query, data] of Object.entries(pages))
    api.on('GET', `/jobs?automationId=${automation.id}&limit=10${query}`, {
      status: 200,
      body: { success: true, data },
    });
  const user = userEvent.setup();
  renderApp(`/automations/${automation.id}`);
  return { api, user };
}

describe('the Runs card', () => {
  it('lists a recurring automation’s runs newest first with status, leads added and report, and loads more', async () => {
    const automation = automationOf('auto-1', {
      jobId: 'auto-1.3',
      status: 'active',
      interval: '2_minutes',
      totalRuns: 3,
      successfulRuns: 2,
    });
    const { user } = openDetail(automation, {
      '': {
        jobs: [
          jobOf('auto-1.3', 3, {
            status: 'failed',
            leadsAdded: 0,
            report: undefined,
            error: 'The run failed',
          }),
          jobOf('auto-1.2', 2),
        ],
        nextCursor: 'abc',
      },
      '&cursor=abc': { jobs: [jobOf('auto-1', 1, { leadsAdded: 1234 })] },
    });
    const card = (await screen.findByRole('heading', { name: 'Runs', level: 2 }, LONG)).closest('section')!;
    const rows = await within(card).findAllByTestId('run-row', {}, LONG);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('The run failed'),
      expect.stringContaining('20 followers of run 2'),
    ]);
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Load more runs' }));
    expect(await within(card).findByText('20 followers of run 1', {}, LONG)).toBeTruthy();
    expect(within(card).getByText('1,234')).toBeTruthy();
    // The last page: nothing more to load.
    expect(within(card).queryByRole('button', { name: 'Load more runs' })).toBeNull();
  });

  it('is not shown for an automation that ran once', async () => {
    openDetail(automationOf('auto-1', { status: 'completed', totalRuns: 1, successfulRuns: 1 }), {});
    expect(await screen.findByRole('heading', { name: 'Summary', level: 2 }, LONG)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Runs', level: 2 })).toBeNull();
  });

  it('says so when the runs cannot be read, and reads them again on Try Again', async () => {
    const automation = automationOf('auto-1', { jobId: 'auto-1.2', status: 'completed', totalRuns: 2 });
    const api = installFakeApi();
    signInAs(api, makeUser());
    serveAutomations(api, [automation]);
    let calls = 0;
    api.on('GET', '/jobs?automationId=auto-1&limit=10', () => {
      calls++;
      return calls === 1
        ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } }
        : { status: 200, body: { success: true, data: { jobs: [jobOf('auto-1.2', 2)] } } };
    });
    const user = userEvent.setup();
    renderApp('/automations/auto-1');
    expect(await screen.findByText('Failed to load runs', {}, LONG)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('20 followers of run 2', {}, LONG)).toBeTruthy();
  });
});
