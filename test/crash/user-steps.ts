import { expect } from 'vitest';
import { flowTemplates } from '../../functions/flows/templates/registry';
import type { FlowConfigInput } from '../../shared/flows';
import { type Api, apiClient, newUserInput, register, signIn, verifyEmail } from '../support/api-client';
import { onAutopilot } from '../support/flows';
import type { RunningCloud } from './crash-cloud';

/**
 * What a person does in a crash case, only through the product's HTTP API (and the sandbox's admin
 * endpoints, which stand in for the platform's people): sign up, buy a plan at the sandbox checkout,
 * connect the sandbox LinkedIn, start trobs and flows, decide a flow's review queue.
 */
export class CaseUser {
  api: Api;
  token = '';

  private constructor(
    cloud: RunningCloud,
    readonly email: string,
    readonly password: string,
  ) {
    this.api = apiClient(cloud.url);
  }

  /** A verified user on the PLUS plan (bought at the payment sandbox) with the sandbox LinkedIn connected. */
  static async create(cloud: RunningCloud, stateDir: string): Promise<CaseUser> {
    const input = newUserInput();
    const user = new CaseUser(cloud, input.email, input.password);
    await register(user.api, input);
    await verifyEmail(user.api, stateDir, input.email);
    await user.signIn(cloud);
    // A trial limits what runs; PLUS is what the flow tests run on, bought as a user buys it.
    const checkout = await user.post('/api/billing/create-checkout-session', {
      planId: 'plus',
      successUrl: `${cloud.url}/dashboard?upgraded=true`,
      cancelUrl: `${cloud.url}/pricing`,
    });
    const sessionId = new URL(checkout.checkoutUrl as string).pathname.split('/').at(-1);
    const paid = await user.api.post(`/api/billing/sandbox/${sessionId}/complete`);
    expect(paid.status, paid.text).toBe(200);
    await user.post('/api/users/platforms/sandbox', { platform: 'linkedin' });
    return user;
  }

  /** Signs in (again after a restart: a downtime may have outlived the access token). */
  async signIn(cloud: RunningCloud): Promise<void> {
    this.api = apiClient(cloud.url);
    this.token = (await signIn(this.api, this.email, this.password)).accessToken;
  }

  async post(path: string, body: unknown = {}): Promise<Record<string, unknown>> {
    const res = await this.api.post(path, body, { token: this.token });
    expect(res.status, `POST ${path}: ${res.text}`).toBeLessThan(300);
    return (res.body?.data ?? res.body ?? {}) as Record<string, unknown>;
  }

  async get(path: string): Promise<Record<string, unknown>> {
    const res = await this.api.get(path, { token: this.token });
    expect(res.status, `GET ${path}: ${res.text}`).toBe(200);
    return res.body.data as Record<string, unknown>;
  }

  async startTrob(templateId: string, config: unknown): Promise<string> {
    const data = await this.post('/api/automation/start', { templateId, config });
    return (data.automation as { id: string }).id;
  }

  async startFlow(templateId: string, config: FlowConfigInput): Promise<string> {
    const data = await this.post('/api/flows', { templateId, config });
    return (data.flow as { id: string }).id;
  }

  /** Runs the flow now ('Run now'); a run already going (a schedule that fired at a restart) is fine. */
  async executeFlow(flowId: string): Promise<number> {
    return (await this.api.post(`/api/flows/${flowId}/execute`, {}, { token: this.token })).status;
  }

  async flow(flowId: string): Promise<Record<string, unknown>> {
    return (await this.get(`/api/flows/${flowId}`)).flow as Record<string, unknown>;
  }

  /** Approves every write waiting in the flow's review queue, as written. */
  async approveAll(flowId: string): Promise<number> {
    const queue = (await this.get(`/api/flows/${flowId}/review`)).items as Array<{ key: string }>;
    if (queue.length > 0)
      await this.post(`/api/flows/${flowId}/review`, {
        decisions: queue.map((item) => ({ key: item.key, action: 'approve' })),
      });
    return queue.length;
  }
}

export const FOLLOWERS = 'linkedin-follower-extractor';
export const CONNECTIONS = 'linkedin-connections-export';
export const WARMUP_FLOW = 'linkedin-thought-leader-warmup-flow';
/**
 * The template the crash cases' flows run: New Connection Nurture makes all four writes (like, comment,
 * invitation, message; issue 36 found 5), on the warm-up's audience (`warmupConfig`).
 */
export const EVERY_WRITE_FLOW = 'linkedin-connection-nurture-flow';

/** A follower extractor's config: the owner's own followers, nothing filtered. */
export const followersConfig = (maxProfiles: number) => ({
  targetSettings: { companyPageUrl: '' },
  filteringSettings: { maxProfiles, headlineKeywords: [], excludeOpenToWork: false },
  exportSettings: { format: 'csv', skipDuplicates: false },
});

/** The owner's connections, each profile visited for its title, company and skills (profile views). */
export const enrichedConnectionsConfig = (maxProfiles: number) => ({
  connectionSettings: { sortBy: 'recentlyAdded', connectedAfter: '' },
  filteringSettings: { maxProfiles, headlineKeywords: [], enrichProfiles: true },
  exportSettings: { format: 'csv', skipDuplicates: false },
});

/**
 * The thought-leader warm-up's audience and settings, for a flow of EVERY_WRITE_FLOW (likes and comments
 * on each prospect's newest post, then an invitation with a note; a message to who accepted at a later
 * run), as flow-run.integration.test.ts runs it.
 */
export function warmupConfig(
  options: { review?: boolean; prospectsPerRun?: number; withdrawAfterDays?: number } = {},
) {
  const template = flowTemplates.find((t) => t.id === WARMUP_FLOW)!;
  const config = options.review
    ? structuredClone(template.defaultConfig)
    : onAutopilot(template.defaultConfig);
  config.executionSettings = {
    ...config.executionSettings!,
    prospectsPerRun: options.prospectsPerRun ?? 6,
    ...(options.withdrawAfterDays ? { withdrawAfterDays: options.withdrawAfterDays } : {}),
  };
  return config as FlowConfigInput;
}

/** Polls `read` until it answers a value, printing what it waits for every 15 s. */
export async function until<T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs: number,
  progress?: () => string,
): Promise<T> {
  const started = Date.now();
  let shown = started;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    if (Date.now() - shown > 15_000) {
      shown = Date.now();
      console.log(
        `[crash]   waiting ${Math.round((shown - started) / 1000)} s for ${what}${progress ? `: ${progress()}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}
