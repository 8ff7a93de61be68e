import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type HTTPResponse } from 'puppeteer-core';
import { LOCAL_CHROMIUM_FLAGS, localChromiumPath } from '../../functions/platforms/browser';
import { startLocalCloud } from '../local-cloud';
import { repoRoot } from '../local-cloud/lambda-runtime';
import { webDist } from '../web-build';
import type { SessionTokens } from './lighthouse';
import { apiJson, seedWebBenchData } from './web-data';

/**
 * `npm run bench -- web`, step 1: what the app's screens ask the API, recorded once on the local cloud
 * (web-data.ts's user and data), so that Lighthouse can then run against the app ALONE (quiet-server.ts
 * answers from this recording): no DynamoDB Local, pollers or sandbox sharing the CPU with the page.
 * Each route of the web app's table (web/src/app/routes.ts, rows with a page) is opened in Chromium,
 * unthrottled, at Lighthouse's phone size, in a browser context of its own (an empty HTTP cache: no
 * answer is recorded as a 304), signed out for the public-only rows and with the user's stored session
 * for the others; every /api/ answer is kept once the network is idle. The local cloud is stopped
 * before this returns.
 */
export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  /** Decoded: the quiet server compresses it as the local cloud and CloudFront do. */
  body: Buffer;
}

/** The answers by answerKey. */
export type Recording = Map<string, RecordedAnswer>;

/**
 * A call's key: method, path and query, and whether it carried a session (one path can answer a
 * visitor and a user differently). The request body is not part of it.
 */
export const answerKey = (method: string, pathAndQuery: string, signedIn: boolean) =>
  `${signedIn ? 'user' : 'visitor'} ${method} ${pathAndQuery}`;

/** A screen to measure: its row of the route table, the URL opened, signed in or not. */
export interface WebRoute {
  tablePath: string;
  path: string;
  signedIn: boolean;
}

export interface WebRecording {
  routes: WebRoute[];
  recording: Recording;
  /** The user's session, valid far beyond the bench's run (the quiet server checks no token). */
  session: SessionTokens;
  summary: string;
  /** Recorded answers that are not 2xx, by route: a screen shown in an error state. */
  failures: string[];
}

/** The stored session says it runs this long: the app must not renew it during the Lighthouse runs. */
const SESSION_SECONDS = 30 * 24 * 3600;
/** Once the network is idle, how long more a screen may start calls (deferred loads, prefetches). */
const SETTLE_MS = 1500;
/** Lighthouse's mobile screen (its default emulation), so a screen asks what it asks at that size. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
// web/src/lib/session/token-store.ts's key; that module needs the DOM's types, which scripts lack.
const TOKEN_STORAGE_KEY = 'trobly.session';
/** Transport and per-response headers: the quiet server writes its own (security headers included). */
const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
  'date',
  'vary',
  'apigw-requestid',
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'x-xss-protection',
  'permissions-policy',
]);
/**
 * Where a row needs a query to show what a user landing on it sees: the links of the e-mails. The
 * reset link carries a real token. The verification link's page, given a good token, says so and moves
 * on to /dashboard 2 s later (Lighthouse would measure the dashboard too), and without one sends a
 * verified user to /dashboard at once: it is measured with a token never issued, its other state
 * (verification failed, with the resend button), drawn by the same code. The team invitation's token is
 * only read when Accept is pressed (as test/e2e/accessibility.ts opens it).
 */
const LANDING_QUERIES: Record<string, (ids: Record<string, string>) => string> = {
  '/reset-password': (ids) => `?token=${ids.resetPasswordToken}`,
  '/verify-email': () => '?token=a-verification-token-never-issued',
  '/team/accept': () => '?token=an-invitation-token-of-some-length',
};

interface RouteRow {
  path: string;
  access: 'public-only' | 'public' | 'protected' | 'verified';
  page?: unknown;
}

/**
 * The route table's rows with a page, read from the web app's own module at run time (its page
 * loaders are lazy imports, never called here; a static import would make this script's compiler check
 * every screen without the DOM's types). `only`: the rows of these table paths.
 */
export async function routeRows(only?: readonly string[]): Promise<RouteRow[]> {
  const routesModule = pathToFileURL(join(repoRoot, 'web', 'src', 'app', 'routes.ts')).href;
  const { appRoutes } = (await import(routesModule)) as { appRoutes: readonly RouteRow[] };
  const screens = appRoutes.filter((row) => row.page !== undefined);
  if (!only) return screens;
  const unknown = only.filter((path) => !screens.some((row) => row.path === path));
  if (unknown.length > 0) throw new Error(`No screen of the route table at ${unknown.join(', ')}`);
  return screens.filter((row) => only.includes(row.path));
}

