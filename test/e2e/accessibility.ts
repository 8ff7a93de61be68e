import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, signInThroughApi, signUpVerified } from './account-steps';
import { type AxeFinding, seriousViolations } from './axe';
import { clickText, freshPage, launchTestBrowser, openApp, waitForText } from './browser';

/**
 * Issue 10 point 13: axe-core's WCAG 2.1 A/AA rules on every screen of part 1 (web/src/app/routes.ts),
 * signed out and signed in, at phone (390 px) and desktop (1440 px) widths, and with the dialogs open.
 * Any serious or critical violation fails, so the screens still to come are held to it too.
 * accessibility-phone.e2e.test.ts and accessibility-desktop.e2e.test.ts each run these at one width.
 */

/**
 * Violations known and not fixed yet, as `rule @ place` (place: the route or dialog and the width).
 * Each entry is to be removed once fixed; nothing new may be added without a reason next to it.
 */
const KNOWN_VIOLATIONS = new Set<string>([]);

/** The phone and desktop widths; each has a test file of its own, so the two run side by side. */
export const WIDTHS = {
  phone: { name: '390', width: 390, height: 844 },
  desktop: { name: '1440', width: 1440, height: 900 },
} as const;

const SIGNED_OUT_ROUTES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/verify-email',
  '/pricing',
];

const TROB = '/trobs/linkedin-connections-export';
const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/trobs',
  TROB,
  '/profile',
  '/help',
  '/exports',
  '/platforms',
  '/pricing',
  '/automations/active',
  '/automations/completed',
  // DECISIONS 31: the invitation's page, before accepting (the token is only read when Accept is pressed).
  '/team/accept?token=an-invitation-token-of-some-length',
];

let browser: Browser;
const found: string[] = [];

/** Lets transitions (modals, tabs) settle before axe looks. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));

/** Runs axe and records each finding as `rule @ place`, with its elements for the report. */
async function check(page: Page, place: string, report: string[]): Promise<void> {
  await settle(page);
  const findings: AxeFinding[] = await seriousViolations(page);
  for (const f of findings) {
    const key = `${f.rule} @ ${place}`;
    found.push(key);
    if (!KNOWN_VIOLATIONS.has(key)) {
      report.push(
        `${key} (${f.impact}, ${f.targets.length} elements: ${f.help}): ${f.targets.slice(0, 5).join(' | ')}`,
      );
    }
  }
}

function expectClean(report: string[]): void {
  expect(report, `axe serious/critical violations:\n${report.join('\n')}`).toEqual([]);
}

/** The checks at one width, with the known violations of that width that no longer occur. */
export function describeAccessibility({ name, width, height }: (typeof WIDTHS)[keyof typeof WIDTHS]): void {
  beforeAll(async () => {
    browser = await launchTestBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe(`WCAG 2.1 AA (axe-core) on every screen of part 1 at ${name} px`, () => {
    it(`has no serious or critical violation on the signed-out screens at ${name} px`, async () => {
      const page = await freshPage(browser, { width, height });
      const report: string[] = [];
      for (const route of SIGNED_OUT_ROUTES) {
        await openApp(page, `${appUrl}${route}`);
        await check(page, `${route.split('?')[0]} signed out ${name}`, report);
      }
      expectClean(report);
    }, 180_000);

    it(`has no serious or critical violation on the signed-in screens and dialogs at ${name} px`, async () => {
      const page = await freshPage(browser, { width, height });
      const report: string[] = [];
      const { email, password } = await signUpVerified(page);
      await signInThroughApi(page, email, password, '/dashboard');

      for (const route of SIGNED_IN_ROUTES) {
        await openApp(page, `${appUrl}${route}`);
        const pathname = route.split('?')[0];
        expect(new URL(page.url()).pathname, 'the signed-in screen itself, not a redirect').toBe(pathname);
        await check(page, `${route === TROB ? '/trobs/:trobId' : route} ${name}`, report);
      }

      if (width < 768) {
        // The phone menu, open.
        await openApp(page, `${appUrl}/dashboard`);
        await page.click('button[aria-label="Open navigation"]');
        await check(page, `navigation menu open ${name}`, report);
      }

      // The Configure step, then the Connection Required dialog.
      await openApp(page, `${appUrl}${TROB}`);
      await clickText(page, 'Configure', 'button');
      await waitForText(page, 'Start Automation');
      await check(page, `/trobs/:trobId configure ${name}`, report);
      await clickText(page, 'Start Automation', 'button');
      await waitForText(page, 'Connection Required');
      await check(page, `Connection Required dialog ${name}`, report);

      // The leads screen (an automation the user does not have: its demo leads), then its AI panel.
      const leads = '/automations/no-such-automation/leads';
      await openApp(page, `${appUrl}${leads}`);
      await waitForText(page, 'Demo Data');
      await check(page, `/automations/:automationId/leads ${name}`, report);
      await clickText(page, 'Ask AI', 'button');
      await waitForText(page, 'AI Assistant');
      await check(page, `AI Assistant panel ${name}`, report);

      // The profile's other tabs, then both steps of the delete-account dialog.
      await openApp(page, `${appUrl}/profile`);
      await clickText(page, 'Security');
      await waitForText(page, 'Current password');
      await check(page, `/profile security tab ${name}`, report);
      await clickText(page, 'Danger Zone');
      await clickText(page, 'Delete Account', 'button');
      await waitForText(page, 'Are you sure you want to delete your account?');
      await check(page, `delete-account dialog ${name}`, report);
      await clickText(page, 'Continue', 'button');
      await waitForText(page, 'Enter your password to confirm the deletion.');
      await check(page, `delete-account password dialog ${name}`, report);

      expectClean(report);
    }, 240_000);

    it(`lists no known violation at ${name} px that no longer occurs`, () => {
      const stale = [...KNOWN_VIOLATIONS].filter((key) => key.endsWith(` ${name}`) && !found.includes(key));
      expect(stale, 'fixed: remove these from KNOWN_VIOLATIONS').toEqual([]);
    });
  });
}
