import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';

/** axe-core's browser build, read once and evaluated in each page (CDP evaluation is not subject to the CSP). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 A and AA rules (issue 10 point 13). */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** The CSS selectors of the failing elements. */
  targets: string[];
}

/** Runs axe on the page as it is now and returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(
    async (tags) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time, without types in the page.
      const axe = (window as any).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        // WCAG 2.5.3 (label in name), which axe still marks experimental and so leaves out by default.
        rules: { 'label-content-name-mismatch': { enabled: true } },
        resultTypes: ['violations'],
      });
      return (
        result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[]
      )
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          rule: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        }));
    },
    WCAG_21_AA_TAGS as unknown as string[],
  );
}
