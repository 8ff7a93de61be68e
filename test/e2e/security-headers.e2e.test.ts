import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, signIn, signUpVerified } from './account-steps';
import { launchTestBrowser, openApp, waitForPath } from './browser';

/**
 * Issue 8, point 14: the local cloud serves the production security headers (CSP included), so the
 * built app must run under them. Every page visited here records the CSP violations the browser
 * reports; a blocked script, style, font, image or connection would show up as one.
 */
let browser: Browser;
let page: Page;
const violations: string[] = [];

beforeAll(async () => {
  browser = await launchTestBrowser();
  const context = await browser.createBrowserContext();
  page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.exposeFunction('reportCspViolation', (line: string) => void violations.push(line));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation;
      report(`${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('the built app under the production security headers', () => {
  it('serves the CSP and its companions on the HTML', async () => {
    const res = await fetch(`${appUrl}/login`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toMatch(/connect-src 'self' ws:\/\//);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('renders the public pages and the signed-in pages with no CSP violation', async () => {
    for (const path of ['/', '/login', '/register', '/pricing', '/forgot-password']) {
      await openApp(page, `${appUrl}${path}`);
    }
    const { email, password } = await signUpVerified(page);
    await openApp(page, `${appUrl}/login`);
    await signIn(page, email, password);
    await waitForPath(page, '/dashboard');
    for (const path of ['/dashboard', '/trobs', '/platforms', '/profile']) {
      await openApp(page, `${appUrl}${path}`);
    }
    expect(violations).toEqual([]);
  });
});
