import type { User } from '../../../shared/auth';
import type { Automation } from '../../../shared/automations-values';
import type { Lead } from '../../../shared/leads';
import { automationOf, serveAutomations } from '../automations/automation-fixtures';
import { renderApp } from '../render-app';
import { type FakeAnswer, type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';

export const LONG = { timeout: 10000 };
export const SLOW = 30000;

const HOUR = 3_600_000;

/**
 * `n` generated leads, 'Person 001'.. (ids 'p001'..), newest first: lead i was extracted i hours ago,
 * so the first 168 are within 'Recent (7 days)'.
 */
export function generateLeads(n: number, now = Date.now()): Lead[] {
  return Array.from({ length: n }, (_, i) => {
    const k = String(i + 1).padStart(3, '0');
    return {
      id: `p${k}`,
      profileId: `p${k}`,
      name: `Person ${k}`,
      profileUrl: `https://www.linkedin.com/in/person-${k}`,
      headline: `Headline ${k}`,
      title: `Engineer ${k}`,
      company: `Company ${k}`,
      location: 'Berlin, Germany',
      extractedAt: new Date(now - i * HOUR).toISOString(),
    };
  });
}

/**
 * Serves `leads` for `jobId` with the API's cursor protocol: `?limit=n` is the first chunk,
 * `&after=<id>` continues after that lead, and `nextAfter` names the chunk's last lead when the chunk
 * was full (so the last full chunk is followed by an empty one, as the real service does).
 */
export function serveLeads(api: FakeApi, jobId: string, leads: Lead[] | (() => FakeAnswer)) {
  api.on('GET', `/automation/leads/${encodeURIComponent(jobId)}`, (call) => {
    if (typeof leads === 'function') return leads();
    const query = new URLSearchParams(call.path.split('?')[1] ?? '');
    const limit = Number(query.get('limit') ?? 50);
    const after = query.get('after');
    const start = after === null ? 0 : leads.findIndex((l) => l.id === after) + 1;
    const chunk = leads.slice(start, start + limit);
    return {
      status: 200,
      body: {
        success: true,
        data: {
          leads: chunk,
          totalLeads: leads.length,
          page: 1,
          limit,
          totalPages: Math.max(1, Math.ceil(leads.length / limit)),
          ...(chunk.length === limit ? { nextAfter: chunk.at(-1)?.id } : {}),
        },
      },
    };
  });
}

export interface OpenOptions {
  leads?: Lead[] | (() => FakeAnswer);
  automation?: Automation;
  automations?: () => FakeAnswer;
  path?: string;
  /** The signed-in user's plan (makeUser's by default). */
  plan?: User['plan'];
}

/** The leads screen of a completed automation 'auto-1' (or the one given) with these leads. */
export function openLeads(options: OpenOptions = {}) {
  const api = installFakeApi();
  signInAs(api, makeUser(options.plan ? { plan: options.plan } : {}));
  const automation =
    options.automation ??
    automationOf('auto-1', {
      status: 'completed',
      progress: 100,
      totalLeads: Array.isArray(options.leads) ? options.leads.length : 0,
    });
  if (options.automations) api.on('GET', '/automation', options.automations);
  else serveAutomations(api, [automation]);
  serveLeads(api, automation.jobId, options.leads ?? []);
  const view = renderApp(options.path ?? `/automations/${automation.jobId}/leads`);
  return { api, automation, ...view };
}
