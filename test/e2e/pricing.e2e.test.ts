import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchTestBrowser, openApp, waitForPath, waitForText } from './browser';

let browser: Browser;
let page: Page;
const appUrl = inject('appUrl');

beforeAll(async () => {
  browser = await launchTestBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
});

describe('/pricing in a real browser on the local cloud', () => {
  it('shows the three plan cards with their prices, Plus as Most Popular, the reassurance lines and the FAQ', async () => {
    await openApp(page, `${appUrl}/pricing`);
    await waitForText(page, 'Most Popular');
    const text = await page.evaluate(() => document.body.textContent ?? '');
    for (const expected of ['Free Trial', 'Pro', 'Plus', '$0', '$39', '$69', 'Most Popular'])
      expect(text).toContain(expected);
    expect(text).toMatch(/no setup fees/i);
    expect(text).toMatch(/cancel anytime/i);
    expect(text).toMatch(/14-day free trial/i);
    expect(text).toMatch(/30-day money-back guarantee/i);
    // 'Most Popular' sits on the Plus card.
    const popularCard = await page.evaluate(() => {
      const badge = [...document.querySelectorAll('*')].find(
        (el) => el.textContent?.trim() === 'Most Popular',
      );
      let node = badge?.parentElement;
      while (node && !node.textContent?.includes('$')) node = node.parentElement;
      return node?.textContent ?? '';
    });
    expect(popularCard).toContain('Plus');
    expect(popularCard).toContain('$69');
  });

  it("tells a visitor who picks a plan 'Please login to continue' and sends them to /login", async () => {
    // Record every client-side navigation: /login is not built yet, so the router moves on from it at once.
    await page.evaluateOnNewDocument(() => {
      const seen: string[] = [];
      (window as unknown as { __paths: string[] }).__paths = seen;
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
          if (url) seen.push(new URL(String(url), location.href).pathname);
          return original(data, unused, url);
        };
      }
    });
    await openApp(page, `${appUrl}/pricing`);
    await waitForText(page, 'Most Popular');
    const buttons = await page.$$('button:not([disabled])');
    const labels = await Promise.all(buttons.map((b) => b.evaluate((el) => el.textContent ?? '')));
    const choosePlus = buttons[labels.findIndex((l: string) => /plus/i.test(l))];
    expect(choosePlus).toBeDefined();
    await choosePlus!.click();
    await waitForText(page, 'Please login to continue');
    const paths = await page.evaluate(() => (window as unknown as { __paths: string[] }).__paths);
    expect(paths).toContain('/login');
  });

  it('sends an unknown path to /dashboard, which asks a visitor to sign in first', async () => {
    await openApp(page, `${appUrl}/no/such/page`);
    await waitForPath(page, '/login');
    await waitForText(page, 'Sign in');
  });

  it('serves the API on the same origin as the app', async () => {
    await openApp(page, `${appUrl}/pricing`);
    const health = await page.evaluate(async () => (await fetch('/api/health')).json());
    expect(health).toEqual({ status: 'ok', checks: { dynamodb: 'ok', queue: 'ok' } });
  });
});
