import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import { automationOf, serveAutomations } from './automation-fixtures';

const LONG = { timeout: 5000 };
const SLOW = 15000;

const ALL_STATUSES = ['pending', 'running', 'active', 'paused', 'completed', 'failed', 'cancelled'] as const;

function serveQueue(
  api: FakeApi,
  queue = { waiting: 2, running: 1, yourWaiting: 1, yourRunning: 0, yourPosition: 1 },
) {
  api.on('GET', '/automation/queue', { status: 200, body: { success: true, data: queue } });
}

async function openList(path: string, automations = ALL_STATUSES.map((s) => automationOf(s, { status: s }))) {
  const api = installFakeApi();
  signInAs(api, makeUser());
  serveAutomations(api, automations);
  serveQueue(api);
  const view = renderApp(path);
  return { api, ...view };
}

const rowNames = () =>
  screen.getAllByTestId('automation-row').map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('/automations/active', () => {
  it(
    'lists the pending, running, active and paused automations with their columns and links',
    async () => {
      await openList('/automations/active');

      const table = await screen.findByRole('table', { name: 'Active automations' }, LONG);
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Automation', 'Status', 'Schedule', 'Progress', 'Actions']);
      expect(rowNames().map((name) => name?.split('LinkedIn')[0])).toEqual([
        'Follower Extractor pending',
        'Follower Extractor running',
        'Follower Extractor active',
        'Follower Extractor paused',
      ]);
      expect(screen.getAllByTestId('status-badge').map((b) => b.textContent)).toEqual([
        'Pending',
        'Running',
        'Active',
        'Paused',
      ]);
      const links = screen.getAllByRole('link', { name: /^View details/ });
      expect(links.map((a) => a.getAttribute('href'))).toEqual([
        '/automations/pending',
        '/automations/running',
        '/automations/active',
        '/automations/paused',
      ]);
      expect(links[0]?.textContent).toBe('View details of Follower Extractor pending');
    },
    SLOW,
  );

  it(
    "shows a paused automation with the warning-coloured 'Paused' badge and Resume, and Resume on no other row",
    async () => {
      await openList('/automations/active');

      await screen.findByRole('table', { name: 'Active automations' }, LONG);
      const rows = screen.getAllByTestId('automation-row');
      const paused = rows[3]!;
      const badge = within(paused).getByTestId('status-badge');
      expect(badge.textContent).toBe('Paused');
      expect(badge.getAttribute('style')).toContain('--mantine-color-yellow-');
      const resume = within(paused).getByRole('button', { name: 'Resume Follower Extractor paused' });
      expect(resume.textContent).toBe('Resume Follower Extractor paused');
      expect(screen.getAllByRole('button', { name: /^Resume/ })).toEqual([resume]);
      for (const row of rows.slice(0, 3)) expect(within(row).queryByRole('button')).toBeNull();
    },
    SLOW,
  );

  it(
    'says why a paused automation paused on its row, and nothing on a paused one without a reason',
    async () => {
      const reason = 'Paused after 3 failed runs in a row. Last error: LinkedIn could not be reached';
      await openList('/automations/active', [
        automationOf('why', { status: 'paused', errorMessage: reason }),
        automationOf('quiet', { status: 'paused' }),
        automationOf('busy', { status: 'running', errorMessage: 'not shown while it runs' }),
      ]);
      await screen.findByRole('table', { name: 'Active automations' }, LONG);
      const rows = screen.getAllByTestId('automation-row');
      expect(rows.map((row) => within(row).queryByTestId('paused-reason')?.textContent ?? null)).toEqual([
        reason,
        null,
        null,
      ]);
    },
    SLOW,
  );

  it(
    "resumes a paused automation with PUT /api/jobs/{jobId} {status: 'running'}, then shows it pending",
    async () => {
      const paused = automationOf('p1', { jobId: 'p1-job', status: 'paused', progress: 40 });
      const { api } = await openList('/automations/active', [paused]);
      const user = userEvent.setup();
      api.on('PUT', '/jobs/p1-job', {
        status: 200,
        body: {
          success: true,
          message: 'Job pending',
          data: { job: { id: 'p1-job', automationId: 'p1', status: 'pending' } },
        },
      });
      const resume = await screen.findByRole('button', { name: /^Resume/ }, LONG);
      serveAutomations(api, [{ ...paused, status: 'pending' }]);

      await user.click(resume);

      expect(await screen.findByText('Automation resumed successfully', {}, LONG)).toBeTruthy();
      expect(api.callsTo('PUT', '/jobs/p1-job').map((c) => c.body)).toEqual([{ status: 'running' }]);
      await waitFor(() => expect(screen.getByTestId('status-badge').textContent).toBe('Pending'));
      // Still on the active list, without Resume; the keyboard's place moves to the row's other action.
      expect(screen.queryByRole('button', { name: /^Resume/ })).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('link', { name: /^View details/ }));
    },
    SLOW,
  );

  it(
    "keeps 'Resume' readable while the call runs, says it is busy, and sends one call for two presses",
    async () => {
      const paused = automationOf('p2', { status: 'paused' });
      const { api } = await openList('/automations/active', [paused]);
      const user = userEvent.setup();
      api.on('PUT', '/jobs/p2', {
        status: 200,
        body: { success: true, data: { job: { status: 'pending' } } },
      });
      const release = api.hold('PUT', '/jobs/p2');
      const resume = await screen.findByRole('button', { name: /^Resume/ }, LONG);
      expect(resume.getAttribute('aria-busy')).toBeNull();

      await user.click(resume);
      await waitFor(() => expect(resume.getAttribute('aria-busy')).toBe('true'));
      expect(resume.getAttribute('aria-disabled')).toBe('true');
      expect(resume.textContent).toContain('Resume');
      expect(document.activeElement).toBe(resume);
      await user.click(resume);
      release();

      expect(await screen.findByText('Automation resumed successfully', {}, LONG)).toBeTruthy();
      expect(api.callsTo('PUT', '/jobs/p2')).toHaveLength(1);
    },
    SLOW,
  );

  it(
    "says 'Failed to resume automation: {reason}' when the server refuses, and keeps Resume",
    async () => {
      const { api } = await openList('/automations/active', [automationOf('p3', { status: 'paused' })]);
      const user = userEvent.setup();
      api.on('PUT', '/jobs/p3', {
        status: 409,
        body: { code: 'CONFLICT', message: 'A completed job cannot be set to running.' },
      });

      await user.click(await screen.findByRole('button', { name: /^Resume/ }, LONG));

      expect(
        await screen.findByText(
          'Failed to resume automation: A completed job cannot be set to running.',
          {},
          LONG,
        ),
      ).toBeTruthy();
      expect(screen.queryByText('Automation resumed successfully')).toBeNull();
      const resume = screen.getByRole('button', { name: /^Resume/ });
      expect(resume.getAttribute('aria-busy')).toBeNull();
    },
    SLOW,
  );

  it(
    'shows the interval, the next-run countdown and the coloured progress of each',
    async () => {
      const soon = new Date(Date.now() + 3 * 60_000 + 5000).toISOString();
      await openList('/automations/active', [
        automationOf('a', { status: 'active', interval: '30_minutes', nextRunAt: soon, progress: 60 }),
        automationOf('b', { status: 'running', progress: 20 }),
      ]);

      await screen.findByRole('table', {}, LONG);
      const [first, second] = screen.getAllByTestId('automation-row');
      expect(within(first!).getByText('30 minutes')).toBeTruthy();
      const countdown = within(first!).getByTestId('next-run');
      expect(countdown.textContent).toBe('3m');
      expect(countdown.parentElement?.getAttribute('style')).toContain('yellow');
      expect(within(first!).getByText('Next run: 3 minutes')).toBeTruthy();
      expect(within(second!).getByText('Runs once')).toBeTruthy();
      expect(within(second!).getByTestId('next-run').textContent).toBe('Not scheduled');

      const bar = (name: string) => screen.getByRole('progressbar', { name });
      expect(bar('Progress of Follower Extractor a').getAttribute('aria-valuenow')).toBe('60');
      expect(
        bar('Progress of Follower Extractor a').closest('[data-color]')?.getAttribute('data-color'),
      ).toBe('blue');
      expect(
        bar('Progress of Follower Extractor b').closest('[data-color]')?.getAttribute('data-color'),
      ).toBe('red');
    },
    SLOW,
  );

  it(
    'shows where the queue stands',
    async () => {
      await openList('/automations/active');

      expect((await screen.findByTestId('queue-line', {}, LONG)).textContent).toBe(
        'Queue: 2 runs waiting, 1 running, yours is next',
      );
    },
    SLOW,
  );

  it(
    "shows 'No active automations' with 'Browse Templates' to /trobs when none is active",
    async () => {
      await openList('/automations/active', [automationOf('done', { status: 'completed' })]);

      expect(await screen.findByRole('heading', { name: 'No active automations' }, LONG)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Browse Templates' }).getAttribute('href')).toBe('/trobs');
      expect(screen.queryByRole('table')).toBeNull();
    },
    SLOW,
  );

  it(
    "shows 'Error Loading Automations' with 'Failed to fetch automations: {status text}', and 'Try Again' loads it again",
    async () => {
      const api = installFakeApi();
      signInAs(api, makeUser());
      serveQueue(api);
      api.on('GET', '/automation', {
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'Internal error' },
      });
      const user = userEvent.setup();
      renderApp('/automations/active');

      const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
      expect(within(alert).getByText('Error Loading Automations')).toBeTruthy();
      expect(within(alert).getByTestId('list-error').textContent).toBe(
        'Failed to fetch automations: Internal Server Error',
      );

      serveAutomations(api, [automationOf('r', { status: 'running' })]);
      await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

      expect(await screen.findByRole('table', { name: 'Active automations' }, LONG)).toBeTruthy();
      expect(screen.queryByText('Error Loading Automations')).toBeNull();
      expect(screen.queryByText(/Failed to fetch automations/)).toBeNull();
    },
    SLOW,
  );

  it(
    "shows no 'Failed to fetch automations' text when the list loads",
    async () => {
      await openList('/automations/active');

      await screen.findByRole('table', { name: 'Active automations' }, LONG);
      expect(screen.queryByText(/Failed to fetch automations/)).toBeNull();
      expect(screen.queryByTestId('list-error')).toBeNull();
    },
    SLOW,
  );

  it(
    'reloads the list and the queue every 30 seconds',
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const { api } = await openList('/automations/active');
        await screen.findByRole('table', {}, LONG);
        const lists = api.callsTo('GET', '/automation').length;
        const queues = api.callsTo('GET', '/automation/queue').length;

        serveAutomations(api, [automationOf('fresh', { status: 'running' })]);
        await vi.advanceTimersByTimeAsync(30_000);

        await waitFor(() => expect(api.callsTo('GET', '/automation').length).toBeGreaterThan(lists));
        expect(api.callsTo('GET', '/automation/queue').length).toBeGreaterThan(queues);
        expect(await screen.findByText('Follower Extractor fresh')).toBeTruthy();
      } finally {
        vi.useRealTimers();
      }
    },
    SLOW,
  );

  it(
    'is where /automations leads, with the sidebar marking Active',
    async () => {
      const { router } = await openList('/automations');

      expect(await screen.findByRole('heading', { name: 'Active Automations', level: 1 }, LONG)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/automations/active');
      const nav = within(screen.getByRole('navigation', { name: 'Main' }));
      const burger = screen.queryByRole('button', { name: 'Open navigation' });
      if (burger && nav.queryAllByRole('link').length === 0) fireEvent.click(burger);
      expect((await nav.findByRole('link', { name: 'Active' })).getAttribute('aria-current')).toBe('page');
    },
    SLOW,
  );
});

