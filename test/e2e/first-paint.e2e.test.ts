import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPLASH_TEXT } from '../../web/src/app/splash/splash-text';
import { appUrl, signInThroughApi, signUpVerified } from './account-steps';
import { launchTestBrowser, openApp, waitForText } from './browser';

/**
 * Issue 10 point 7: the first paint needs no JavaScript. index.html carries the startup splash (spec 9),
 * which the app's own splash replaces, so a phone shows it while the code is still on its way.
 */
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  const context = await browser.createBrowserContext();
  page = await context.newPage();
  await page.setViewport({ width: 390, height: 844 });
});

describe('the first paint', () => {
  it('is the splash, in the page as served, before any script runs', async () => {
    for (const path of ['/login', '/dashboard', '/trobs']) {
      const html = await (await fetch(`${appUrl}${path}`)).text();
      expect(html, path).toContain(`<p>${SPLASH_TEXT}</p>`);
      expect(html, path).not.toContain('%SPLASH_TEXT%');
    }
    await page.setJavaScriptEnabled(false);
    await page.goto(`${appUrl}/login`);
    const splash = await page.evaluate(() => {
      const status = document.querySelector('#root [role="status"]') as HTMLElement | null;
      const box = status?.getBoundingClientRect();
      return { text: status?.textContent?.trim(), width: box?.width, height: box?.height };
    });
    expect(splash).toEqual({ text: SPLASH_TEXT, width: 390, height: 844 });
  });

  it("gives way to the app's own splash and then the page", async () => {
    await openApp(page, `${appUrl}/login`);
    await waitForText(page, 'Welcome back to');
    await page.waitForFunction(() => !document.querySelector('[role="status"]'), { timeout: 5000 });
    expect(await page.evaluate(() => document.querySelectorAll('.startup-splash').length)).toBe(0);
  });

  it("preloads the shared scripts from the page as served, and no lazy part's scripts from script", async () => {
    // Issue 38 point 2: a link inserted from script cost about 1.5 ms of the app's first task, one a script.
    const served = await (await fetch(`${appUrl}/pricing`)).text();
    const servedLinks = [...served.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(servedLinks.some((href) => /\/assets\/react-[\w-]+\.js$/.test(href ?? ''))).toBe(true);
    await openApp(page, `${appUrl}/pricing`);
    await page.waitForSelector('.mantine-SimpleGrid-root');
    const links = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
    );
    // The pricing page's own part did load, and no link was added for it.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(scripts.some((path) => /\/assets\/PricingPage-[\w-]+\.js$/.test(path))).toBe(true);
    expect(links).toEqual(servedLinks);
  });

  it("carries only the shared Mantine styles; a page's own components bring theirs with its code", async () => {
    /** Whether any stylesheet of the page has a rule for `selector` (Mantine's class of a component part). */
    const hasRule = (selector: string) =>
      page.evaluate((wanted) => {
        // Mantine's rules sit in its cascade layer (a grouping rule), some in media queries.
        const anyRule = (rules: CSSRuleList): boolean =>
          [...rules].some((rule) =>
            rule instanceof CSSStyleRule
              ? rule.selectorText.includes(wanted)
              : rule instanceof CSSGroupingRule && anyRule(rule.cssRules),
          );
        return [...document.styleSheets].some((sheet) => anyRule(sheet.cssRules));
      }, selector);
    // Mantine's class names of the SimpleGrid and List roots (@mantine/core/styles/SimpleGrid.css, List.css):
    // leaves few pages use (a leaf most pages use, such as Card, comes with the shared 'ui' chunk).
    const simpleGrid = '.m_2415a157';
    const list = '.m_abbac491';
    await openApp(page, `${appUrl}/login`);
    await waitForText(page, 'Welcome back to');
    expect(await hasRule('.m_8fb7ebe7')).toBe(true); // Input: the foundation, on every page
    expect(await hasRule(simpleGrid)).toBe(false);
    expect(await hasRule(list)).toBe(false);

    await openApp(page, `${appUrl}/pricing`);
    await page.waitForSelector('.mantine-List-root');
    const styled = await page.evaluate(() => ({
      grid: getComputedStyle(document.querySelector('.mantine-SimpleGrid-root') as Element).display,
      // A list's own margin is 1em; Mantine's sets 0.
      list: getComputedStyle(document.querySelector('.mantine-List-root') as Element).marginTop,
    }));
    expect(styled).toEqual({ grid: 'grid', list: '0px' });
    expect(await hasRule(simpleGrid)).toBe(true);
  });

  it('loads only the libraries a page uses: no validation code without a form, no floating layer for a table', async () => {
    /** The scripts the page has loaded, and whether one holds zod (its schemas all carry `_zod`). */
    const loaded = async () => {
      await page.waitForNetworkIdle({ idleTime: 500 });
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.endsWith('.js')),
      );
      const bodies = await Promise.all(scripts.map(async (path) => (await fetch(`${appUrl}${path}`)).text()));
      return { scripts, validation: bodies.some((body) => body.includes('_zod')) };
    };
    // Issue 38 point 2. The sign-in form validates with the shared schemas: the check sees them.
    await openApp(page, `${appUrl}/login`);
    await waitForText(page, 'Welcome back to');
    expect((await loaded()).validation).toBe(true);
    // The pricing page only reads the plans (shared/billing.ts's checkout schema stays out).
    await openApp(page, `${appUrl}/pricing`);
    await page.waitForSelector('.mantine-List-root');
    expect((await loaded()).validation).toBe(false);

    // Mantine's Table holds a scroll area, which imported floating-ui for one hook
    // (web/src/app/scroll-area-merge-refs.ts): 14.6 KB of every table page's first load.
    const { email, password } = await signUpVerified(page);
    await signInThroughApi(page, email, password, '/automations/active');
    await waitForText(page, 'Active Automations');
    const active = await loaded();
    expect(active.scripts.some((path) => /\/assets\/Table-[\w-]+\.js$/.test(path))).toBe(true);
    expect(active.scripts.filter((path) => /floating-ui/.test(path))).toEqual([]);
    expect(active.validation).toBe(false);
  });

  it("draws Mantine's inputs once: their ids are not rewritten after the first render", async () => {
    // Issue 38 point 2 (web/src/app/mantine-use-id.ts): Mantine swapped every id for a random one in a
    // layout effect, one synchronous redraw per input, tab list and chip on every page.
    await page.evaluateOnNewDocument(() => {
      const changes: string[] = [];
      (window as unknown as { idChanges: string[] }).idChanges = changes;
      new MutationObserver((records) => {
        for (const record of records)
          if (record.oldValue) changes.push(`${record.oldValue} -> ${(record.target as Element).id}`);
      }).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ['id'],
        attributeOldValue: true,
      });
    });
    await openApp(page, `${appUrl}/login`);
    await waitForText(page, 'Welcome back to');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const email = await page.$eval('input[type="email"], input[name="email"]', (input) => input.id);
    expect(email).toMatch(/^mantine-/);
    expect(await page.evaluate(() => (window as unknown as { idChanges: string[] }).idChanges)).toEqual([]);
  });
});
