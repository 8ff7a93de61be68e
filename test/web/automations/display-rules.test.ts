import { describe, expect, it } from 'vitest';
import {
  AUTOMATIONS_TEXTS,
  activeAutomations,
  canPause,
  canResume,
  completedAutomations,
  nextRunCountdown,
  progressColor,
  queueSummary,
  statusColor,
  statusLabel,
  statusTextOf,
  successRate,
} from '../../../web/src/features/automations/automation-display';
import { configGroups, humanizeKey } from '../../../web/src/features/automations/config-view';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../web/src/lib/api-client';
import { automationOf } from './automation-fixtures';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const inSeconds = (s: number) => new Date(NOW + s * 1000).toISOString();

describe('next-run countdown (part 2 section 4)', () => {
  it("shows 'Not scheduled' without a next run", () => {
    expect(nextRunCountdown(undefined, NOW).text).toBe('Not scheduled');
    expect(nextRunCountdown('', NOW).text).toBe('Not scheduled');
    expect(nextRunCountdown(null, NOW).text).toBe('Not scheduled');
  });

  it("shows 'Overdue' for a time in the past", () => {
    expect(nextRunCountdown(inSeconds(-1), NOW)).toMatchObject({ text: 'Overdue', soon: false });
    expect(nextRunCountdown(inSeconds(-7200), NOW).text).toBe('Overdue');
  });

  it('shows seconds under 1 minute and minutes from 60 s', () => {
    expect(nextRunCountdown(inSeconds(59), NOW)).toEqual({ text: '59s', spoken: '59 seconds', soon: false });
    expect(nextRunCountdown(inSeconds(60), NOW)).toEqual({ text: '1m', spoken: '1 minute', soon: true });
  });

  it('shows minutes in yellow under 5 minutes, and not from 5:00', () => {
    expect(nextRunCountdown(inSeconds(4 * 60 + 59), NOW)).toMatchObject({ text: '4m', soon: true });
    expect(nextRunCountdown(inSeconds(5 * 60), NOW)).toMatchObject({ text: '5m', soon: false });
  });

  it('shows minutes under 1 hour and hours from 60 minutes', () => {
    expect(nextRunCountdown(inSeconds(59 * 60), NOW)).toMatchObject({ text: '59m', soon: false });
    expect(nextRunCountdown(inSeconds(60 * 60), NOW)).toEqual({ text: '1h', spoken: '1 hour', soon: false });
    expect(nextRunCountdown(inSeconds(5 * 3600 + 59 * 60), NOW).text).toBe('5h');
  });
});

describe('progress colours (part 2 sections 4 and 9)', () => {
  it.each([
    [0, 'red'],
    [25, 'red'],
    [26, 'yellow'],
    [50, 'yellow'],
    [51, 'blue'],
    [75, 'blue'],
    [76, 'green'],
    [100, 'green'],
  ])('colours %i%% %s', (progress, color) => {
    expect(progressColor(progress)).toBe(color);
  });
});

describe('status badges (part 2 section 4)', () => {
  it('colours active and running as success, paused warning, completed info, failed and cancelled danger', () => {
    expect(statusColor('active')).toBe('green');
    expect(statusColor('running')).toBe('green');
    expect(statusColor('paused')).toBe('yellow');
    expect(statusColor('completed')).toBe('blue');
    expect(statusColor('failed')).toBe('red');
    expect(statusColor('cancelled')).toBe('red');
  });

  it("labels the job statuses, and anything else 'Unknown'", () => {
    expect(
      ['pending', 'running', 'completed', 'failed', 'cancelled', 'paused', 'exploded'].map(statusLabel),
    ).toEqual(['Pending', 'Running', 'Completed', 'Failed', 'Cancelled', 'Paused', 'Unknown']);
  });
});

describe('list filtering (part 2 section 4)', () => {
  const all = ['pending', 'running', 'active', 'paused', 'completed', 'failed', 'cancelled'].map((status) =>
    automationOf(status, { status: status as never }),
  );

  it('keeps active, running and pending in the active list, and paused ones too (DECISIONS 25)', () => {
    expect(activeAutomations(all).map((a) => a.status)).toEqual(['pending', 'running', 'active', 'paused']);
  });

  it('keeps completed, failed and cancelled in the completed list', () => {
    expect(completedAutomations(all).map((a) => a.status)).toEqual(['completed', 'failed', 'cancelled']);
  });
});

