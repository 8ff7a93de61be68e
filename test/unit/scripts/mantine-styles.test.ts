import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MANTINE_LEAF_STYLES_FILE,
  MANTINE_STYLES_FILE,
  mantineLeafStyles,
  mantineStyles,
} from '../../../scripts/mantine-styles';

describe('the Mantine stylesheets the web app loads', () => {
  const committed = readFileSync(MANTINE_STYLES_FILE, 'utf8');
  const sheets = [...committed.matchAll(/@mantine\/core\/styles\/([\w-]+)\.layer\.css/g)].map((m) => m[1]);
  const committedLeaves = readFileSync(MANTINE_LEAF_STYLES_FILE, 'utf8');
  const leaves = JSON.parse(committedLeaves) as string[];

  it('are exactly those of the components the app uses (run `npx tsx scripts/mantine-styles.ts` when this fails)', () => {
    expect(committed).toBe(mantineStyles());
    expect(committedLeaves).toBe(mantineLeafStyles());
  });

  it('start with the reset, the theme variables and the global classes, and never load the whole stylesheet', () => {
    expect(sheets.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    expect(readFileSync('web/src/main.tsx', 'utf8')).not.toContain("'@mantine/core/styles.css'");
  });

  it('load what a used component is built from on every page, and the component itself with its code', () => {
    // PasswordInput is built from Input and ActionIcon; nothing is built from PasswordInput.
    expect(sheets).toEqual(expect.arrayContaining(['Input', 'ActionIcon']));
    expect(leaves).toContain('PasswordInput');
    expect(sheets).not.toContain('PasswordInput');
    // MultiSelect has no sheet of its own: it is pills in an input with a Combobox in a Popover.
    expect(sheets).toEqual(expect.arrayContaining(['Combobox', 'Popover', 'Pill', 'PillsInput']));
    // Pages without tabs, a stepper or a table load none of their rules.
    expect(leaves).toEqual(expect.arrayContaining(['Tabs', 'Stepper', 'Table', 'AppShell']));
  });

  it('list each sheet once: a leaf is never also in the stylesheet every page loads', () => {
    expect(leaves.filter((leaf) => sheets.includes(leaf))).toEqual([]);
    expect(new Set(sheets).size).toBe(sheets.length);
  });

  it('leave out components the app does not use', () => {
    for (const unused of ['Slider', 'Timeline', 'ColorPicker', 'Rating', 'Pagination', 'Tree'])
      expect([...sheets, ...leaves]).not.toContain(unused);
  });
});
