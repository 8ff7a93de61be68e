import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appUrl,
  mailLink,
  newEmail,
  newUsername,
  register as registerAs,
  signIn as signInAs,
  signUpVerified as signUpVerifiedAs,
} from './account-steps';
import { clickText, fill, freshPage, launchTestBrowser, openApp, waitForPath, waitForText } from './browser';

/**
 * The account journeys of the accounts issue, in headless Chromium against the stack `npm start` runs,
 * reading e-mails from the local outbox as a developer would.
 */
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const register = (email: string, username: string, password: string) =>
  registerAs(page, email, username, password);
const signIn = (email: string, password: string) => signInAs(page, email, password);
const signUpVerified = () => signUpVerifiedAs(page);

beforeEach(async () => {
  // No tokens carried over from the test before.
  page = await freshPage(browser, { width: 1280, height: 900 });
});

describe('accounts in a real browser on the local cloud', () => {
  it('registers, verifies from the e-mailed link, signs in, edits the profile, changes the password, signs out and signs in with the new password', async () => {
    const { email, password } = await signUpVerifiedAs(page, { through: 'browser' });
    await openApp(page, `${appUrl}/login`);
    await signIn(email, password);
    await waitForPath(page, '/dashboard');
    await waitForText(page, 'Welcome to Trobly!');

    await openApp(page, `${appUrl}/profile`);
    await fill(page, 'First name', 'Augusta');
    await clickText(page, 'Save Changes', 'button');
    await waitForText(page, 'Profile updated successfully');

    await clickText(page, 'Security');
    await fill(page, 'Current password', password);
    await fill(page, 'New password', 'Difference-Engine-1822');
    await fill(page, 'Confirm new password', 'Difference-Engine-1822');
    await clickText(page, 'Change Password', 'button');
    await waitForText(page, 'Password changed successfully');

    await clickText(page, 'Sign Out');
    await waitForPath(page, '/login');
    await signIn(email, password);
    await waitForText(page, 'Invalid email or password');
    await signIn(email, 'Difference-Engine-1822');
    await waitForPath(page, '/dashboard');
    await openApp(page, `${appUrl}/profile`);
    await waitForText(page, 'Augusta');
  });

  it('resets a forgotten password from the e-mailed link and signs in with the new one', async () => {
    const { email } = await signUpVerified();
    await openApp(page, `${appUrl}/forgot-password`);
    await fill(page, 'Email', email);
    await clickText(page, 'Send reset link', 'button');
    await waitForText(page, 'If an account with that email exists, a password reset link has been sent.');

    await openApp(page, await mailLink(email, 'Reset your', '/reset-password'));
    await fill(page, 'New password', 'Jacquard-Loom-1804');
    await fill(page, 'Confirm new password', 'Jacquard-Loom-1804');
    await clickText(page, 'Reset password', 'button');
    await waitForText(page, 'Password reset successful!');
    await waitForPath(page, '/login', 6000);
    await signIn(email, 'Jacquard-Loom-1804');
    await waitForPath(page, '/dashboard');
  });

  it('sends an unverified user who opens /exports to /verify-email', async () => {
    const email = newEmail();
    const password = 'Unverified-Account-9';
    await register(email, newUsername('unverified'), password);
    await openApp(page, `${appUrl}/login`);
    await signIn(email, password);
    await waitForPath(page, '/dashboard');
    await openApp(page, `${appUrl}/exports`);
    await waitForPath(page, '/verify-email');
    await waitForText(page, 'Verify your email');
  });

  it('sends a signed-in user who opens /login to /dashboard', async () => {
    const { email, password } = await signUpVerified();
    await openApp(page, `${appUrl}/login`);
    await signIn(email, password);
    await waitForPath(page, '/dashboard');
    await openApp(page, `${appUrl}/login`);
    await waitForPath(page, '/dashboard');
  });

  it('brings a visitor who opens /profile back to /profile after signing in', async () => {
    const { email, password } = await signUpVerified();
    await openApp(page, `${appUrl}/profile`);
    await waitForPath(page, '/login');
    await signIn(email, password);
    await waitForPath(page, '/profile');
    await waitForText(page, email);
  });

  it('starts a trial from the pricing page and buys Plus through the sandbox checkout', async () => {
    const { email, password } = await signUpVerified();
    await openApp(page, `${appUrl}/login`);
    await signIn(email, password);
    await waitForPath(page, '/dashboard');

    await openApp(page, `${appUrl}/pricing`);
    await clickText(page, 'Start Free Trial', 'button');
    await waitForText(page, 'Trial started successfully! Redirecting to dashboard...');
    await waitForPath(page, '/dashboard', 5000);
    await waitForText(page, 'Free Trial');

    await openApp(page, `${appUrl}/pricing`);
    await clickText(page, 'Choose Plus', 'button');
    await waitForPath(page, '/sandbox/checkout/');
    await waitForText(page, 'Sandbox payment');
    await clickText(page, 'Pay', 'button');
    await waitForPath(page, '/dashboard?upgraded=true');
    await openApp(page, `${appUrl}/profile`);
    await waitForText(page, 'Plus Plan');
    const plusButtonDisabled = await (async () => {
      await openApp(page, `${appUrl}/pricing`);
      await waitForText(page, 'Most Popular');
      return page.evaluate(() =>
        [...document.querySelectorAll('button')].some(
          (b) => b.textContent?.includes('Current Plan') && b.disabled,
        ),
      );
    })();
    expect(plusButtonDisabled).toBe(true);
  });
});

