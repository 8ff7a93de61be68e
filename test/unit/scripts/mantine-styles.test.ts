import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANTINE_STYLES_FILE, mantineStyles } from '../../../scripts/mantine-styles';

describe('the Mantine stylesheets the web app loads', () => {
  const committed = readFileSync(MANTINE_STYLES_FILE, 'utf8');
  const sheets = [...committed.matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g)].map((m) => m[1]);

  it('are exactly those of the components the app uses (run `npx tsx scripts/mantine-styles.ts` when this fails)', () => {
    expect(committed).toBe(mantineStyles());
  });

  it('start with the reset, the theme variables and the global classes, and never load the whole stylesheet', () => {
    expect(sheets.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    expect(readFileSync('web/src/main.tsx', 'utf8')).not.toContain("'@mantine/core/styles.css'");
  });

  it('include what a used component is built from, before it (PasswordInput after Input and ActionIcon)', () => {
    expect(sheets).toContain('PasswordInput');
    expect(sheets.indexOf('Input')).toBeLessThan(sheets.indexOf('PasswordInput'));
    expect(sheets.indexOf('ActionIcon')).toBeLessThan(sheets.indexOf('PasswordInput'));
    // MultiSelect has no sheet of its own: it is pills in an input with a Combobox in a Popover.
    expect(sheets).toEqual(expect.arrayContaining(['Combobox', 'Popover', 'Pill', 'PillsInput']));
  });

  it('leave out components the app does not use', () => {
    for (const unused of ['Slider', 'Timeline', 'ColorPicker', 'Rating', 'Pagination', 'Tree'])
      expect(sheets).not.toContain(unused);
  });
});
