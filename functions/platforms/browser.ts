import puppeteer, { type Browser } from 'puppeteer-core';

/**
 * The only file that imports puppeteer. In Lambda, Chromium comes from @sparticuz/chromium (unpacked
 * to /tmp on first use); on the local cloud it is the machine's Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium), started with flags that keep it off the network except for the pages we open.
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

export async function launchBrowser(options: { userAgent?: string } = {}): Promise<Browser> {
  if (process.env.APP_RUNTIME === 'local') {
    return puppeteer.launch({
      executablePath: localChromiumPath(),
      headless: true,
      args: [...LOCAL_CHROMIUM_FLAGS, ...(options.userAgent ? [`--user-agent=${options.userAgent}`] : [])],
    });
  }
  // Loaded only in Lambda: the package ships the Chromium binary and is kept out of the bundle.
  const { default: chromium } = await import('@sparticuz/chromium');
  return puppeteer.launch({
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
