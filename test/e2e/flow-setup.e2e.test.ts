import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, signInThroughApi, signUpVerified } from './account-steps';
import { type AxeFinding, seriousViolations } from './axe';
import { clickText, freshPage, launchTestBrowser, openApp, waitForPath, waitForText } from './browser';

/**
 * Issue 20 point 3 in a real browser on the local cloud: a PLUS user with the sandbox LinkedIn account
 * connected opens /flows, reads a flow template, sets it up in the wizard by keyboard alone, sees
 * 'Flow started successfully!' and finds the flow under Running Flows; axe finds nothing serious on the
 * three flow screens at phone and desktop widths.
 */
let browser: Browser;
let page: Page;

const TEMPLATE_ID = 'linkedin-ai-prospecting-flow';
const TEMPLATE_NAME = 'AI Prospecting by Role and Industry';
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

beforeAll(async () => {
  browser = await launchTestBrowser();
  page = await freshPage(browser);
  await page.setViewport(WIDTHS[1]);
});
afterAll(async () => {
  await browser?.close();
});

/** Lets transitions (tabs, popovers) settle before axe looks. */
const settle = () => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));

/** Axe at both widths on `path`, once `ready` shows; the findings as `rule @ path width: targets`. */
async function axeAtBothWidths(path: string, ready: string): Promise<string[]> {
  const report: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewport(size);
    await openApp(page, `${appUrl}${path}`);
    await waitForText(page, ready);
    await settle();
    const findings: AxeFinding[] = await seriousViolations(page);
    for (const f of findings)
      report.push(`${f.rule} @ ${path} ${size.width}: ${f.help} (${f.targets.slice(0, 4).join(' | ')})`);
  }
  await page.setViewport(WIDTHS[1]);
  return report;
}

/**
 * Presses Tab (at most `max` times) until `focused(arg)`, run in the page, says the focused element is
 * the one wanted: the way a keyboard user reaches a control.
 */
