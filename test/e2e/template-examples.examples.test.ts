import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { apiClient, signIn as apiSignIn, freshAddress } from '../support/api-client';
import { onAutopilot } from '../support/flows';
import { appUrl, nameBrowser, plusAccountWithLinkedIn } from './account-steps';
import { launchTestBrowser } from './browser';
import { expectActivityRows, expectTrustworthyRun, firstRunOf } from './example-run';

/**
 * Issue 36's "done when" for Thought Leader Warm-up, New Connection Nurture and the comment follow-up
 * template, each on a new PLUS account with the sandbox LinkedIn connected: a flow made from the
 * template's first example finds people, scores at least half of them Warm or Hot, contacts nobody
 * below its minimum match, and its activity rows show their type, company and title. (AI Prospecting's
 * first example is the wizard journey's, flow-setup.e2e.test.ts.) Each template has an account of its
 * own: a new account's first day allows few writes, which two flows would share.
 */
let browser: Browser;
const stops: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  // The flows are stopped, so no run of theirs keeps the local cloud's workers busy after this file.
  await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
  await browser?.close();
});

const templates = [
  'linkedin-thought-leader-warmup-flow',
  'linkedin-connection-nurture-flow',
  'linkedin-engager-follow-up-flow',
].map((id) => flowTemplates.find((t) => t.id === id)!);

/** One template's first example on an account of its own, from sign-up to its activity rows. */
async function tryFirstExample(template: (typeof flowTemplates)[number]) {
  // A browser context each: three people signed in at once, each with a sandbox session of their own.
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await nameBrowser(page, `example-${template.id}`);
  const { email, password } = await plusAccountWithLinkedIn(page);
  const api = apiClient(appUrl).from(freshAddress());
  const token = (await apiSignIn(api, email, password)).accessToken;
  const config = onAutopilot(template.defaultConfig);
  config.targetingSettings = {
    ...config.targetingSettings!,
    ...structuredClone(template.examples[0]!.config.targetingSettings),
  };
  // The fewest a run takes, so its paced writes end within a few minutes.
  config.executionSettings!.prospectsPerRun = 5;
  const res = await api.post('/api/flows', { templateId: template.id, config }, { token });
  if (res.status !== 201)
    throw new Error(`${template.displayName}: start answered ${res.status}: ${res.text}`);
  const flowId = res.body.data.flow.id as string;
  stops.push(() => api.delete(`/api/flows/${flowId}`, undefined, { token }));

  await firstRunOf(api, token, flowId);
  const minimum = config.targetingSettings.minimumMatch ?? 'warm';
  const activities = await expectTrustworthyRun(api, token, flowId, minimum);
  await expectActivityRows(page, flowId, activities);
  await context.close();
}

describe('a flow made from a template’s first example', () => {
  it(`${templates.map((t) => t.displayName).join(', ')}: each finds people, mostly Warm or Hot, contacts none below its minimum, and its rows say who`, async () => {
    // At once, each on its own account: the local cloud runs the three flows side by side.
    await Promise.all(templates.map((template) => tryFirstExample(template)));
  }, 480_000);
});
