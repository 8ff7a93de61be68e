import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, inject, it } from 'vitest';
import { setSandboxFailures } from '../../scripts/sandbox-platforms';
import { appUrl, nameBrowser, ownSandboxToken, signInThroughApi, signUpVerified } from './account-steps';
import {
  clickSelector,
  clickText,
  freshPage,
  launchTestBrowser,
  openApp,
  waitForPath,
  waitForText,
} from './browser';

/** The catalogue and connections journey: browse, meet Connection Required, connect the sandbox account. */
let browser: Browser;
let page: Page;
let userAgent: string;
const sandboxUrls = inject('sandboxUrls');

beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  page = await freshPage(browser, { width: 1280, height: 900 });
  userAgent = await nameBrowser(page, 'catalogue');
});

describe('catalogue and connections in a real browser on the local cloud', () => {
  it('searches the catalogue, clears an empty search, meets Connection Required, connects the sandbox LinkedIn account, starts the trob, lands on its detail, finds it on the dashboard, and meets the FREE plan limit on a second start while it runs', async () => {
    const { email, password } = await signUpVerified(page);
    await signInThroughApi(page, email, password, '/trobs');
    await waitForText(page, 'Popular Templates');
    await waitForText(page, 'Showing 13 of 13 templates');
    await page.type('input[aria-label="Search templates"]', 'no such trob anywhere');
    await waitForText(page, 'No templates found');
    await clickText(page, 'Clear All Filters', 'button');
    await waitForText(page, 'Showing 13 of 13 templates');
    await page.type('input[aria-label="Search templates"]', 'connections');
    await waitForText(page, 'LinkedIn Connections Export');

    await openApp(page, `${appUrl}/trobs/linkedin-connections-export`);
    await waitForText(page, 'Not Connected');
    await clickText(page, 'Configure', 'button');
    await clickText(page, 'Start Automation', 'button');
    await waitForText(page, 'Connection Required');
    await clickText(page, 'Connect', 'button');
    await waitForPath(page, '/platforms');

    await waitForText(page, 'No Platforms Connected');
    await clickSelector(page, 'button[aria-label="Connect sandbox LinkedIn"]');
    await waitForText(page, 'sandra-box');
    await waitForText(page, 'Connected');
    await clickText(page, 'Re-validate', 'button');
    await waitForText(page, 'LinkedIn connection validated');

    await openApp(page, `${appUrl}/trobs/linkedin-connections-export`);
    await waitForText(page, 'LinkedIn Connections Export');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('*')].some(
          (el) => el.childElementCount === 0 && el.textContent?.trim() === 'Connected',
        ),
      { timeout: 10_000 },
    );

    // Start the trob: it is recorded and queued, the page goes to its detail, and the dashboard lists
    // it. The sandbox answers this session slowly meanwhile, so the job is still running at the second start.
    const token = await ownSandboxToken('linkedin', userAgent, sandboxUrls.linkedin);
    await setSandboxFailures('linkedin', { token, slowMs: 8000 }, sandboxUrls.linkedin);
    try {
      await clickText(page, 'Configure', 'button');
      await clickText(page, 'Start Automation', 'button');
      await waitForText(page, 'Automation started');
      await page.waitForFunction(() => /^\/automations\/[0-9a-f-]{36}$/.test(location.pathname), {
        timeout: 10_000,
      });
      await openApp(page, `${appUrl}/dashboard`);
      await waitForText(page, 'Welcome Back!');
      await waitForText(page, 'LinkedIn Connections Export');

      // A new account is on FREE: one running automation is its limit.
      await openApp(page, `${appUrl}/trobs/linkedin-connections-export`);
      await waitForText(page, 'LinkedIn Connections Export');
      await clickText(page, 'Configure', 'button');
      await clickText(page, 'Start Automation', 'button');
      await waitForText(
        page,
        "You've reached your automation limit (1). Upgrade your plan to create more automations.",
      );
    } finally {
      await setSandboxFailures('linkedin', { token, clear: true }, sandboxUrls.linkedin);
    }
    await waitForPath(page, '/pricing');
  });
});