describe('pause and resume (part 2 section 4, DECISIONS 25)', () => {
  const statuses = ['pending', 'running', 'active', 'paused', 'completed', 'failed', 'cancelled'];

  it('offers Pause for an active automation only', () => {
    expect(statuses.filter(canPause)).toEqual(['active']);
  });

  it('offers Resume for a paused automation only', () => {
    expect(statuses.filter(canResume)).toEqual(['paused']);
  });
});

describe("'Failed to fetch automations: {status text}' (part 2 section 8)", () => {
  it("names the HTTP status's reason phrase, not the server's message", () => {
    const failed = (status: number) => new ApiError(status, 'INTERNAL_ERROR', 'Internal error');
    expect(AUTOMATIONS_TEXTS.listFetchFailed(statusTextOf(failed(500)))).toBe(
      'Failed to fetch automations: Internal Server Error',
    );
    expect(statusTextOf(failed(503))).toBe('Service Unavailable');
    expect(statusTextOf(failed(429))).toBe('Too Many Requests');
    expect(statusTextOf(failed(403))).toBe('Forbidden');
  });

  it("says the error's own message when no answer came or the status has no phrase here", () => {
    expect(statusTextOf(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE))).toBe(NETWORK_ERROR_MESSAGE);
    expect(statusTextOf(new ApiError(418, 'UNEXPECTED_RESPONSE', 'Request failed'))).toBe('Request failed');
    expect(statusTextOf(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(statusTextOf('nothing useful')).toBe('Request failed');
  });
});

describe('queue line', () => {
  it('says how many runs wait and where the user stands', () => {
    const base = { waiting: 2, running: 0, yourWaiting: 1, yourRunning: 0, yourPosition: 1 };
    expect(queueSummary(base)).toBe('2 runs waiting, yours is next');
    expect(queueSummary({ ...base, running: 3, yourPosition: 2 })).toBe(
      '2 runs waiting, 3 running, yours is number 2 in line',
    );
    expect(queueSummary({ waiting: 0, running: 1, yourWaiting: 0, yourRunning: 1, yourPosition: null })).toBe(
      'No runs waiting, 1 running, yours is running',
    );
    expect(queueSummary({ waiting: 1, running: 0, yourWaiting: 0, yourRunning: 0, yourPosition: null })).toBe(
      '1 run waiting',
    );
  });
});

describe('success rate (part 2 section 5)', () => {
  it('divides successful runs by runs, or for a job successful tasks by completed tasks', () => {
    expect(successRate(automationOf('a', { totalRuns: 4, successfulRuns: 3 }))).toBe('75%');
    expect(successRate(automationOf('b', { completedTasks: 10, successTasks: 9 }))).toBe('90%');
    expect(successRate(automationOf('c'))).toBeUndefined();
  });
});

describe('configuration card', () => {
  it('writes keys in words and groups each settings object', () => {
    expect(humanizeKey('linkedinPostUrl')).toBe('LinkedIn post URL');
    expect(humanizeKey('max_profiles')).toBe('Max profiles');
    expect(
      configGroups({
        postSettings: {
          linkedinPostUrl: 'https://www.linkedin.com/posts/1',
          extractionTypes: ['likes', 'comments'],
        },
        filteringSettings: { maxProfiles: 1500, enableNicheFiltering: false, niche: '' },
        exportSettings: { includeCompanies: true, nested: { deep: 1 } },
        label: 'Mine',
      }),
    ).toEqual([
      { title: 'General', rows: [{ label: 'Label', value: 'Mine' }] },
      {
        title: 'Post settings',
        rows: [
          { label: 'LinkedIn post URL', value: 'https://www.linkedin.com/posts/1' },
          { label: 'Extraction types', value: 'likes, comments' },
        ],
      },
      {
        title: 'Filtering settings',
        rows: [
          { label: 'Max profiles', value: '1,500' },
          { label: 'Enable niche filtering', value: 'No' },
          { label: 'Niche', value: '—' },
        ],
      },
      {
        title: 'Export settings',
        rows: [
          { label: 'Include companies', value: 'Yes' },
          { label: 'Nested › Deep', value: '1' },
        ],
      },
    ]);
  });
});
