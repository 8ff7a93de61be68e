import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBrowser } from '../../functions/platforms/browser';
import {
  issueSession,
  SANDBOX_PASSWORD,
  type SandboxPlatforms,
  startSandboxPlatforms,
} from '../../scripts/sandbox-platforms';
import { setEnv } from '../support/integration-env';

let sandbox: SandboxPlatforms;

beforeAll(async () => {
  setEnv({ APP_RUNTIME: 'local' });
  sandbox = await startSandboxPlatforms();
});

afterAll(async () => {
  await sandbox?.stop();
});

/** How a driver reads each platform: the profile's name, the who-am-I call and its CSRF pairing. */
const drivers = {
  linkedin: { name: 'h1', whoAmI: '/voyager/api/me', csrfCookie: 'JSESSIONID', csrfHeader: 'csrf-token' },
  x: {
    name: '[data-testid="UserName"] .user-name',
    whoAmI: '/i/api/1.1/account/verify_credentials.json',
    csrfCookie: 'ct0',
    csrfHeader: 'x-csrf-token',
  },
  instagram: {
    name: 'h1.profile-full-name',
    whoAmI: '/api/v1/accounts/current_user/',
    csrfCookie: 'csrftoken',
    csrfHeader: 'x-csrftoken',
  },
} as const;

describe('sandbox platforms in real Chromium', () => {
  it('opens the owner profile with issued cookies and reads who-am-I from the page context', async () => {
    const seen = await withBrowser(async (browser) => {
      const out: Record<
        string,
        { url: string; name: string | null | undefined; whoAmI: unknown; status: number }
      > = {};
      for (const platform of ['linkedin', 'x', 'instagram'] as const) {
        const site = sandbox.sites[platform];
        const session = await issueSession(platform, { baseUrl: site.url });
        const page = await browser.newPage();
        await page.setUserAgent(session.userAgent);
        await page.setCookie(...session.cookies);
        await page.goto(session.profileUrl);
        const driver = drivers[platform];
        const name = await page.$eval(driver.name, (el) => el.textContent);
        // The way a driver calls the platform's JSON: same origin, cookies sent by the browser, CSRF
        // read from the (script-readable) cookie.
        const result = await page.evaluate(
          async (path, cookieName, header) => {
            // The test tsconfig has no DOM types: this function runs in the page.
            const { cookie } = (globalThis as unknown as { document: { cookie: string } }).document;
            const raw = cookie
              .split('; ')
              .find((c: string) => c.startsWith(`${cookieName}=`))
              ?.slice(cookieName.length + 1);
            const response = await fetch(path, { headers: { [header]: (raw ?? '').replace(/"/g, '') } });
            return { status: response.status, body: await response.json() };
          },
          driver.whoAmI,
          driver.csrfCookie,
          driver.csrfHeader,
        );
        out[platform] = { url: page.url(), name, whoAmI: result.body, status: result.status };
        await page.close();
      }
      return out;
    });

    expect(seen.linkedin!.name).toBe('Sandra Box');
    expect(seen.linkedin!.status).toBe(200);
    expect(seen.linkedin!.whoAmI).toMatchObject({
      included: [{ publicIdentifier: 'sandra-box', firstName: 'Sandra', lastName: 'Box' }],
    });
    expect(seen.x!.name).toBe('Xavier Box');
    expect(seen.x!.whoAmI).toMatchObject({ screen_name: 'xavier_sandbox', followers_count: 200 });
    expect(seen.instagram!.name).toBe('Ines Box');
    expect(seen.instagram!.whoAmI).toMatchObject({ user: { username: 'ines.sandbox' }, status: 'ok' });
  });

  it('signs in through the login form and lands on the checkpoint when the challenge is on', async () => {
    const site = sandbox.sites.linkedin;
    const result = await withBrowser(async (browser) => {
      const page = await browser.newPage();
      await page.goto(`${site.url}/in/sandra-box/`);
      const loginUrl = page.url();
      await page.type('#username', 'sandra-box');
      await page.type('#password', SANDBOX_PASSWORD);
      await Promise.all([page.waitForNavigation(), page.click('#login-submit')]);
      const afterLogin = page.url();
      const loggedIn = (await page.$('.global-nav__primary-link')) !== null;
      site.setChallenge(true);
      try {
        await page.goto(`${site.url}/feed/`);
        return {
          loginUrl,
          afterLogin,
          loggedIn,
          challenged: page.url(),
          text: await page.$eval('h1', (h) => h.textContent),
        };
      } finally {
        site.setChallenge(false);
      }
    });
    expect(new URL(result.loginUrl).pathname).toBe('/login');
    expect(new URL(result.afterLogin).pathname).toBe('/in/sandra-box/');
    expect(result.loggedIn).toBe(true);
    expect(new URL(result.challenged).pathname).toBe('/checkpoint/challenge/');
    expect(result.text).toMatch(/security check/);
  });
});
