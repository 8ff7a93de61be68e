import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { setSandboxFailures } from '../../scripts/sandbox-platforms';
import { appUrl, nameBrowser, ownSandboxToken, signInThroughApi, signUpVerified } from './account-steps';
import { seriousViolations } from './axe';
import { clickSelector, clickText, freshPage, launchTestBrowser, openApp, waitForText } from './browser';

/**
 * DECISIONS 25 in a real browser on the local cloud: a trob paused while it runs stays in reach. It is
 * on the Active list with the warning-coloured 'Paused' badge and a Resume button, its detail page
 * offers Resume too, and Resume (from the list, by keyboard) sends it back to run to completion.
 */
let browser: Browser;
let page: Page;
let userAgent: string;
const sandboxLinkedIn = inject('sandboxUrls').linkedin;

beforeAll(async () => {
  browser = await launchTestBrowser();
  page = await freshPage(browser);
  await page.setViewport({ width: 1280, height: 900 });
  userAgent = await nameBrowser(page, 'paused-automation');
});
afterAll(async () => {
  await browser?.close();
});

/** `PUT /api/jobs/{jobId}` with the page's own session, as the app calls it. */
function updateJob(jobId: string, status: string): Promise<{ status: number; body: string }> {
  return page.evaluate(
    async (id, wanted) => {
      const stored = localStorage.getItem('trobly.session') ?? sessionStorage.getItem('trobly.session');
      const { accessToken } = JSON.parse(stored ?? '{}') as { accessToken?: string };
      const response = await fetch(`/api/jobs/${encodeURIComponent(id)}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: wanted }),
      });
      return { status: response.status, body: await response.text() };
    },
    jobId,
    status,
  );
}

/** The text of the Active list's row of `name`, or undefined while it is not listed. */
function activeRow(name: string): Promise<string | undefined> {
  return page.evaluate(
    (n) =>
      [...document.querySelectorAll('[data-testid="automation-row"]')]
        .find((row) => row.textContent?.includes(n))
        ?.querySelector('[data-testid="status-badge"]')?.textContent ?? undefined,
    name,
  );
}

describe('a paused automation', () => {
  it('a paused automation is resumed from the Active list in the browser', async () => {
    const { email, password } = await signUpVerified(page);
    await signInThroughApi(page, email, password, '/platforms');
    await clickSelector(page, 'button[aria-label="Connect sandbox LinkedIn"]');
    await waitForText(page, 'sandra-box');

    // Every sandbox answer to this session takes 600 ms, so the run is still under way when it is paused.
    const token = await ownSandboxToken('linkedin', userAgent, sandboxLinkedIn);
    await setSandboxFailures('linkedin', { token, slowMs: 600 }, sandboxLinkedIn);
    let id: string;
    try {
      await openApp(page, `${appUrl}/trobs/linkedin-follower-extractor`);
      await waitForText(page, 'LinkedIn Follower Extractor');
      await clickText(page, 'Configure', 'button');
      await clickText(page, 'Start Automation', 'button');
      await page.waitForFunction(() => /^\/automations\/[0-9a-f-]{36}$/.test(location.pathname), {
        timeout: 15_000,
      });
      id = new URL(page.url()).pathname.split('/').at(-1)!;

      // Paused through the API while it waits or runs (the page's Pause is for active, recurring ones).
      const paused = await updateJob(id, 'paused');
      expect(paused.status, paused.body).toBe(200);

      // The detail page offers Resume for it, and no Pause.
      await openApp(page, `${appUrl}/automations/${id}`);
      await waitForText(page, 'Paused');
      await page.waitForSelector('::-p-aria([name="Resume"][role="button"])', { timeout: 10_000 });
      expect(await page.$('::-p-aria([name="Pause"][role="button"])')).toBeNull();

      // On the Active list with the 'Paused' badge in the warning colour, and Resume, at both widths.
      for (const width of [390, 1280]) {
        await page.setViewport({ width, height: 900 });
        await openApp(page, `${appUrl}/automations/active`);
        await page.waitForSelector('[data-testid="automation-row"]', { timeout: 10_000 });
        expect(await activeRow('LinkedIn Follower Extractor')).toBe('Paused');
        const findings = await seriousViolations(page);
        expect(findings, `the Active list with a paused automation at ${width} px`).toEqual([]);
      }
      const badge = await page.$eval('[data-testid="automation-row"] [data-testid="status-badge"]', (el) =>
        el.getAttribute('style'),
      );
      expect(badge).toContain('--mantine-color-yellow-');
      // Still paused a while later: nothing ran it meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await openApp(page, `${appUrl}/automations/active`);
      await page.waitForSelector('[data-testid="automation-row"]', { timeout: 10_000 });
      expect(await activeRow('LinkedIn Follower Extractor')).toBe('Paused');
    } finally {
      await setSandboxFailures('linkedin', { token, clear: true }, sandboxLinkedIn);
    }

    // Resume by keyboard: the button takes focus and Enter presses it.
    const resume = await page.waitForSelector(
      '::-p-aria([name="Resume LinkedIn Follower Extractor"][role="button"])',
      {
        timeout: 10_000,
      },
    );
    await resume!.focus();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Resume LinkedIn Follower Extractor',
    );
    await page.keyboard.press('Enter');
    await waitForText(page, 'Automation resumed successfully');
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll('[data-testid="automation-row"] [data-testid="status-badge"]')].some(
          (badge) => badge.textContent === 'Paused',
        ),
      { timeout: 10_000 },
    );
    // Resume went with the paused status; the keyboard's place is the row's other action.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'View details of LinkedIn Follower Extractor',
    );
    expect(await activeRow('LinkedIn Follower Extractor')).toMatch(/^(Pending|Running)$/);

    // It runs on from where it stopped, to the end.
    await openApp(page, `${appUrl}/automations/${id}`);
    await waitForText(page, 'Job completed successfully!', 90_000).catch(async (error) => {
      throw new Error(
        `${(error as Error).message}\nThe page said: ${await page.evaluate(() => document.body.textContent)}`,
      );
    });
    expect(await page.$('::-p-aria([name="Resume"][role="button"])')).toBeNull();
    await openApp(page, `${appUrl}/automations/completed`);
    await waitForText(page, 'LinkedIn Follower Extractor');
    expect(
      await page.$$eval('[data-testid="automation-row"] [data-testid="status-badge"]', (badges) =>
        badges.map((b) => b.textContent),
      ),
    ).toEqual(['Completed']);
  }, 180_000);
});
