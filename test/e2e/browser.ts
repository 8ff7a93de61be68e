import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { LOCAL_CHROMIUM_FLAGS, localChromiumPath } from '../../functions/platforms/browser';

/** Headless Chromium for UI tests, with the flags that keep it off this machine's closed network. */
export async function launchTestBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: localChromiumPath(),
    headless: true,
    args: LOCAL_CHROMIUM_FLAGS,
  });
}

/** Waits until some element's text content contains `text`. */
export async function waitForText(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction((t) => document.body.textContent ?? ''.includes(t), { timeout }, text);
}
