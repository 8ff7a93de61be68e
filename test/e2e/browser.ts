import puppeteer, { type Browser, type HTTPRequest, type Page, type Viewport } from 'puppeteer-core';
import { inject } from 'vitest';
import { LOCAL_CHROMIUM_FLAGS, localChromiumPath } from '../../functions/platforms/browser';

/** Headless Chromium for UI tests, with the flags that keep it off this machine's closed network. */
export async function launchTestBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: localChromiumPath(),
    headless: true,
    args: LOCAL_CHROMIUM_FLAGS,
  });
}

/**
 * A new page in the browser's own profile with nothing an earlier test left: the other pages are closed,
 * and every cookie and the app's and the sandbox sites' stored values are cleared (the app keeps its session
 * in localStorage or sessionStorage: web/src/lib/session/token-store.ts). The HTTP cache and the compiled
 * code stay, as in a person's browser.
 *
 * Not an incognito context (createBrowserContext), which keeps no compiled code: there every page load
 * compiled the app's scripts anew. Twenty loads of /login cost the renderer 24.7 s of CPU in new incognito
 * contexts, 23.0 s in one, and 8.4 s in the browser's own profile. A journey that needs two people at once
 * opens the second one's page in an incognito context.
 */
export async function freshPage(browser: Browser, viewport?: Viewport): Promise<Page> {
  const page = await browser.newPage();
  for (const other of await browser.pages()) if (other !== page) await other.close();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCookies');
  const sites = [inject('appUrl'), ...Object.values(inject('sandboxUrls'))].filter(Boolean);
  for (const origin of sites)
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(origin).origin, storageTypes: 'all' });
  await cdp.detach();
  if (viewport) await page.setViewport(viewport);
  return page;
}

/**
 * Headless Chromium with an unpacked extension installed (new headless runs extensions; puppeteer
 * installs it over the pipe). Returns the browser and the extension's id. Pages must open in the
 * default browser context: an extension does not run in the incognito-like contexts tests use.
 */
export async function launchBrowserWithExtension(
  dir: string,
): Promise<{ browser: Browser; extensionId: string }> {
  const browser = await puppeteer.launch({
    executablePath: localChromiumPath(),
    headless: true,
    pipe: true,
    enableExtensions: true,
    // puppeteer adds the new headless mode itself; LOCAL_CHROMIUM_FLAGS' bare --headless is left out.
    args: LOCAL_CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
  });
  try {
    return { browser, extensionId: await browser.installExtension(dir) };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** Waits until the page's text contains `text`. */
export async function waitForText(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction((t) => (document.body.textContent ?? '').includes(t), { timeout }, text);
}

/** Waits until the path (and query, when given) is `path`. */
export async function waitForPath(page: Page, path: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    (p) => `${location.pathname}${location.search}`.startsWith(p),
    { timeout },
    path,
  );
}

/** The CSS selector of the input a visible <label> names, the way a person finds a field. */
export async function fieldSelector(page: Page, label: string): Promise<string> {
  await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll('label')].some((l) => l.textContent?.replace(/\*/g, '').trim() === text),
    { timeout: 10_000 },
    label,
  );
  const id = await page.evaluate((text) => {
    const found = [...document.querySelectorAll('label')].find(
      (l) => l.textContent?.replace(/\*/g, '').trim() === text,
    );
    return found?.htmlFor || found?.querySelector('input')?.id || '';
  }, label);
  if (!id) throw new Error(`No field labelled '${label}'`);
  return `[id="${id}"]`;
}

export async function fill(page: Page, label: string, value: string): Promise<void> {
  const selector = await fieldSelector(page, label);
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type(selector, value);
}

/**
 * Clicks the element `selector` finds once it is drawn: right after a page opens, its screen may
 * still be rendering what the network brought (a bare page.click fails at once when it is not there).
 */
export async function clickSelector(page: Page, selector: string): Promise<void> {
  const element = await page.waitForSelector(selector, { visible: true });
  await element!.click();
}

/** Clicks the first visible, enabled button or link whose text is `text`. */
export async function clickText(
  page: Page,
  text: string,
  tag: 'button' | 'a' | 'any' = 'any',
): Promise<void> {
  await page.waitForFunction(
    (t, kind) => {
      const candidates = [
        ...document.querySelectorAll(kind === 'any' ? 'button, a, [role="tab"], [role="menuitem"]' : kind),
      ];
      return candidates.some(
        (el) =>
          el.textContent?.trim() === t &&
          !(el as HTMLButtonElement).disabled &&
          (el as HTMLElement).offsetParent !== null,
      );
    },
    { timeout: 10_000 },
    text,
    tag,
  );
  await page.evaluate(
    (t, kind) => {
      const candidates = [
        ...document.querySelectorAll(kind === 'any' ? 'button, a, [role="tab"], [role="menuitem"]' : kind),
      ];
      const target = candidates.find(
        (el) =>
          el.textContent?.trim() === t &&
          !(el as HTMLButtonElement).disabled &&
          (el as HTMLElement).offsetParent !== null,
      ) as HTMLElement;
      target.click();
    },
    text,
    tag,
  );
}

/** How long the network stays quiet before a page counts as loaded (puppeteer's networkidle0 too). */
const QUIET_MS = 500;
const OPEN_TIMEOUT_MS = 30_000;

/**
 * Opens a page of the app and waits until its network is quiet, then out the 1 s splash of a full page
 * load (DECISIONS 11). Quiet is Chromium's networkidle0, or, whichever comes first, no request open for
 * 500 ms after the load but one kind: the catalogue's answers may be served stale while Chromium
 * revalidates them (`stale-while-revalidate`, functions/core/cacheable.ts), and that background request
 * keeps networkidle0 from ever coming (DevTools never reports its end), so a journey that met a copy a
 * previous one left between 60 s and 11 minutes before timed out. A request for a URL the page was just
 * served from the cache is that revalidation, and is not waited for. On a timeout the error names the
 * requests still open.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  const open = new Map<HTTPRequest, number>();
  const servedFromCache = new Set<string>();
  let lastChange = Date.now();
  let loaded = false;
  let done = false;
  const started = (request: HTTPRequest) => {
    lastChange = Date.now();
    if (!servedFromCache.has(request.url())) open.set(request, Date.now());
  };
  const ended = (request: HTTPRequest) => {
    lastChange = Date.now();
    open.delete(request);
    if (!request.response()?.fromCache()) return;
    servedFromCache.add(request.url());
    for (const other of open.keys()) if (other.url() === request.url()) open.delete(other);
  };
  const onLoad = () => {
    loaded = true;
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('load', onLoad);
  const navigation = page.goto(url, { waitUntil: 'networkidle0', timeout: OPEN_TIMEOUT_MS });
  const quiet = (async () => {
    while (!done && !(loaded && open.size === 0 && Date.now() - lastChange >= QUIET_MS))
      await new Promise((resolve) => setTimeout(resolve, 50));
  })();
  try {
    await Promise.race([navigation, quiet]);
  } catch (error) {
    const now = Date.now();
    const pending = [...open].map(([r, at]) => `${r.method()} ${r.url()} (${now - at} ms)`);
    throw new Error(
      `${(error as Error).message} opening ${url}; requests still open: ${pending.join(', ') || 'none'}`,
      { cause: error },
    );
  } finally {
    done = true;
    // Quiet came first: the navigation's own wait may still time out later, to nobody's concern.
    navigation.catch(() => undefined);
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
    page.off('load', onLoad);
  }
  await page.waitForFunction(() => !(document.body.textContent ?? '').includes('Automation Loading...'), {
    timeout: 10_000,
  });
}
