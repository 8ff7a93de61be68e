import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Automation } from '../../../shared/automations-values';
import type { Lead } from '../../../shared/leads';
import { resetRealtimeConfig } from '../../../web/src/lib/realtime';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import { automationOf, serveAutomations } from './automation-fixtures';
import { type SocketServer, startSocketServer, stubNodeWebSocket } from './socket-server';

const LONG = { timeout: 5000 };
const SLOW = 15000;

let server: SocketServer;
beforeAll(async () => {
  server = await startSocketServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.connections.splice(0);
  server.received.splice(0);
  resetRealtimeConfig();
});

const lead = (i: number): Lead => ({
  id: `p${i}`,
  profileId: `p${i}`,
  name: `Person ${i}`,
  profileUrl: `https://www.linkedin.com/in/person-${i}`,
  title: `Title ${i}`,
  company: `Company ${i}`,
  location: 'Berlin',
  extractedAt: '2026-11-20T10:00:00.000Z',
});

function serveLeads(api: FakeApi, jobId: string, leads: Lead[]) {
  api.on('GET', `/automation/leads/${jobId}?page=1&limit=5`, {
    status: 200,
    body: {
      success: true,
      data: { leads, totalLeads: leads.length, page: 1, limit: 5, totalPages: 1 },
    },
  });
}

function serveQueue(api: FakeApi, waiting = 3) {
  api.on('GET', '/automation/queue', {
    status: 200,
    body: {
      success: true,
      data: { waiting, running: 1, yourWaiting: 0, yourRunning: 1, yourPosition: null },
    },
  });
}

function serveTemplate(api: FakeApi, id: string, description: string) {
  api.on('GET', `/templates/${id}`, {
    status: 200,
    body: { data: { template: { id, displayName: 'LinkedIn Follower Extractor', description } } },
  });
}

/** The detail page of `automation`, its socket pointed at the test server through /config.json. */
async function openDetail(
  automation: Automation,
  options: { leads?: Lead[]; others?: Automation[]; path?: string; template?: string; queue?: number } = {},
) {
  const api = installFakeApi();
  signInAs(api, makeUser());
  stubNodeWebSocket();
  api.on('GET', '/config.json', { status: 200, body: { realtimeUrl: server.url } });
  serveAutomations(api, [...(options.others ?? []), automation]);
  if (options.template) serveTemplate(api, automation.templateId, options.template);
  if (options.queue !== undefined) serveQueue(api, options.queue);
  serveLeads(api, automation.jobId, options.leads ?? []);
  const user = userEvent.setup();
  const view = renderApp(options.path ?? `/automations/${automation.id}`);
  return { api, user, ...view };
}

const heading = (name: string) => screen.findByRole('heading', { name, level: 1 }, LONG);

