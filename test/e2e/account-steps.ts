import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { inject } from 'vitest';
import { type SandboxPlatform, sandboxSessionTokens } from '../../scripts/sandbox-platforms';
import { type StoredTokens, TOKEN_STORAGE_KEY } from '../../web/src/lib/session/token-store';
import { apiClient, signIn as apiSignIn, freshAddress } from '../support/api-client';
import { lastMailTo, linkTo } from '../support/outbox';
import { clickSelector, clickText, fill, openApp, waitForPath, waitForText } from './browser';

/** Steps a person takes to get an account, shared by the browser journeys. */
export const appUrl = inject('appUrl');
const stateDir = inject('stateDir');

/** The link of the newest mail to `email` opening `pathname`, on the app's address. */
export async function mailLink(email: string, subject: string, pathname: string): Promise<string> {
  const link = linkTo(await lastMailTo(stateDir, email, subject), pathname);
  return `${appUrl}${link.pathname}${link.search}`;
}

// Random, not a time and a counter: journeys run side by side, each file with a counter of its own, and two
// that drew the same address in the same millisecond would share one account (a second sign-up with a
// taken address is answered like a first, so the later journey followed the earlier one's used link).
export const newEmail = () => `e2e-${randomBytes(8).toString('hex')}@example.com`;
export const newUsername = (prefix = 'ada') => `${prefix}_${randomBytes(5).toString('hex')}`;

export async function register(page: Page, email: string, username: string, password: string): Promise<void> {
  await openApp(page, `${appUrl}/register`);
  await fill(page, 'First name', 'Ada');
  await fill(page, 'Last name', 'Lovelace');
  await fill(page, 'Email', email);
  await fill(page, 'Username', username);
  await fill(page, 'Password', password);
  await fill(page, 'Confirm password', password);
  await page.evaluate(() => (document.querySelector('input[type="checkbox"]') as HTMLInputElement).click());
  await clickText(page, 'Create account', 'button');
  await waitForText(page, 'Check your email!');
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await fill(page, 'Email', email);
  await fill(page, 'Password', password);
  await clickText(page, 'Sign in', 'button');
}

/**
 * Signs in through the API and opens `path` in the app, signed in as the sign-in form leaves a tab: the
 * session in the tab's session storage (no 'remember me'; web/src/lib/session/token-store.ts). For journeys
 * whose subject comes after signing in; the form itself is the accounts journey's and the login tests'.
 * It spares a page load and the typing of the form (about 3 s a sign-in with three journeys at once).
 */
export async function signInThroughApi(page: Page, email: string, password: string, path: string) {
  const session = await apiSignIn(apiClient(appUrl).from(freshAddress()), email, password);
  const tokens: StoredTokens = {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    expiresAt: Date.now() + session.expiresIn * 1000,
  };
  const stored = JSON.stringify(tokens);
  // Before the app's code runs on the next page, once: the tab keeps its session storage afterwards.
  const script = await page.evaluateOnNewDocument(
    (key, value, origin) => {
      if (location.origin === origin) sessionStorage.setItem(key, value);
    },
    TOKEN_STORAGE_KEY,
    stored,
    new URL(appUrl).origin,
  );
  try {
    await openApp(page, `${appUrl}${path}`);
  } finally {
    await page.removeScriptToEvaluateOnNewDocument(script.identifier);
  }
}

/**
 * A verified account, for journeys that start signed in. By default it signs up through the API from
 * a loopback address of its own (sign-ups are limited per client, and every browser page of this run
 * comes from 127.0.0.1), then follows the e-mailed link in the browser; `through: 'browser'` fills in
 * the register form instead, for the journeys about signing up itself.
 */
export async function signUpVerified(
  page: Page,
  { through = 'api' }: { through?: 'api' | 'browser' } = {},
): Promise<{ email: string; password: string; username: string }> {
  const email = newEmail();
  const username = newUsername();
  const password = 'Analytical-Engine-1843';
  if (through === 'browser') await register(page, email, username, password);
  else {
    const res = await apiClient(appUrl)
      .from(freshAddress())
      .post('/api/auth/register', { email, username, password, firstName: 'Ada', lastName: 'Lovelace' });
    if (res.status !== 201) throw new Error(`Sign-up answered ${res.status}: ${res.text}`);
  }
  await openApp(page, await mailLink(email, 'Verify your email', '/verify-email'));
  await waitForText(page, 'Email verified');
  return { email, password, username };
}

/**
 * Journeys run two at a time on one local cloud, so one that slows a sandbox site must slow only its own
 * session. The page gets a User-Agent of its own before it connects: the app's sandbox connect issues the
 * session to the caller's browser, and the site lists sessions by User-Agent.
 */
export async function nameBrowser(page: Page, journey: string): Promise<string> {
  const userAgent = `${await page.browser().userAgent()} trobly-e2e/${journey}-${randomUUID()}`;
  await page.setUserAgent(userAgent);
  return userAgent;
}

/** The login cookie value of the one sandbox session the app's connect issued to this browser. */
export async function ownSandboxToken(platform: SandboxPlatform, userAgent: string, baseUrl: string) {
  const tokens = await sandboxSessionTokens(platform, userAgent, baseUrl);
  if (tokens.length !== 1)
    throw new Error(`Expected one ${platform} sandbox session for this browser, found ${tokens.length}`);
  return tokens[0]!;
}

/**
 * A new verified account on the PLUS plan (through the sandbox checkout) with the sandbox LinkedIn
 * account connected, signed in on `page`: where the flow journeys start.
 */
export async function plusAccountWithLinkedIn(page: Page): Promise<{ email: string; password: string }> {
  const { email, password } = await signUpVerified(page);
  await signInThroughApi(page, email, password, '/pricing');
  await clickText(page, 'Choose Plus', 'button');
  await waitForPath(page, '/sandbox/checkout/');
  await waitForText(page, 'Sandbox payment');
  await clickText(page, 'Pay', 'button');
  await waitForPath(page, '/dashboard?upgraded=true');
  await openApp(page, `${appUrl}/platforms`);
  await clickSelector(page, 'button[aria-label="Connect sandbox LinkedIn"]');
  await waitForText(page, 'sandra-box');
  return { email, password };
}