describe('/automations/completed', () => {
  it(
    'lists the completed, failed and cancelled automations with their number of runs',
    async () => {
      await openList(
        '/automations/completed',
        ALL_STATUSES.map((s, i) =>
          automationOf(s, { status: s, totalRuns: i, totalLeads: s === 'completed' ? 12 : 0 }),
        ),
      );

      const table = await screen.findByRole('table', { name: 'Completed automations' }, LONG);
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Automation', 'Status', 'Results', 'Actions']);
      expect(screen.getAllByTestId('status-badge').map((b) => b.textContent)).toEqual([
        'Completed',
        'Failed',
        'Cancelled',
      ]);
      expect(screen.getAllByTestId('results').map((r) => r.textContent)).toEqual([
        '4 runs',
        '5 runs',
        '6 runs',
      ]);
      expect(screen.getByText('12 leads')).toBeTruthy();
      // A paused automation is on the active list (DECISIONS 25), not here; nor is Resume.
      expect(screen.queryByText('Follower Extractor paused')).toBeNull();
      expect(screen.queryByRole('button', { name: /^Resume/ })).toBeNull();
      expect(
        screen.getAllByRole('link', { name: /^View Details/ }).map((a) => a.getAttribute('href')),
      ).toEqual(['/automations/completed', '/automations/failed', '/automations/cancelled']);
      // The queue line belongs to the active list.
      expect(screen.queryByTestId('queue-line')).toBeNull();
    },
    SLOW,
  );

  it(
    "shows 'No completed automations' when none has finished",
    async () => {
      await openList('/automations/completed', [automationOf('r', { status: 'running' })]);

      expect(await screen.findByRole('heading', { name: 'No completed automations' }, LONG)).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Browse Templates' })).toBeNull();
    },
    SLOW,
  );
});