describe('issue 10 gaps in a real browser on the local cloud', () => {
  it("shows every register field's message at once, 'Passwords do not match' included", async () => {
    await openApp(page, `${appUrl}/register`);
    await fill(page, 'Email', 'ada@');
    await fill(page, 'Username', 'ad');
    await fill(page, 'Password', 'short');
    await fill(page, 'Confirm password', 'shirt');
    await clickText(page, 'Create account', 'button');
    for (const message of [
      'Please enter a valid email address',
      'Username must be between 3 and 30 characters',
      'Password must be at least 8 characters long',
      'Passwords do not match',
      'Please accept the Terms of Service and Privacy Policy',
    ])
      await waitForText(page, message, 5000);
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it("serves the register form's /terms and /privacy links to a visitor, signed out", async () => {
    await openApp(page, `${appUrl}/register`);
    const links = await page.evaluate(() =>
      [...document.querySelectorAll('a')]
        .filter((a) => ['Terms of Service', 'Privacy Policy'].includes(a.textContent?.trim() ?? ''))
        .map((a) => ({ text: a.textContent?.trim(), href: a.getAttribute('href'), target: a.target })),
    );
    expect(links).toEqual([
      { text: 'Terms of Service', href: '/terms', target: '_blank' },
      { text: 'Privacy Policy', href: '/privacy', target: '_blank' },
    ]);
    for (const { text, href } of links) {
      await openApp(page, `${appUrl}${href}`);
      await page.waitForFunction(
        (t) => document.querySelector('h1')?.textContent === t,
        { timeout: 10_000 },
        text,
      );
      expect(new URL(page.url()).pathname).toBe(href);
    }
    await clickText(page, 'Back to sign-up', 'a');
    await waitForText(page, 'Create your account');
  });

  it('buys a plan through the sandbox checkout with the app opened at 127.0.0.1', async () => {
    const { email, password } = await signUpVerified();
    const loopbackUrl = appUrl.replace('//localhost:', '//127.0.0.1:');
    expect(loopbackUrl).not.toBe(appUrl);
    await openApp(page, `${loopbackUrl}/login`);
    await signIn(email, password);
    await waitForPath(page, '/dashboard');

    await openApp(page, `${loopbackUrl}/pricing`);
    await clickText(page, 'Choose Pro', 'button');
    await waitForPath(page, '/sandbox/checkout/');
    // The sandbox's payment page stands for Stripe's, on an address of its own; it returns to 127.0.0.1.
    await waitForText(page, 'Sandbox payment');
    await clickText(page, 'Pay', 'button');
    await waitForPath(page, '/dashboard?upgraded=true');
    expect(new URL(page.url()).origin).toBe(new URL(loopbackUrl).origin);
    await openApp(page, `${loopbackUrl}/profile`);
    await waitForText(page, 'Pro Plan');
  });
});
