import { issueOneTimeToken } from '../../functions/auth/one-time-tokens';
import { findFlowTemplate } from '../../functions/flows/templates/registry';
import { seedFlow } from './flow-insights';
import { benchLeadSet } from './lead-data';
import { automationWithLeads, type BenchUser, benchUser, signIn } from './leads';
import type { SessionTokens } from './lighthouse';
import { storeFlow, storeQueue } from './review-screen';

/**
 * The data `npm run bench -- web` shows on its screens: ONE verified PLUS user of the local cloud this
 * process runs (its environment points at it), written through the other benches' seeders (the
 * product's own repositories) at the size of a user some weeks in, not of a stress test:
 *  - a sandbox LinkedIn connection (POST /api/users/platforms/sandbox, as the Platforms screen's button);
 *  - one flow (review-screen.ts storeFlow: active between runs, never run by the pollers) with
 *    FLOW_PROSPECTS prospects, FLOW_ENGAGED of them through the outreach, FLOW_ENGAGED x 5 activities
 *    (flow-insights.ts seedFlow), and REVIEW_ITEMS writes waiting for review (review-screen.ts storeQueue);
 *  - a completed automation holding AUTOMATION_LEADS leads (leads.ts automationWithLeads);
 *  - a sandbox checkout session (POST /api/billing/create-checkout-session, as the pricing page buys Pro);
 *  - a password-reset token, as the e-mail's link carries it.
 */
const FLOW_PROSPECTS = 50;
const FLOW_ENGAGED = 40;
const REVIEW_ITEMS = 20;
const AUTOMATION_LEADS = 1000;
const FLOW_TEMPLATE = 'linkedin-ai-prospecting-flow';

export interface WebBenchData {
  user: BenchUser;
  tokens: SessionTokens;
  connectionId: string;
  flowId: string;
  automationId: string;
  checkoutSessionId: string;
  resetPasswordToken: string;
  /** What was written, for the bench's header. */
  summary: string;
}

/** Calls the local cloud's API as the signed-in user; answers its JSON (most routes' `{ data }`). */
export async function apiJson<T>(appUrl: string, token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${appUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function seedWebBenchData(appUrl: string): Promise<WebBenchData> {
  const user = await benchUser();
  const tokens = await signIn(appUrl, user);
  const token = tokens.accessToken;
  const {
    data: { platform },
  } = await apiJson<{ data: { platform: { id: string } } }>(appUrl, token, '/users/platforms/sandbox', {
    platform: 'linkedin',
    timeZone: 'Europe/Berlin',
  });

  const flowId = await storeFlow(user.id, REVIEW_ITEMS);
  const timeZone = findFlowTemplate(FLOW_TEMPLATE)!.defaultConfig.executionSettings!.workingHours.timezone;
  const flow = await seedFlow(user.id, flowId, timeZone, Date.now(), {
    prospects: FLOW_PROSPECTS,
    engaged: FLOW_ENGAGED,
  });
  const queue = await storeQueue(user.id, flowId, REVIEW_ITEMS, platform.id);
  const automation = await automationWithLeads(user.id, benchLeadSet(AUTOMATION_LEADS));

  // The user is on PLUS: buying Pro is what the pricing page offers it.
  const { checkoutUrl } = await apiJson<{ checkoutUrl: string }>(
    appUrl,
    token,
    '/billing/create-checkout-session',
    { planId: 'pro', successUrl: `${appUrl}/dashboard`, cancelUrl: `${appUrl}/pricing` },
  );
  const now = new Date();
  return {
    user,
    tokens,
    connectionId: platform.id,
    flowId,
    automationId: automation.id,
    checkoutSessionId: new URL(checkoutUrl).pathname.split('/').at(-1)!,
    resetPasswordToken: await issueOneTimeToken(user.id, 'reset-password', now),
    summary: `one verified PLUS user with a sandbox LinkedIn connection; a flow of ${flow.prospects} prospects (${FLOW_ENGAGED} engaged), ${flow.activities} activities over ${flow.jobs} runs and ${REVIEW_ITEMS} writes waiting for review (${queue.kinds}); a completed automation with ${AUTOMATION_LEADS.toLocaleString('en-US')} leads; a sandbox checkout session`,
  };
}
