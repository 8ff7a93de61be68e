import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalCloud, startLocalCloud } from '../../scripts/local-cloud';
import { setSandboxFailures } from '../../scripts/sandbox-platforms';
import { apiClient, newUserInput, register, signIn, verifyEmail } from '../support/api-client';

/**
 * Issue 19 point 11, as the tester did it: Ctrl-C on `npm start` in the middle of a follower run, then
 * `npm start` again. The running segment hands over when the cloud stops (its invocation's time ends, it
 * checkpoints and puts its next segment on the unsent index), and after the restart the job completes
 * with every lead once.
 */
let cloud: LocalCloud | undefined;

afterEach(async () => {
  await cloud?.stop();
  cloud = undefined;
});

const FOLLOWERS = 'linkedin-follower-extractor';
const config = {
  targetSettings: { companyPageUrl: '' },
  filteringSettings: { maxProfiles: 90, headlineKeywords: [], excludeOpenToWork: false },
  exportSettings: { format: 'csv', skipDuplicates: false },
};

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('stopping and restarting the local cloud mid-run', () => {
  it('completes the job after the restart with every lead once', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'trobly-restart-'));
    cloud = await startLocalCloud({ port: 0, stateDir });
    let api = apiClient(cloud.url);
    const input = newUserInput();
    await register(api, input);
    await verifyEmail(api, stateDir, input.email);
    const session = await signIn(api, input.email, input.password);
    const as = { token: session.accessToken };
    const connected = await api.post('/api/users/platforms/sandbox', { platform: 'linkedin' }, as);
    expect(connected.status, connected.text).toBeLessThan(300);

    // Slow answers (1.5 s each), so the run is under way, its first page not read yet, when the cloud stops.
    await setSandboxFailures('linkedin', { slowMs: 1500 }, cloud.env.SANDBOX_LINKEDIN_URL);
    const started = await api.post('/api/automation/start', { templateId: FOLLOWERS, config }, as);
    expect(started.status, started.text).toBe(201);
    const id = started.body.data.automation.id as string;
    const automation = async () =>
      ((await api.get('/api/automation', as)).body.data.automations as Array<Record<string, unknown>>).find(
        (a) => a.id === id,
      );
    await until(
      'the job to run',
      async () => ((await automation())?.status === 'running' ? true : undefined),
      60_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const midway = await automation();
    expect(midway?.status).toBe('running');
    expect(Number(midway?.totalLeads ?? 0)).toBeLessThan(90);

    // Ctrl-C, then npm start again on the same state.
    await cloud.stop();
    cloud = await startLocalCloud({ port: 0, stateDir });
    api = apiClient(cloud.url);
    const done = await until(
      'the job to complete',
      async () => {
        const a = await automation();
        return a?.status === 'completed' ? a : undefined;
      },
      90_000,
    );
    expect(done).toMatchObject({ totalLeads: 90, totalRuns: 1, successfulRuns: 1 });
    const leads = await api.get(`/api/automation/leads/${id}?page=1&limit=1000`, as);
    expect(leads.status, leads.text).toBe(200);
    const ids = (leads.body.data.leads as Array<{ id: string }>).map((lead) => lead.id);
    expect(ids).toHaveLength(90);
    expect(new Set(ids).size).toBe(90);
    // One job, kept once.
    const jobs = await api.get(`/api/jobs?automationId=${id}`, as);
    expect(jobs.body.data.jobs).toMatchObject([{ id, status: 'completed', leadsAdded: 90 }]);
  }, 240_000);
});
