import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PlatformConnection } from '../../shared/connections';
import { EXTENSION_DOWNLOAD_PATH } from '../../shared/extension';
import { readZip } from '../support/unzip';
import { appUrl, signIn, signUpVerified } from './account-steps';
import { clickText, launchBrowserWithExtension, openApp, waitForPath, waitForText } from './browser';

/**
 * The browser extension end to end: the zip the Download Extension button serves, unpacked and loaded
 * into Chromium; a user signs in to the sandbox LinkedIn in that browser, pairs the extension from
 * /platforms and sees the account connected; then the LinkedIn session changes (sign out, sign in)
 * and the extension syncs the new one by itself.
 */
const sandbox = inject('sandboxUrls');
let browser: Browser;
let extensionId: string;
let extensionDir: string;

beforeAll(async () => {
  const response = await fetch(`${appUrl}${EXTENSION_DOWNLOAD_PATH}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  extensionDir = mkdtempSync(join(tmpdir(), 'trobly-extension-e2e-'));
  for (const [name, data] of readZip(Buffer.from(await response.arrayBuffer()))) {
    mkdirSync(dirname(join(extensionDir, name)), { recursive: true });
    writeFileSync(join(extensionDir, name), data);
  }
  ({ browser, extensionId } = await launchBrowserWithExtension(extensionDir));
});

afterAll(async () => {
  await browser?.close();
  if (extensionDir) rmSync(extensionDir, { recursive: true, force: true });
});

async function signInToSandboxLinkedIn(page: Page): Promise<void> {
  await page.bringToFront();
  await page.goto(`${sandbox.linkedin}/login`, { waitUntil: 'domcontentloaded' });
  await page.type('#username', 'sandra-box');
  await page.type('#password', 'sandbox-password');
  await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.click('#login-submit')]);
  expect(new URL(page.url()).pathname).toBe('/feed/');
}

/** The connections as the API lists them, with the page's own session. */
async function listConnections(page: Page): Promise<PlatformConnection[]> {
  return page.evaluate(async () => {
    const stored = localStorage.getItem('trobly.session') ?? sessionStorage.getItem('trobly.session');
    const { accessToken } = JSON.parse(stored ?? '{}') as { accessToken?: string };
    const response = await fetch('/api/users/platforms', {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    return ((await response.json()) as { data: { platforms: PlatformConnection[] } }).data.platforms;
  });
}

async function linkedInConnection(page: Page): Promise<PlatformConnection | undefined> {
  return (await listConnections(page)).find((c) => c.platform === 'LINKEDIN');
}

/** The popup's LinkedIn row, read from the popup page opened in a tab. */
async function popupLinkedIn(popup: Page): Promise<string> {
  await popup.goto(`chrome-extension://${extensionId}/popup.html`, { waitUntil: 'domcontentloaded' });
  await popup.waitForSelector('li[data-platform="linkedin"]', { timeout: 5000 });
  return popup.$eval('li[data-platform="linkedin"]', (row) => row.textContent ?? '');
}

async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeout = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Still not there after ${timeout} ms: ${JSON.stringify(value)}`);
    await new Promise((done) => setTimeout(done, 500));
  }
}

describe('the browser extension in Chromium against the local cloud', () => {
  it('pairs from /platforms, syncs the signed-in sandbox LinkedIn, and syncs again when its session changes', async () => {
    // Extensions run in the default browser context only.
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const { email, password } = await signUpVerified(page);
    await openApp(page, `${appUrl}/login`);
    await signIn(page, email, password);
    await waitForPath(page, '/dashboard');

    const linkedin = await browser.newPage();
    await signInToSandboxLinkedIn(linkedin);
    // The extension leaves platform pages alone: no content script, no mark.
    expect(await linkedin.evaluate(() => document.documentElement.dataset.troblyExtension)).toBeUndefined();

    // Hidden tabs get no animation frames, which puppeteer's waits and Mantine's transitions use.
    await page.bringToFront();
    await openApp(page, `${appUrl}/platforms`);
    expect(await page.evaluate(() => document.documentElement.dataset.troblyExtension)).toBe('0.1.0');
    await waitForText(page, 'No Platforms Connected');
    await clickText(page, 'Pair extension', 'button');
    await waitForText(page, 'Extension paired. Synced: LinkedIn.', 20_000);
    await waitForText(page, 'sandra-box');
    await page.waitForSelector('[data-testid="extension-paired"]');
    const status = await page.$eval('[data-testid="connection-status"]', (badge) => badge.textContent);
    expect(status).toBe('Connected');

    const first = await linkedInConnection(page);
    expect(first).toMatchObject({ accountUsername: 'sandra-box', isActive: true, errorCount: 0 });

    const popup = await browser.newPage();
    const afterPairing = await popupLinkedIn(popup);
    expect(afterPairing).toContain('Synced');
    expect(afterPairing).toContain('@sandra-box');
    expect(await popup.$eval('#pairing', (p) => p.textContent)).toContain(`Paired with ${email}`);

    // Signing out removes li_at: the extension notes it and sends nothing.
    await linkedin.goto(`${sandbox.linkedin}/m/logout`, { waitUntil: 'domcontentloaded' });
    await eventually(
      () => popupLinkedIn(popup),
      (row) => row.includes('Signed out'),
    );
    expect((await linkedInConnection(page))?.lastValidated).toBe(first?.lastValidated);

    // A new sign-in sets a new li_at and JSESSIONID: the extension syncs the new session by itself.
    await signInToSandboxLinkedIn(linkedin);
    const resynced = await eventually(
      () => linkedInConnection(page),
      (c) => c !== undefined && c.lastValidated !== first?.lastValidated,
    );
    expect(resynced).toMatchObject({
      id: first?.id,
      accountUsername: 'sandra-box',
      isActive: true,
      errorCount: 0,
    });
    expect(await popupLinkedIn(popup)).toContain('Synced');
  });
});