describe('/automations/:automationId', () => {
  it(
    'shows Back, View Data with the lead count, the summary, the configuration and the first 5 leads',
    async () => {
      const automation = automationOf('auto-1', {
        jobId: 'job-1',
        status: 'completed',
        progress: 100,
        totalLeads: 42,
        totalRuns: 1,
        successfulRuns: 1,
        config: {
          filteringSettings: { maxProfiles: 250 },
          postSettings: { linkedinPostUrl: 'https://x.test/p' },
        },
      });
      await openDetail(automation, { leads: [1, 2, 3, 4, 5].map(lead) });

      await heading('Follower Extractor auto-1');
      const main = within(screen.getByRole('main'));
      expect(main.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/automations/completed');
      const viewData = main.getAllByRole('link', { name: /^View Data/ });
      expect(viewData[0]?.getAttribute('href')).toBe('/automations/job-1/leads');
      expect(viewData[0]?.textContent).toContain('42');
      expect(main.getAllByTestId('lead-count')[0]?.textContent).toBe('42 leads');

      const summary = within(main.getByRole('region', { name: 'Summary' }));
      expect(summary.getByRole('rowheader', { name: 'Runs' }).nextElementSibling?.textContent).toBe('1');
      expect(summary.getByRole('rowheader', { name: 'Success rate' }).nextElementSibling?.textContent).toBe(
        '100%',
      );
      const config = within(main.getByRole('region', { name: 'Configuration' }));
      expect(config.getByRole('heading', { name: 'Filtering settings' })).toBeTruthy();
      expect(config.getByRole('rowheader', { name: 'Max profiles' }).nextElementSibling?.textContent).toBe(
        '250',
      );
      expect(config.getByRole('rowheader', { name: 'LinkedIn post URL' })).toBeTruthy();

      const preview = within(main.getByRole('region', { name: 'Extracted Data Preview' }));
      expect(await preview.findAllByTestId('lead-row', {}, LONG)).toHaveLength(5);
      expect(preview.getByRole('link', { name: /^Person 1/ }).getAttribute('target')).toBe('_blank');
      expect(preview.getByRole('link', { name: /^View All/ }).getAttribute('href')).toBe(
        '/automations/job-1/leads',
      );
      // A finished job opens no socket.
      expect(server.connections).toHaveLength(0);
    },
    SLOW,
  );

  it(
    "shows 'No data extracted yet' and no lead count before any lead",
    async () => {
      await openDetail(automationOf('auto-2', { status: 'completed', progress: 100 }));

      await heading('Follower Extractor auto-2');
      expect(await screen.findByText('No data extracted yet', {}, LONG)).toBeTruthy();
      expect(screen.queryByTestId('lead-count')).toBeNull();
    },
    SLOW,
  );

  it(
    "shows the 'Job completed successfully!' banner with View Data at 100% of a completed job only",
    async () => {
      await openDetail(automationOf('done', { status: 'completed', progress: 100, totalLeads: 3 }));
      const banner = within(await screen.findByTestId('completed-banner', {}, LONG));
      expect(banner.getByText('Job completed successfully!')).toBeTruthy();
      expect(banner.getByRole('link', { name: /^View Data/ }).getAttribute('href')).toBe(
        '/automations/done/leads',
      );
    },
    SLOW,
  );

  it(
    'shows no banner for a completed job below 100%',
    async () => {
      await openDetail(automationOf('partial', { status: 'completed', progress: 80 }));
      await heading('Follower Extractor partial');
      expect(screen.queryByTestId('completed-banner')).toBeNull();
    },
    SLOW,
  );

  it(
    "shows a failed job's error text, its completeness report and its forecast",
    async () => {
      await openDetail(
        automationOf('failed', {
          status: 'failed',
          errorMessage: 'LinkedIn asked for a security check. Open LinkedIn, then try again.',
          report: {
            found: 812,
            stored: 790,
            skipped: { hidden: 12, filtered: 8, duplicates: 2 },
            platformCap: 1000,
            summary: '790 of about 1,040 followers; LinkedIn lists at most 1,000',
          },
          forecast: {
            remaining: 312,
            perDay: 80,
            completeBy: '2026-11-26',
            summary: "about 312 profiles left; at today's budget, complete by Thursday",
          },
        }),
      );

      const job = within(await screen.findByRole('region', { name: 'Job' }, LONG));
      expect(job.getByTestId('job-error').textContent).toBe(
        'LinkedIn asked for a security check. Open LinkedIn, then try again.',
      );
      expect(job.getByTestId('report-summary').textContent).toBe(
        '790 of about 1,040 followers; LinkedIn lists at most 1,000',
      );
      const figures = within(job.getByRole('table', { name: 'Completeness figures' }));
      expect(figures.getByRole('rowheader', { name: 'Found' }).nextElementSibling?.textContent).toBe('812');
      expect(figures.getByRole('rowheader', { name: 'Stored' }).nextElementSibling?.textContent).toBe('790');
      expect(
        figures.getByRole('rowheader', { name: 'Skipped (hidden)' }).nextElementSibling?.textContent,
      ).toBe('12');
      expect(job.getByTestId('forecast-summary').textContent).toBe(
        "about 312 profiles left; at today's budget, complete by Thursday",
      );
    },
    SLOW,
  );

  it(
    'offers Pause only for an active automation',
    async () => {
      for (const status of ['running', 'pending', 'paused', 'completed'] as const) {
        const { unmount } = await openDetail(automationOf(`s-${status}`, { status }));
        await heading(`Follower Extractor s-${status}`);
        expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
        unmount();
      }
      await openDetail(automationOf('s-active', { status: 'active' }));
      expect(await screen.findByRole('button', { name: 'Pause' }, LONG)).toBeTruthy();
    },
    SLOW,
  );

  it(
    "pauses an active automation and says 'Automation paused successfully'",
    async () => {
      const active = automationOf('act', { status: 'active', interval: 'hourly' });
      const { api, user } = await openDetail(active);
      const paused = { ...active, status: 'paused' as const };
      api.on('POST', '/automation/act/pause', {
        status: 200,
        body: { success: true, message: 'Automation paused successfully', data: { automation: paused } },
      });
      const pauseButton = await screen.findByRole('button', { name: 'Pause' }, LONG);
      serveAutomations(api, [paused]);

      await user.click(pauseButton);

      expect(await screen.findByText('Automation paused successfully', {}, LONG)).toBeTruthy();
      expect(api.callsTo('POST', '/automation/act/pause')).toHaveLength(1);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull());
      expect(within(screen.getByRole('main')).getAllByTestId('status-badge')[0]?.textContent).toBe('Paused');
      // The button went away: focus moves to the page's heading instead of the document.
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    },
    SLOW,
  );

  it(
    "says 'Failed to pause automation: {reason}' when the server refuses",
    async () => {
      const { api, user } = await openDetail(automationOf('act2', { status: 'active' }));
      api.on('POST', '/automation/act2/pause', {
        status: 409,
        body: { code: 'CONFLICT', message: 'Only an active automation can be paused' },
      });

      await user.click(await screen.findByRole('button', { name: 'Pause' }, LONG));

      expect(
        await screen.findByText(
          'Failed to pause automation: Only an active automation can be paused',
          {},
          LONG,
        ),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows 'Automation not found' with 'Back to Automations' for an id not in the list",
    async () => {
      await openDetail(automationOf('someone'), { path: '/automations/no-such-id' });

      expect(await heading('Automation not found')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to Automations' }).getAttribute('href')).toBe(
        '/automations',
      );
    },
    SLOW,
  );

  it(
    "shows 'Error Loading Automation' saying 'Failed to fetch automation details', with 'Back to Automations'",
    async () => {
      const api = installFakeApi();
      signInAs(api, makeUser());
      api.on('GET', '/automation', {
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'Internal error' },
      });
      renderApp('/automations/x');

      expect(await heading('Error Loading Automation')).toBeTruthy();
      expect(screen.getByText('Failed to fetch automation details')).toBeTruthy();
      expect(screen.queryByText('Internal error')).toBeNull();
      expect(screen.getByRole('link', { name: 'Back to Automations' }).getAttribute('href')).toBe(
        '/automations',
      );
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows no 'Failed to fetch automation details' when the automation loads",
    async () => {
      await openDetail(automationOf('fine', { status: 'completed', progress: 100 }));

      await heading('Follower Extractor fine');
      expect(screen.queryByText('Failed to fetch automation details')).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Error Loading Automation' })).toBeNull();
    },
    SLOW,
  );

  it(
    "shows the template's description read from GET /api/templates/{templateId}",
    async () => {
      const { api } = await openDetail(automationOf('described', { status: 'completed', progress: 100 }), {
        template: 'Collect the followers of a LinkedIn company page or profile.',
      });

      await heading('Follower Extractor described');
      expect((await screen.findByTestId('template-description', {}, LONG)).textContent).toBe(
        'Collect the followers of a LinkedIn company page or profile.',
      );
      expect(api.callsTo('GET', '/templates/linkedin-follower-extractor')).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'shows the page without a description when the template cannot be read',
    async () => {
      const { api } = await openDetail(automationOf('orphan', { status: 'completed', progress: 100 }));

      await heading('Follower Extractor orphan');
      await waitFor(() =>
        expect(api.callsTo('GET', '/templates/linkedin-follower-extractor')).toHaveLength(1),
      );
      expect(screen.queryByTestId('template-description')).toBeNull();
      expect(screen.getByRole('region', { name: 'Summary' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows the queue and reads it again every 30 seconds, with the automation',
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const { api } = await openDetail(automationOf('queued', { status: 'completed', progress: 100 }), {
          queue: 3,
        });
        expect((await screen.findByTestId('queue-line', {}, LONG)).textContent).toBe(
          'Queue: 3 runs waiting, 1 running, yours is running',
        );
        const queues = api.callsTo('GET', '/automation/queue').length;
        const lists = api.callsTo('GET', '/automation').length;

        serveQueue(api, 5);
        await vi.advanceTimersByTimeAsync(30_000);

        await waitFor(() =>
          expect(screen.getByTestId('queue-line').textContent).toBe(
            'Queue: 5 runs waiting, 1 running, yours is running',
          ),
        );
        expect(api.callsTo('GET', '/automation/queue').length).toBeGreaterThan(queues);
        expect(api.callsTo('GET', '/automation').length).toBeGreaterThan(lists);
      } finally {
        vi.useRealTimers();
      }
    },
    SLOW,
  );

  it(
    'offers Resume only for a paused automation (DECISIONS 25)',
    async () => {
      for (const status of ['running', 'pending', 'active', 'completed', 'failed'] as const) {
        const { unmount } = await openDetail(automationOf(`r-${status}`, { status }));
        await heading(`Follower Extractor r-${status}`);
        expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
        unmount();
      }
      await openDetail(automationOf('r-paused', { status: 'paused' }));
      expect(await screen.findByRole('button', { name: 'Resume' }, LONG)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    },
    SLOW,
  );

  it(
    "resumes a paused automation with PUT /api/jobs/{jobId} {status: 'running'} and says so",
    async () => {
      const paused = automationOf('res', { jobId: 'res-job', status: 'paused', progress: 30 });
      const { api, user } = await openDetail(paused);
      api.on('PUT', '/jobs/res-job', {
        status: 200,
        body: { success: true, message: 'Job pending', data: { job: { id: 'res-job', status: 'pending' } } },
      });
      const resume = await screen.findByRole('button', { name: 'Resume' }, LONG);
      serveAutomations(api, [{ ...paused, status: 'pending' }]);

      await user.click(resume);

      expect(await screen.findByText('Automation resumed successfully', {}, LONG)).toBeTruthy();
      expect(api.callsTo('PUT', '/jobs/res-job').map((c) => c.body)).toEqual([{ status: 'running' }]);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull());
      expect(within(screen.getByRole('main')).getAllByTestId('status-badge')[0]?.textContent).toBe('Pending');
      // The button went away: focus moves to the page's heading instead of the document.
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    },
    SLOW,
  );

  it(
    "says 'Failed to resume automation: {reason}' when the server refuses",
    async () => {
      const { api, user } = await openDetail(automationOf('res2', { status: 'paused' }));
      api.on('PUT', '/jobs/res2', {
        status: 409,
        body: { code: 'CONFLICT', message: 'A cancelled job cannot be set to running.' },
      });

      await user.click(await screen.findByRole('button', { name: 'Resume' }, LONG));

      expect(
        await screen.findByText(
          'Failed to resume automation: A cancelled job cannot be set to running.',
          {},
          LONG,
        ),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'keeps the Pause label visible while the call runs and says the button is busy',
    async () => {
      const { api, user } = await openDetail(automationOf('slow', { status: 'active' }));
      api.on('POST', '/automation/slow/pause', { status: 200, body: { success: true } });
      const release = api.hold('POST', '/automation/slow/pause');
      const pause = await screen.findByRole('button', { name: 'Pause' }, LONG);

      await user.click(pause);

      await waitFor(() => expect(pause.getAttribute('aria-busy')).toBe('true'));
      expect(pause.getAttribute('aria-disabled')).toBe('true');
      expect(screen.getByRole('button', { name: 'Pause' })).toBe(pause);
      expect(document.activeElement).toBe(pause);
      await user.click(pause);
      release();
      expect(await screen.findByText('Automation paused successfully', {}, LONG)).toBeTruthy();
      expect(api.callsTo('POST', '/automation/slow/pause')).toHaveLength(1);
    },
    SLOW,
  );
});

describe('/automations/:automationId live progress', () => {
  it(
    "connects with the access token, subscribes to the job and shows 'Connecting...' then 'Connected'",
    async () => {
      await openDetail(automationOf('live-1', { jobId: 'job-live-1', status: 'running', progress: 10 }));

      const card = within(await screen.findByRole('region', { name: 'Live Progress' }, LONG));
      const indicator = card.getByRole('status');
      expect(indicator.getAttribute('aria-live')).toBe('polite');
      expect(indicator.textContent).toMatch(/Connecting\.\.\.|Connected/);
      await waitFor(() => expect(indicator.textContent).toBe('Live updates: Connected'), LONG);

      expect(server.connections[0]?.url).toBe('/ws?token=access-1');
      await waitFor(() =>
        expect(server.received.map((r) => r.message)).toEqual([
          { action: 'subscribeToJobProgress', jobId: 'job-live-1' },
        ]),
      );
    },
    SLOW,
  );

  it(
    'updates the progress, stage, message and tasks from a push without reloading the list',
    async () => {
      const { api } = await openDetail(
        automationOf('live-2', { status: 'running', progress: 10, stage: 'queued' }),
      );
      await waitFor(() => expect(server.received).toHaveLength(1), LONG);
      const lists = api.callsTo('GET', '/automation').length;

      server.push({
        event: 'jobProgress',
        data: {
          jobId: 'live-2',
          progress: '80%',
          status: 'running',
          stage: 'extract',
          message: 'Reading followers',
          completedTasks: 8,
          totalTasks: 10,
          successTasks: 7,
          failedTasks: 1,
        },
      });

      const bar = await screen.findByRole('progressbar', { name: 'Job progress' }, LONG);
      await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('80'));
      expect(bar.closest('[data-color]')?.getAttribute('data-color')).toBe('green');
      expect(screen.getByTestId('live-stage').textContent).toBe('extract');
      expect(screen.getByTestId('live-message').textContent).toBe('Reading followers');
      // The figures are a description list: each name (dt) is followed by its value (dd).
      const figure = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling!;
      expect(figure('Completed tasks').textContent).toBe('8');
      expect(figure('Total tasks').textContent).toBe('10');
      expect(figure('Successful tasks').textContent).toBe('7');
      expect(figure('Failed tasks').textContent).toBe('1');
      expect(api.callsTo('GET', '/automation')).toHaveLength(lists);
    },
    SLOW,
  );

  it(
    "completes the job from a push at 100% saying 'complete', and shows the banner",
    async () => {
      const { api } = await openDetail(automationOf('live-3', { status: 'running', progress: 90 }));
      await waitFor(() => expect(server.received).toHaveLength(1), LONG);
      serveAutomations(api, [automationOf('live-3', { status: 'completed', progress: 100, totalLeads: 9 })]);

      server.push({
        event: 'jobProgress',
        data: { jobId: 'live-3', progress: 100, status: 'running', message: 'Extraction complete' },
      });

      expect(await screen.findByText('Job completed successfully!', {}, LONG)).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Live Progress' })).toBeNull();
      // The finished job's totals come from the list, read once more.
      expect((await screen.findAllByTestId('lead-count', {}, LONG))[0]?.textContent).toBe('9 leads');
      // Nothing is watched any more: the socket closes.
      await waitFor(() => expect(server.openCount()).toBe(0), LONG);
    },
    SLOW,
  );

  it(
    "shows 'Disconnected' when the socket drops and 'Connected' again after it reconnects and resubscribes",
    async () => {
      await openDetail(automationOf('live-4', { status: 'active' }));
      const indicator = await screen.findByTestId('connection-indicator', {}, LONG);
      await waitFor(() => expect(indicator.textContent).toBe('Live updates: Connected'), LONG);
      await waitFor(() => expect(server.received).toHaveLength(1), LONG);

      server.dropAll();

      await waitFor(() => expect(indicator.textContent).toBe('Live updates: Disconnected'), LONG);
      await waitFor(() => expect(indicator.textContent).toBe('Live updates: Connected'), LONG);
      await waitFor(() => expect(server.received).toHaveLength(2), LONG);
      expect(server.received[1]?.message).toEqual({ action: 'subscribeToJobProgress', jobId: 'live-4' });
    },
    SLOW,
  );
});