async function tabTo(name: string, focused: (arg: string) => boolean, arg = '', max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(focused, arg)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** The focused element's text is `text`. */
const hasText = (text: string) => document.activeElement?.textContent?.trim() === text;
/** The focused element is the combobox a label starting with `label` names. */
const isCombobox = (label: string) => {
  const el = document.activeElement as HTMLInputElement | null;
  return (
    el?.getAttribute('role') === 'combobox' &&
    [...(el.labels ?? [])].some((l) => l.textContent?.trim().startsWith(label))
  );
};

const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('setting up a flow', () => {
  it('a PLUS user with LinkedIn connected starts a flow by keyboard and finds it under Running Flows', async () => {
    const { email, password } = await signUpVerified(page);
    // PLUS through the sandbox checkout, then the sandbox LinkedIn account.
    await signInThroughApi(page, email, password, '/pricing');
    await clickText(page, 'Choose Plus', 'button');
    await waitForPath(page, '/sandbox/checkout/');
    await waitForText(page, 'Sandbox payment');
    await clickText(page, 'Pay', 'button');
    await waitForPath(page, '/dashboard?upgraded=true');
    await openApp(page, `${appUrl}/platforms`);
    await page.click('button[aria-label="Connect sandbox LinkedIn"]');
    await waitForText(page, 'sandra-box');

    // The three screens, checked by axe at 390 and 1280 px.
    const report = [
      ...(await axeAtBothWidths('/flows', TEMPLATE_NAME)),
      ...(await axeAtBothWidths(`/flows/template/${TEMPLATE_ID}`, 'Start Flow Setup')),
      ...(await axeAtBothWidths(`/flows/setup/${TEMPLATE_ID}`, 'Step 1 of 4: Target Audience')),
    ];
    expect(report, `axe serious/critical violations:\n${report.join('\n')}`).toEqual([]);

    // /flows: the info popover open, then the template's Learn More and Start Flow Setup, by keyboard.
    await openApp(page, `${appUrl}/flows`);
    await waitForText(page, TEMPLATE_NAME);
    await page.click('button[aria-label="About flows"]');
    await waitForText(page, 'up to 4 times daily');
    await settle();
    expect(await seriousViolations(page), 'the info popover open').toEqual([]);
    await page.keyboard.press('Escape');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo('Learn More', hasText, `Learn More about ${TEMPLATE_NAME}`);
    await page.keyboard.press('Enter');
    await waitForPath(page, `/flows/template/${TEMPLATE_ID}`);
    await waitForText(page, 'Start Flow Setup');
    await tabTo('Start Flow Setup', hasText, 'Start Flow Setup');
    await page.keyboard.press('Enter');
    await waitForPath(page, `/flows/setup/${TEMPLATE_ID}`);
    await waitForText(page, 'Step 1 of 4: Target Audience');
    // The first 2 industries are chosen once the list is in.
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="industry-pill"]').length === 2,
      {
        timeout: 10_000,
      },
    );

    // Step 1: one more industry from a server search, a keyword and a country.
    await tabTo('the industry picker', isCombobox, 'Industries');
    await page.keyboard.type('software');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[role="option"]')].some((o) => o.textContent?.includes('Software')),
      { timeout: 10_000 },
    );
    expect(await seriousViolations(page), 'the industry picker open').toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="industry-pill"]').length === 3,
      {
        timeout: 10_000,
      },
    );
    await page.keyboard.press('Escape');
    await tabTo(
      'Keywords',
      (label) =>
        (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.startsWith(label) ===
        true,
      'Keywords',
    );
    await page.keyboard.type('operations');
    await tabTo('Locations', isCombobox, 'Locations');
    await page.keyboard.type('United States');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await tabTo('Next', hasText, 'Next');
    await page.keyboard.press('Enter');
    await waitForText(page, 'Step 2 of 4: Messaging');

    // Step 2: the company description; the styles keep their defaults.
    await tabTo('Company description', () => document.activeElement?.tagName === 'TEXTAREA');
    await page.keyboard.type(
      'We make maintenance-planning software that schedules repairs before a breakdown stops a plant.',
    );
    await tabTo('Next', hasText, 'Next');
    await page.keyboard.press('Enter');
    await waitForText(page, 'Step 3 of 4: Execution');

    // Step 3: the defaults (2 runs a day, 10 prospects, 09:00 to 17:00, New York, no weekends).
    await tabTo('Next', hasText, 'Next');
    await page.keyboard.press('Enter');
    await waitForText(page, 'Step 4 of 4: Review');
    await waitForText(page, 'the flow begins executing within 5 minutes');

    await tabTo('Start Flow', hasText, 'Start Flow');
    expect(await focusedText()).toBe('Start Flow');
    await page.keyboard.press('Enter');
    await waitForText(page, 'Flow started successfully!', 15_000);
    await waitForPath(page, '/flows?tab=running');
    await page.waitForFunction(
      (name) =>
        document
          .querySelector('[role="tab"][aria-selected="true"]')
          ?.textContent?.includes('Running Flows') &&
        [...document.querySelectorAll('[data-testid="running-flow-card"] h3')].some((h) =>
          h.textContent?.startsWith(`${name} - `),
        ),
      { timeout: 15_000 },
      TEMPLATE_NAME,
    );

    // Stopped again (DECISIONS 24), so it does not keep the local cloud's workers busy after this test.
    await tabTo(
      'Delete',
      (text) => document.activeElement?.textContent?.trim().startsWith(text) === true,
      'Delete',
    );
    await page.keyboard.press('Enter');
    await waitForText(page, 'Stop this flow?');
    await tabTo('Stop flow', hasText, 'Stop flow');
    await page.keyboard.press('Enter');
    await waitForText(page, 'Flow stopped successfully', 15_000);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="running-flow-card"]').length === 0,
      {
        timeout: 10_000,
      },
    );
  }, 240_000);
});
