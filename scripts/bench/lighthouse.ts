import { get } from 'node:http';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { LOCAL_CHROMIUM_FLAGS, localChromiumPath } from '../../functions/platforms/browser';
import { createBenchUser } from './auth-load';
import { probeShiftsAndLcp } from './page-probe';

// web/src/lib/session/token-store.ts's key; that module needs the DOM's types, which scripts lack.
const TOKEN_STORAGE_KEY = 'trobly.session';

/**
 * Lighthouse 12 (its default mobile run: a mid-range phone emulated, 4x CPU slowdown and slow 4G
 * simulated) against pages of the local cloud, which serves the built app compressed as CloudFront
 * does. Signed-in pages are measured with a stored session: the browser signs in once through the API
 * and Lighthouse keeps its storage.
 */
export interface PageFigure {
  path: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Compressed bytes of every script the page loaded (the bodies, as the server sends them with Brotli). */
  scriptBytes: number;
  scriptRequests: number;
  /** What those scripts cost on the wire, response headers included. */
  scriptTransferBytes: number;
  /** Compressed bytes of everything the page loaded. */
  totalBytes: number;
  unusedScriptBytes: number;
  unusedCssBytes: number;
}

/** The bodies of `urls` as the server sends them to a browser that accepts Brotli, in bytes. */
async function compressedBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    total += await new Promise<number>((done, fail) => {
      get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => done(bytes));
        res.on('error', fail);
      }).on('error', fail);
    });
  }
  return total;
}

/** What a sign-in answers: the page under measure starts with it stored, as a remembered session. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/**
 * A page to measure: signed out, or signed in as a new user of its own, or as the user `signIn`
 * signs in (a bench's user with data to show).
 */
export interface MeasuredPage {
  path: string;
  signedIn: boolean;
  signIn?: () => Promise<SessionTokens>;
}

async function signedInTokens(appUrl: string): Promise<SessionTokens> {
  const stamp = Date.now().toString(36);
  const email = `lighthouse-${stamp}@example.com`;
  const password = 'Lighthouse-Passw0rd';
  await createBenchUser(email, `lighthouse_${stamp}`, password);
  const res = await fetch(`${appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, rememberMe: true }),
  });
  if (!res.ok) throw new Error(`Sign-in for the Lighthouse run answered ${res.status}`);
  return ((await res.json()) as { data: SessionTokens }).data;
}

/**
 * Each page `runs` times (Lighthouse's own advice: its scores vary from run to run, more so on a busy
 * machine); the figures are those of the run with the median performance score, with every run's score.
 * `appUrl` is where the browser opens the app (the HTTP/2 front, or the local cloud itself);
 * `directUrl` is the local cloud's own address, for the bench's requests from Node.
 */
export async function measurePages(
  appUrl: string,
  directUrl: string,
  pages: readonly MeasuredPage[],
  runs = 5,
): Promise<Array<PageFigure & { scores: number[] }>> {
  const figures: Array<PageFigure & { scores: number[] }> = [];
  for (const page of pages) {
    const all: PageFigure[] = [];
    for (let run = 0; run < runs; run++) all.push(await measureOnce(appUrl, directUrl, page));
    const byScore = [...all].sort((a, b) => a.performance - b.performance);
    figures.push({ ...byScore[Math.floor(byScore.length / 2)]!, scores: all.map((f) => f.performance) });
  }
  return figures;
}

/** One Lighthouse run of one page, in a browser of its own. */
async function measureOnce(
  appUrl: string,
  directUrl: string,
  { path, signedIn, signIn }: MeasuredPage,
): Promise<PageFigure> {
  const browser = await puppeteer.launch({
    executablePath: localChromiumPath(),
    headless: true,
    // The HTTP/2 front's certificate is self-signed.
    args: [...LOCAL_CHROMIUM_FLAGS, '--remote-debugging-port=0', '--ignore-certificate-errors'],
  });
  try {
    const port = Number(new URL(browser.wsEndpoint()).port);
    // Each page starts from a clean origin: signed out, or with a fresh remembered session.
    const setup = await browser.newPage();
    await setup.goto(`${appUrl}/favicon.svg`);
    const tokens = signIn ? await signIn() : signedIn ? await signedInTokens(directUrl) : undefined;
    const session = tokens
      ? JSON.stringify({
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          expiresAt: Date.now() + tokens.expiresIn * 1000,
        })
      : undefined;
    // A string: this script is compiled without the DOM's types.
    await setup.evaluate(
      `localStorage.clear(); sessionStorage.clear();${
        session
          ? ` localStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(session)});`
          : ''
      }`,
    );
    // disableStorageReset keeps the HTTP cache too: cleared here, so every page is a first visit.
    const cdp = await setup.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await setup.close();

    const result = await lighthouse(`${appUrl}${path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keeps the stored session (the HTTP cache was cleared above).
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== path) throw new Error(`Lighthouse on ${path} ended on ${finalPath}`);
    const audit = (id: string) => lhr.audits[id];
    const resources =
      (
        audit('resource-summary')?.details as {
          items?: Array<{ resourceType: string; transferSize: number }>;
        }
      )?.items ?? [];
    const bytesOf = (type: string) => resources.find((r) => r.resourceType === type)?.transferSize ?? 0;
    const wasted = (id: string) =>
      (audit(id)?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0;
    const requests =
      (
        audit('network-requests')?.details as {
          items?: Array<{ url: string; transferSize: number; resourceSize: number; resourceType: string }>;
        }
      )?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    if (process.env.BENCH_DEBUG) {
      for (const r of requests) console.log(path, r.resourceType, r.transferSize, r.resourceSize, r.url);
      for (const id of ['long-tasks', 'bootup-time', 'mainthread-work-breakdown'])
        console.log(
          path,
          id,
          JSON.stringify((audit(id)?.details as { items?: unknown[] })?.items?.slice(0, 8)),
        );
      console.log(path, JSON.stringify(await probeShiftsAndLcp(browser, `${appUrl}${path}`), null, 1));
    }
    return {
      path,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: audit('first-contentful-paint')?.numericValue ?? Number.NaN,
      lcpMs: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
      tbtMs: audit('total-blocking-time')?.numericValue ?? Number.NaN,
      cls: audit('cumulative-layout-shift')?.numericValue ?? Number.NaN,
      scriptBytes: await compressedBytes(scripts.map((r) => r.url.replace(appUrl, directUrl))),
      scriptRequests: scripts.length,
      scriptTransferBytes: bytesOf('script'),
      totalBytes: bytesOf('total'),
      unusedScriptBytes: wasted('unused-javascript'),
      unusedCssBytes: wasted('unused-css-rules'),
    };
  } finally {
    await browser.close();
  }
}
