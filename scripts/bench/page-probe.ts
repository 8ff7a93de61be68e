import type { Browser } from 'puppeteer-core';

/**
 * For `BENCH_DEBUG=1 npm run bench -- web`: the layout shifts (with the elements that moved) and the
 * largest-contentful-paint candidates of one load of `url` at a phone's size, read from the page's own
 * performance observers. Lighthouse 12.2 reports neither with this Chromium (its trace-element
 * gatherer fails), and they are what one needs to find why a page's CLS or LCP is high.
 */
export interface PageProbe {
  shifts: Array<{ at: number; value: number; moved: string[] }>;
  lcp: Array<{ at: number; size: number; element: string; url: string }>;
}

// A string: this script is compiled without the DOM's types.
const OBSERVERS = `
  window.__probe = { shifts: [], lcp: [] };
  const name = (n) => n ? n.nodeName + '.' + String(n.className || '').slice(0, 60) + ' "' + (n.textContent || '').trim().slice(0, 40) + '"' : '?';
  const box = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__probe.shifts.push({
    at: Math.round(e.startTime), value: e.value,
    moved: e.sources.map((s) => name(s.node) + ' ' + box(s.previousRect) + ' -> ' + box(s.currentRect)),
  }))).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__probe.lcp.push({
    at: Math.round(e.startTime), size: e.size, element: name(e.element), url: e.url,
  }))).observe({ type: 'largest-contentful-paint', buffered: true });
`;

export async function probeShiftsAndLcp(browser: Browser, url: string): Promise<PageProbe> {
  const page = await browser.newPage();
  try {
    // Lighthouse's phone: a Moto G Power's screen.
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    await page.evaluateOnNewDocument(OBSERVERS);
    await page.goto(url, { waitUntil: 'networkidle0' });
    await new Promise((settle) => setTimeout(settle, 1500));
    return (await page.evaluate('window.__probe')) as PageProbe;
  } finally {
    await page.close();
  }
}