/** Seeds the data, records the screens of `rows`, stops the local cloud. */
export async function recordWebApp(rows: readonly RouteRow[]): Promise<WebRecording> {
  const stateDir = mkdtempSync(join(tmpdir(), 'trobly-bench-web-'));
  const cloud = await startLocalCloud({ port: 0, stateDir, persist: false, webRoot: webDist });
  try {
    const appUrl = cloud.url.replace('localhost', '127.0.0.1');
    const data = await seedWebBenchData(appUrl);
    const token = data.tokens.accessToken;
    // The route parameters, from the seeded data and the catalogue's answers.
    const {
      data: { templates },
    } = await apiJson<{ data: { templates: Array<{ id: string; platform: string }> } }>(
      appUrl,
      token,
      '/templates',
    );
    const {
      data: { flows },
    } = await apiJson<{ data: { flows: Array<{ id: string; platform: string }> } }>(
      appUrl,
      token,
      '/flows/templates',
    );
    const { data: prospects } = await apiJson<{ data: Record<string, unknown> }>(
      appUrl,
      token,
      `/flows/${data.flowId}/prospects?page=1&limit=20`,
    );
    const prospectList = Object.values(prospects).find(Array.isArray) as Array<{ id: string }> | undefined;
    const ids: Record<string, string> = {
      flowId: data.flowId,
      automationId: data.automationId,
      prospectId: prospectList?.[0]?.id ?? '',
      trobId: templates.find((t) => t.platform === 'linkedin')?.id ?? '',
      templateId: flows.find((f) => f.platform === 'linkedin')?.id ?? '',
      sessionId: data.checkoutSessionId,
      resetPasswordToken: data.resetPasswordToken,
    };
    const routes = rows.map((row): WebRoute => {
      const path = row.path.replace(/:(\w+)/g, (_, name: string) => {
        if (!ids[name]) throw new Error(`No value for :${name} of ${row.path}`);
        return ids[name];
      });
      return {
        tablePath: row.path,
        path: path + (LANDING_QUERIES[row.path]?.(ids) ?? ''),
        signedIn: row.access !== 'public-only',
      };
    });

    const session: SessionTokens = { ...data.tokens, expiresIn: SESSION_SECONDS };
    const recording: Recording = new Map();
    const failures: string[] = [];
    const browser = await puppeteer.launch({
      executablePath: localChromiumPath(),
      headless: true,
      args: LOCAL_CHROMIUM_FLAGS,
    });
    try {
      for (const route of routes) {
        const answers = await recordRoute(browser, appUrl, route, session);
        for (const [key, answer] of answers) {
          recording.set(key, answer);
          if (answer.status >= 300) failures.push(`${route.tablePath}: ${answer.status} ${key}`);
        }
      }
    } finally {
      await browser.close();
    }
    return { routes, recording, session, summary: data.summary, failures };
  } finally {
    await cloud.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

/** One screen's /api/ answers, from a fresh browser context. */
async function recordRoute(
  browser: Browser,
  appUrl: string,
  route: WebRoute,
  session: SessionTokens,
): Promise<Recording> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(PHONE);
    await page.goto(`${appUrl}/favicon.svg`);
    if (route.signedIn) {
      const stored = JSON.stringify({
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
        expiresAt: Date.now() + session.expiresIn * 1000,
      });
      // A string: this script is compiled without the DOM's types.
      await page.evaluate(
        `localStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(stored)})`,
      );
    }
    const answers: Recording = new Map();
    const pending: Array<Promise<void>> = [];
    const keep = async (response: HTTPResponse) => {
      const request = response.request();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers()))
        if (!DROPPED_HEADERS.has(name)) headers[name] = value;
      // A bodiless answer (204) has no buffer to read.
      const body = await response.buffer().catch(() => Buffer.alloc(0));
      const url = new URL(response.url());
      const key = answerKey(
        request.method(),
        url.pathname + url.search,
        'authorization' in request.headers(),
      );
      answers.set(key, { status: response.status(), headers, body });
    };
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (
        url.origin === appUrl &&
        url.pathname.startsWith('/api/') &&
        response.request().method() !== 'OPTIONS'
      )
        pending.push(keep(response));
    });
    await page.goto(`${appUrl}${route.path}`, { waitUntil: 'networkidle0', timeout: 60_000 });
    // Blocks below the fold load as they come near the screen (the analytics page's day plan), and
    // Lighthouse brings them there (its full-page screenshot makes the window as tall as the page).
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    // A screen that polls never goes idle: what it asked within the timeout is kept.
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 5000 }).catch(() => undefined);
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    await Promise.all(pending);
    const shown = new URL(page.url()).pathname;
    if (shown !== new URL(route.path, appUrl).pathname)
      throw new Error(`Recording ${route.tablePath}: the app went on to ${shown}`);
    return answers;
  } finally {
    await context.close();
  }
}

/**
 * `BENCH_WEB_RECORDING=<file>`: a recording kept between bench runs (bodies in base64), so that a run
 * that changes only the web app measures it without seeding and recording again. Read when the file
 * is there and has every route asked for; else recorded and written.
 */
export async function recordingFor(rows: RouteRow[], file: string | undefined): Promise<WebRecording> {
  if (file && existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Omit<WebRecording, 'recording'> & {
      recording: Array<[string, Omit<RecordedAnswer, 'body'> & { body: string }]>;
    };
    const wanted = rows.map((row) => row.path);
    const routes = saved.routes.filter((route) => wanted.includes(route.tablePath));
    if (routes.length === wanted.length)
      return {
        ...saved,
        routes: wanted.map((path) => routes.find((route) => route.tablePath === path)!),
        recording: new Map(
          saved.recording.map(([key, answer]) => [
            key,
            { ...answer, body: Buffer.from(answer.body, 'base64') },
          ]),
        ),
        summary: `${saved.summary} (read from ${file})`,
      } satisfies WebRecording;
  }
  const recorded = await recordWebApp(rows);
  if (file)
    writeFileSync(
      file,
      JSON.stringify({
        ...recorded,
        recording: [...recorded.recording].map(([key, answer]) => [
          key,
          { ...answer, body: answer.body.toString('base64') },
        ]),
      }),
    );
  return recorded;
}
