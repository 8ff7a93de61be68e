import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { setSandboxFailures } from '../../scripts/sandbox-platforms';
import { appUrl, signIn, signUpVerified } from './account-steps';
import { seriousViolations } from './axe';
import { clickText, launchTestBrowser, openApp, waitForPath, waitForText } from './browser';

/**
 * Issue 11's outcome in a real browser on the local cloud: connect the sandbox LinkedIn account, start
 * the follower extractor, watch it run live on /automations/{id} ('Connected', the bar moving), see it
 * complete, and find its leads behind 'View Data'.
 */
let browser: Browser;
let page: Page;
const sandboxLinkedIn = inject('sandboxUrls').linkedin;

beforeAll(async () => {
  browser = await launchTestBrowser();
  page = await (await browser.createBrowserContext()).newPage();
  await page.setViewport({ width: 1280, height: 900 });
});
afterAll(async () => {
  await browser?.close();
});

describe('a trob run watched live', () => {
  it('starts the follower extractor, shows live progress with Connected, completes, and offers View Data with the count', async () => {
    const { email, password } = await signUpVerified(page);
    await openApp(page, `${appUrl}/login`);
    await signIn(page, email, password);
    await waitForPath(page, '/dashboard');

    await openApp(page, `${appUrl}/platforms`);
    await page.click('button[aria-label="Connect sandbox LinkedIn"]');
    await waitForText(page, 'sandra-box');

    // Every sandbox answer takes 600 ms, so the run lasts long enough to be watched.
    await setSandboxFailures('linkedin', { slowMs: 600 }, sandboxLinkedIn);
    try {
      await openApp(page, `${appUrl}/trobs/linkedin-follower-extractor`);
      await waitForText(page, 'LinkedIn Follower Extractor');
      await clickText(page, 'Configure', 'button');
      await clickText(page, 'Start Automation', 'button');
      await page.waitForFunction(() => /^\/automations\/[0-9a-f-]{36}$/.test(location.pathname), {
        timeout: 15_000,
      });

      // Record every value the live bar takes, and whether the indicator said Connected.
      await page.evaluate(() => {
        const seen = new Set<number>();
        (window as unknown as { seenProgress: Set<number> }).seenProgress = seen;
        (window as unknown as { sawConnected: boolean }).sawConnected = false;
        const sample = () => {
          const bar = document.querySelector('[role="progressbar"][aria-label="Job progress"]');
          if (bar) seen.add(Number(bar.getAttribute('aria-valuenow')));
          const indicator = document.querySelector('[data-testid="connection-indicator"]');
          if (
            indicator?.textContent?.includes('Connected') &&
            !indicator.textContent.includes('Disconnected')
          )
            (window as unknown as { sawConnected: boolean }).sawConnected = true;
        };
        new MutationObserver(sample).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        sample();
      });
      await waitForText(page, 'Job completed successfully!', 60_000).catch(async (error) => {
        throw new Error(
          `${(error as Error).message}\nThe page said: ${await page.evaluate(() => document.body.textContent)}`,
        );
      });
    } finally {
      await setSandboxFailures('linkedin', { clear: true }, sandboxLinkedIn);
    }
    const { progress, connected } = await page.evaluate(() => ({
      progress: [...(window as unknown as { seenProgress: Set<number> }).seenProgress],
      connected: (window as unknown as { sawConnected: boolean }).sawConnected,
    }));
    expect(connected).toBe(true);
    // The bar moved through values between the start and the end as pages were read.
    expect(progress.some((value) => value > 0 && value < 100)).toBe(true);

    // The detail of a finished run, and the completed list that now holds it, at phone and desktop widths.
    const detail = new URL(page.url()).pathname;
    for (const width of [390, 1280]) {
      await page.setViewport({ width, height: 900 });
      for (const path of [detail, '/automations/completed']) {
        await openApp(page, `${appUrl}${path}`);
        await waitForText(page, 'LinkedIn Follower Extractor');
        expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
      }
    }
    await openApp(page, `${appUrl}${detail}`);
    const viewData = await page.waitForSelector(`a[href$="/leads"]`, { timeout: 10_000 });
    const text = await viewData!.evaluate((el) => el.textContent ?? '');
    expect(text).toMatch(/View Data\s*[\d,]+/);
    // A new account is on FREE: the month's 100 profiles (DECISIONS 22) are what it gets.
    expect(Number(text.replace(/\D/g, ''))).toBe(100);
    // The leads screen itself is the next issue's: the link leads to the job's leads.
    expect(await viewData!.evaluate((el) => el.getAttribute('href'))).toBe(`${detail}/leads`);
  }, 150_000);
});
