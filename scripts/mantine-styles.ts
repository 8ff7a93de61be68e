import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { repoRoot } from './local-cloud/lambda-runtime';

/**
 * The Mantine stylesheets the web app needs, instead of the whole of `@mantine/core/styles.css`
 * (issue 10 point 7: the sign-in page loaded 217 KB of CSS it never used). It finds every Mantine
 * export the app imports (and those @mantine/notifications imports), follows Mantine's own imports to
 * the components they are built from (PasswordInput → Input, ActionIcon, …), and lists the
 * per-component stylesheets of those components in the order `styles.css` has them (later ones
 * override earlier ones). The result is web/src/app/mantine-styles.css; a unit test fails when it is
 * out of date. Run after using a new Mantine component:
 *   npx tsx scripts/mantine-styles.ts
 *
 * Only the foundation goes in that stylesheet, which every page loads before its first paint: the base
 * sheets and the components other used Mantine components are built from (Input, Popover,
 * UnstyledButton, …). A leaf (a used component no other used one is built from: Tabs, Stepper, Table,
 * AppShell, …) is listed in web/src/app/mantine-leaf-styles.json instead, and its sheet is loaded with
 * its code (web/vite.config.ts, mantineLeafStyles): a page that renders no tabs parses and matches no tab
 * rules (issue 38 point 2: the one stylesheet was 172 KB, parsed and matched on every page's first
 * render). A leaf's sheet always comes after the foundation's, as in Mantine's own order, and no two
 * leaves style one element. Every sheet is Mantine's `.layer.css` form (in the cascade layer `mantine`),
 * so the app's own unlayered rules (app/a11y.css: tabs on one row, 44-px tap targets) win over a leaf's
 * sheet that loads after them.
 */
const coreRoot = join(repoRoot, 'node_modules', '@mantine', 'core');
const esmRoot = join(coreRoot, 'esm');
const stylesDir = join(coreRoot, 'styles');
export const MANTINE_STYLES_FILE = join(repoRoot, 'web', 'src', 'app', 'mantine-styles.css');
export const MANTINE_LEAF_STYLES_FILE = join(repoRoot, 'web', 'src', 'app', 'mantine-leaf-styles.json');
/** Every page needs these: the reset, the theme's CSS variables and the global classes. */
const BASE_SHEETS = ['baseline', 'default-css-variables', 'global'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Names imported from `@mantine/core` by `files`, or passed on from it (`export { Tooltip as default }
 * from '@mantine/core'`, a lazily loaded component's module); type-only ones carry no styles.
 */
function importedNames(files: string[]): Set<string> {
  const names = new Set<string>();
  const statement = /(?:import|export)\s*(type\s*)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(statement)) {
      if (match[1]) continue;
      for (const part of match[2]!.split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return names;
}

/**
 * Mantine's index: each export name and the file that defines it, or null for what Mantine passes on
 * from another package (RemoveScroll), which has no Mantine styles.
 */
function exportFiles(): Map<string, string | null> {
  const index = readFileSync(join(esmRoot, 'index.mjs'), 'utf8');
  const files = new Map<string, string | null>();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (name) files.set(name, match[2]!.startsWith('.') ? resolve(esmRoot, match[2]!) : null);
    }
  }
  return files;
}

/**
 * The component folders (`components/<Name>/`, and the shared `utils/<Name>/` parts with stylesheets of
 * their own, such as InlineInput for Checkbox, Radio and Switch labels) reachable from `start` through
 * relative imports.
 */
function componentsReachedFrom(start: string[]): Set<string> {
  const seen = new Set<string>();
  const components = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const component = /^(?:components|utils)\/([^/]+)\//.exec(
      relative(esmRoot, file).replaceAll('\\', '/'),
    )?.[1];
    if (component) components.add(component);
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s*"(\.[^"]+)"/g))
      queue.push(resolve(dirname(file), match[1]!));
  }
  return components;
}

/** The stylesheet names in the order the whole stylesheet has them. */
function canonicalOrder(): string[] {
  const whole = readFileSync(join(coreRoot, 'styles.css'), 'utf8');
  return readdirSync(stylesDir)
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => {
      const head = readFileSync(join(stylesDir, file), 'utf8').trim().slice(0, 200);
      const at = whole.indexOf(head);
      if (at < 0) throw new Error(`${file} is not part of @mantine/core/styles.css`);
      return { name: file.replace(/\.css$/, ''), at };
    })
    .sort((a, b) => a.at - b.at)
    .map((sheet) => sheet.name);
}

/** The used component folders, and those of them that no other used component is built from. */
function usedComponents(): { used: Set<string>; leaves: Set<string> } {
  const appFiles = sourceFiles(join(repoRoot, 'web', 'src'));
  const notificationFiles = sourceFiles(join(repoRoot, 'node_modules', '@mantine', 'notifications', 'esm'));
  const files = exportFiles();
  const names = [...importedNames(appFiles), ...importedNames(notificationFiles)];
  const start = names.flatMap((name) => {
    const file = files.get(name);
    if (file === undefined) throw new Error(`@mantine/core has no export named ${name}`);
    return file === null ? [] : [file];
  });
  const used = componentsReachedFrom(start);
  const builtUpon = new Set<string>();
  for (const component of used) {
    const folder = [join(esmRoot, 'components', component), join(esmRoot, 'utils', component)].find(
      existsSync,
    );
    if (!folder) continue;
    for (const part of componentsReachedFrom(sourceFiles(folder)))
      if (part !== component) builtUpon.add(part);
  }
  // @mantine/notifications' own components are built from core ones the app's code never names.
  for (const part of componentsReachedFrom(notificationFiles)) builtUpon.add(part);
  const leaves = new Set([...used].filter((component) => !builtUpon.has(component) && hasModule(component)));
  return { used, leaves };
}

/** Whether the component has the class-name module its leaf stylesheet is attached to. */
const hasModule = (component: string) =>
  existsSync(join(esmRoot, 'components', component, `${component}.module.mjs`));

/** The content of web/src/app/mantine-styles.css for the app as it is now: the foundation's sheets. */
export function mantineStyles(): string {
  const { used, leaves } = usedComponents();
  const sheets = canonicalOrder().filter(
    (name) => BASE_SHEETS.includes(name) || (used.has(name) && !leaves.has(name)),
  );
  return [
    '/* Generated by scripts/mantine-styles.ts: the Mantine stylesheets of the components the app uses',
    '   and other Mantine components are built from, in the order of @mantine/core/styles.css (the',
    "   leaves' sheets load with their code: mantine-leaf-styles.json). Run",
    '   `npx tsx scripts/mantine-styles.ts` after using a new Mantine component (a unit test fails until then).',
    "   Each in the cascade layer `mantine`: the app's own rules (a11y.css) win whatever the order sheets load in. */",
    ...sheets.map((name) => `@import "@mantine/core/styles/${name}.layer.css";`),
    '',
  ].join('\n');
}

/** The content of web/src/app/mantine-leaf-styles.json: the leaves, in Mantine's order. */
export function mantineLeafStyles(): string {
  const { leaves } = usedComponents();
  return `${JSON.stringify(
    canonicalOrder().filter((name) => leaves.has(name)),
    null,
    2,
  )}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeFileSync(MANTINE_STYLES_FILE, mantineStyles());
  writeFileSync(MANTINE_LEAF_STYLES_FILE, mantineLeafStyles());
  console.log(
    `Wrote ${relative(repoRoot, MANTINE_STYLES_FILE)} and ${relative(repoRoot, MANTINE_LEAF_STYLES_FILE)}`,
  );
}
