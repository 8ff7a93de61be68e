import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';

/**
 * The only file that imports puppeteer. The engine's Chromium is @sparticuz/chromium's headless shell
 * (unpacked to the temp folder on first use) in Lambda and, by default, on the local cloud too, where it
 * starts with flags that keep it off the network except for the pages we open (localEngineChromium).
 * Browser tests drive the machine's Chromium (localChromiumPath), which runs extensions.
 */
export const LOCAL_CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export function localChromiumPath(source: NodeJS.ProcessEnv = process.env): string {
  return source.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** The machine has no Chromium where the local cloud looks for it: no retry can fix that. */
export class BrowserMissingError extends Error {
  constructor(readonly path: string) {
    super(`No Chromium at ${path}`);
    this.name = 'BrowserMissingError';
  }
}

/**
 * The engine's Chromium on the local cloud: the binary Lambda runs, @sparticuz/chromium's headless shell
 * (unpacked once into the temp folder), so a local run drives the browser that deploys. It is also lighter
 * than the machine's full Chromium in its new headless mode: 40 incognito pages, two at a time, cost 4.4 s
 * of CPU against 19.7 s. CHROMIUM_PATH names another binary, for a machine where that Linux x64 build
 * cannot run.
 */
export async function localEngineChromium(
  source: NodeJS.ProcessEnv = process.env,
): Promise<{ executablePath: string; headless: true | 'shell' }> {
  if (source.CHROMIUM_PATH) {
    if (!existsSync(source.CHROMIUM_PATH)) throw new BrowserMissingError(source.CHROMIUM_PATH);
    return { executablePath: source.CHROMIUM_PATH, headless: true };
  }
  const { default: chromium } = await import('@sparticuz/chromium');
  return { executablePath: await chromium.executablePath(), headless: 'shell' };
}

/**
 * Puppeteer's own signal handlers kill Chromium on SIGINT and then exit the whole process (code 130),
 * and close it on SIGTERM: a run stopped (Ctrl-C of the local cloud) would then neither checkpoint nor
 * let go of its lease, and the next start would wait the lease out (issue 35 point 3). The process that
 * owns the browser closes it when it stops (closeSharedBrowser, withBrowser), and puppeteer still kills
 * it when the process exits.
 */
const OWN_SIGNALS = { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false } as const;

export async function launchBrowser(options: { userAgent?: string } = {}): Promise<Browser> {
  if (process.env.APP_RUNTIME === 'local') {
    return puppeteer.launch({
      ...OWN_SIGNALS,
      // Over a pipe, not a port: Chromium (in a process group of its own, so a Ctrl-C reaches the cloud,
      // not it) ends when the pipe does, so a killed local cloud leaves no browser behind.
      pipe: true,
      ...(await localEngineChromium()),
      args: [...LOCAL_CHROMIUM_FLAGS, ...(options.userAgent ? [`--user-agent=${options.userAgent}`] : [])],
    });
  }
  // Loaded only in Lambda: the package ships the Chromium binary and is kept out of the bundle.
  const { default: chromium } = await import('@sparticuz/chromium');
  return puppeteer.launch({
    ...OWN_SIGNALS,
    executablePath: await chromium.executablePath(),
    headless: 'shell',
    args: [...chromium.args, ...(options.userAgent ? [`--user-agent=${options.userAgent}`] : [])],
  });
}

/** Runs `work` with a fresh browser and always closes it, so no Chromium outlives its run. */
export async function withBrowser<T>(
  work: (browser: Browser) => Promise<T>,
  options?: { userAgent?: string },
): Promise<T> {
  const browser = await launchBrowser(options);
  try {
    return await work(browser);
  } finally {
    await browser.close().catch(() => browser.process()?.kill('SIGKILL'));
  }
}

/**
 * One Chromium per warm worker: launching costs a second or more, so a warm invocation reuses the
 * running browser, and every run gets an incognito context of its own, so no cookie of one user's
 * session is ever seen by another's run.
 */
let shared: Promise<Browser> | undefined;
export let lastLaunchMs = 0;

/**
 * On the local cloud, CHROMIUM_ENDPOINT names a Chromium already running (the test suite starts one for
 * all its files: test/support/chromium-global-setup.ts): the warm browser is then a connection to it,
 * and closing it only disconnects. Each run still gets its own incognito context.
 */
function runningChromium(): string | undefined {
  return process.env.APP_RUNTIME === 'local' ? process.env.CHROMIUM_ENDPOINT || undefined : undefined;
}

async function sharedBrowser(): Promise<Browser> {
  const current = shared ? await shared.catch(() => undefined) : undefined;
  if (current?.connected) return current;
  const started = performance.now();
  const endpoint = runningChromium();
  shared = endpoint ? puppeteer.connect({ browserWSEndpoint: endpoint }) : launchBrowser();
  const browser = await shared;
  lastLaunchMs = performance.now() - started;
  browser.once('disconnected', () => {
    shared = undefined;
  });
  return browser;
}

/** Closes the warm browser (tests, local cloud shutdown). */
export async function closeSharedBrowser(): Promise<void> {
  const current = shared ? await shared.catch(() => undefined) : undefined;
  shared = undefined;
  if (!current) return;
  // A browser this process did not start (CHROMIUM_ENDPOINT) is others' too: leave it running.
  if (!current.process()) return current.disconnect().catch(() => undefined);
  await current.close().catch(() => current.process()?.kill('SIGKILL'));
}

export interface BrowserCookie {
  name: string;
  value: string;
  domain?: string;
  path?: string;
  expires?: number;
  httpOnly?: boolean;
  secure?: boolean;
}

/** What a same-origin request made from inside the page answered. */
export interface PageResponse {
  status: number;
  /** The URL after redirects: a login wall or checkpoint shows here. */
  url: string;
  contentType: string;
  headers: Record<string, string>;
  /** Parsed when the answer is JSON. */
  json?: unknown;
  /** The first few KB of a non-JSON answer (a wall's text). */
  text?: string;
}

/** A platform session open in Chromium: the user's cookies in a page on the platform's origin. */
export interface PlatformPage {
  /** The platform's origin, for the absolute URLs of what it lists. */
  readonly baseUrl: string;
  /** Where the landing page ended up (a wall shows in its URL). */
  readonly landedAt: string;
  readonly landingStatus: number;
  /** GET (or POST) `path` from the page, with the browser's cookies and the given headers. */
  request(
    path: string,
    init?: { headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string },
  ): Promise<PageResponse>;
  close(): Promise<void>;
}

const TEXT_SAMPLE = 4096;

/**
 * Opens the platform at `landingPath` in a fresh incognito context carrying the session's cookies and
 * user agent. Requests then run inside the page with `fetch`, as the platform's own web app makes them.
 */
export async function openPlatformPage(options: {
  baseUrl: string;
  landingPath: string;
  cookies: readonly BrowserCookie[];
  userAgent: string;
  timeoutMs?: number;
}): Promise<PlatformPage> {
  const browser = await sharedBrowser();
  const context: BrowserContext = await browser.createBrowserContext();
  try {
    const page: Page = await context.newPage();
    await page.setUserAgent(options.userAgent);
    const origin = new URL(options.baseUrl);
    await context.setCookie(
      ...options.cookies.map((c) => ({
        name: c.name,
        value: c.value,
        // Sandbox and real cookies are host cookies of the platform's site.
        domain: origin.hostname,
        path: c.path ?? '/',
        ...(c.expires ? { expires: c.expires } : {}),
        httpOnly: c.httpOnly ?? false,
        secure: origin.protocol === 'https:' ? (c.secure ?? true) : false,
      })),
    );
    // Nothing but the platform's documents and API calls: images, fonts and styles cost time and memory.
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      const type = request.resourceType();
      if (type === 'image' || type === 'font' || type === 'stylesheet' || type === 'media')
        void request.abort();
      else void request.continue();
    });
    const response = await page.goto(new URL(options.landingPath, options.baseUrl).toString(), {
      waitUntil: 'domcontentloaded',
      timeout: options.timeoutMs ?? 30_000,
    });
    return {
      baseUrl: origin.origin,
      landedAt: page.url(),
      landingStatus: response?.status() ?? 0,
      async request(path, init = {}) {
        return page.evaluate(
          async (
            url: string,
            headers: Record<string, string>,
            method: string,
            body: string | null,
            sample: number,
          ) => {
            const res = await fetch(url, {
              method,
              headers,
              credentials: 'include',
              ...(body ? { body } : {}),
            });
            const contentType = res.headers.get('content-type') ?? '';
            const raw = await res.text();
            let json: unknown;
            if (contentType.includes('json')) {
              try {
                json = JSON.parse(raw);
              } catch {
                json = undefined;
              }
            }
            const out: Record<string, string> = {};
            res.headers.forEach((value, key) => {
              out[key] = value;
            });
            return {
              status: res.status,
              url: res.url,
              contentType,
              headers: out,
              ...(json === undefined ? { text: raw.slice(0, sample) } : { json }),
            };
          },
          new URL(path, options.baseUrl).toString(),
          init.headers ?? {},
          init.method ?? 'GET',
          init.body ?? null,
          TEXT_SAMPLE,
        );
      },
      async close() {
        await context.close().catch(() => undefined);
      },
    };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}
