import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { LOCAL_CHROMIUM_FLAGS, localChromiumPath } from '../functions/platforms/browser';
import { repoRoot } from './local-cloud/lambda-runtime';

/**
 * Renders each template's SVG artwork (web/public/trobs/<id>.svg, the source) to the PNG the
 * catalogue asks for first (spec 2.9: /trobs/{id}.png, then .svg, then an icon), at twice the SVG's
 * size for sharp cards on high-density screens, then reduces each to a 256-colour palette with
 * pngquant (`apt-get install pngquant`): about 25 KB instead of 100 KB, the catalogue's largest
 * download on a phone (issue 10 point 7). Run after editing an SVG:
 *   npx tsx scripts/render-trob-artwork.ts
 */
const dir = join(repoRoot, 'web', 'public', 'trobs');
const SCALE = 2;

const browser = await puppeteer.launch({
  executablePath: localChromiumPath(),
  headless: true,
  args: LOCAL_CHROMIUM_FLAGS,
});
try {
  const page = await browser.newPage();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
    const svg = readFileSync(join(dir, file), 'utf8');
    const width = Number(/width="(\d+)"/.exec(svg)?.[1] ?? 320);
    const height = Number(/height="(\d+)"/.exec(svg)?.[1] ?? 180);
    await page.setViewport({ width, height, deviceScaleFactor: SCALE });
    await page.setContent(
      `<html><body style="margin:0">${svg.replace('<svg ', '<svg style="display:block" ')}</body></html>`,
    );
    const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } });
    const out = join(dir, file.replace(/\.svg$/, '.png'));
    writeFileSync(out, png);
    execFileSync('pngquant', ['--quality=60-80', '--speed', '1', '--strip', '--force', '--ext', '.png', out]);
    console.log(`${out} (${Math.round(statSync(out).size / 1024)} KB)`);
  }
} finally {
  await browser.close();
}
