import { get } from 'node:http';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { LOCAL_CHROMIUM_FLAGS, localChromiumPath } from '../../functions/platforms/browser';
import { median } from './leads';
import { probeShiftsAndLcp } from './page-probe';

// web/src/lib/session/token-store.ts's key; that module needs the DOM's types, which scripts lack.
const TOKEN_STORAGE_KEY = 'trobly.session';
/** The scripts bootup-time names for each page (the costliest first). */
const BOOTUP_SHOWN = 3;

/**
 * Lighthouse 12 (its default mobile run: a mid-range phone emulated, 4x CPU slowdown and slow 4G
 * simulated) against pages of the built app over HTTP/2, as CloudFront serves it. Signed-in pages are
 * measured with a stored session: the page's `signIn` gives the tokens and Lighthouse keeps the storage.
 */
export interface PageFigure {
  /** What was opened: path and query. */
  path: string;
  performance: number;
  /** Lighthouse's measure of this machine's CPU at the time (lhr.environment.benchmarkIndex). */
  benchmarkIndex: number;
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
  /**
   * The main thread's script time: mainthread-work-breakdown's scriptEvaluation + scriptParseCompile,
   * every task of the load at 4x (Lighthouse multiplies the observed times by the CPU slowdown it
   * simulates). bootup-time's total would leave out scripts under 50 ms each.
   */
  scriptMs: number;
  /**
   * The longest top-level main-thread task, from the long-tasks audit (0: none of 50 ms or more). Under
   * the default simulated throttling that audit reports each task's duration in Lantern's simulation,
   * which runs CPU work at the 4x slowdown: the figure the "no task over 200 ms at 4x" target means.
   */
  longestTaskMs: number;
  /** bootup-time's costliest scripts (ms at 4x): total, of which evaluation and parse/compile. */
  bootup: Array<{ url: string; total: number; scripting: number; parse: number }>;
}

/**
 * The body size a Brotli-accepting browser gets for `pathname` from the local cloud at `directUrl`
 * (for pages measured through the HTTP/2 front, which passes the local cloud's bodies on).
 */
export function directBodyBytes(directUrl: string): (pathname: string) => Promise<number> {
  return (pathname) =>
    new Promise<number>((done, fail) => {
      get(`${directUrl}${pathname}`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => done(bytes));
        res.on('error', fail);
      }).on('error', fail);
    });
}

/** What a sign-in answers: the page under measure starts with it stored, as a remembered session. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** A page to measure (`path` with its query): signed out, or signed in with what `signIn` answers. */
export interface MeasuredPage {
  path: string;
  signIn?: () => Promise<SessionTokens>;
}

export type MedianFigure = PageFigure & { scores: number[] };

/**
 * Each page `runs` times (Lighthouse's own advice: its scores vary from run to run, more so on a busy
 * machine); the figures are those of the run with the median performance score, with every run's score
 * and the median benchmark index of the runs. `appUrl` is where the browser opens the app;
 * `bodyBytes(pathname)` is what the server sends of a script's body to a browser that accepts Brotli.
 */
export async function measurePages(
  appUrl: string,
  pages: readonly MeasuredPage[],
  runs: number,
  bodyBytes: (pathname: string) => Promise<number>,
): Promise<MedianFigure[]> {
  const figures: MedianFigure[] = [];
  for (const page of pages) {
    const all: PageFigure[] = [];
    for (let run = 0; run < runs; run++) all.push(await measureOnce(appUrl, page, bodyBytes));
    const byScore = [...all].sort((a, b) => a.performance - b.performance);
    figures.push({
      ...byScore[Math.floor(byScore.length / 2)]!,
      benchmarkIndex: median(all.map((f) => f.benchmarkIndex)),
      scores: all.map((f) => f.performance),
    });
  }
  return figures;
}

/** One Lighthouse run of one page, in a browser of its own. */
async function measureOnce(
  appUrl: string,
  { path, signIn }: MeasuredPage,
  bodyBytes: (pathname: string) => Promise<number>,
): Promise<PageFigure> {
  const browser = await puppeteer.launch({
    executablePath: localChromiumPath(),
    headless: true,
    // The HTTPS server's certificate is self-signed.
    args: [...LOCAL_CHROMIUM_FLAGS, '--remote-debugging-port=0', '--ignore-certificate-errors'],
  });
  try {
    const port = Number(new URL(browser.wsEndpoint()).port);
    // Each page starts from a clean origin: signed out, or with a fresh remembered session.
    const setup = await browser.newPage();
    await setup.goto(`${appUrl}/favicon.svg`);
    const tokens = signIn ? await signIn() : undefined;
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
    if (finalPath !== new URL(path, appUrl).pathname)
      throw new Error(`Lighthouse on ${path} ended on ${finalPath}`);
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
    const items = <T>(id: string) =>
      ((audit(id)?.details as { items?: T[] } | undefined)?.items ?? []) as T[];
    const groups = items<{ group: string; duration: number }>('mainthread-work-breakdown');
    const groupMs = (group: string) => groups.find((g) => g.group === group)?.duration ?? 0;
    let scriptBytes = 0;
    for (const script of scripts) {
      const url = new URL(script.url);
      scriptBytes += await bodyBytes(url.pathname + url.search);
    }
    return {
      path,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      fcpMs: audit('first-contentful-paint')?.numericValue ?? Number.NaN,
      lcpMs: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
      tbtMs: audit('total-blocking-time')?.numericValue ?? Number.NaN,
      cls: audit('cumulative-layout-shift')?.numericValue ?? Number.NaN,
      scriptBytes,
      scriptRequests: scripts.length,
      scriptTransferBytes: bytesOf('script'),
      totalBytes: bytesOf('total'),
      unusedScriptBytes: wasted('unused-javascript'),
      unusedCssBytes: wasted('unused-css-rules'),
      scriptMs: groupMs('scriptEvaluation') + groupMs('scriptParseCompile'),
      // Sorted longest first by the audit; none listed when no task reached 50 ms.
      longestTaskMs: Math.max(0, ...items<{ duration: number }>('long-tasks').map((t) => t.duration)),
      bootup: items<{ url: string; total: number; scripting: number; scriptParseCompile: number }>(
        'bootup-time',
      )
        .slice(0, BOOTUP_SHOWN)
        .map((b) => ({ url: b.url, total: b.total, scripting: b.scripting, parse: b.scriptParseCompile })),
    };
  } finally {
    await browser.close();
  }
}
