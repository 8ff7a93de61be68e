import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PRODUCT_NAME } from '../shared/product.ts';
import { SPLASH_TEXT } from './src/app/splash/splash-text.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Fills `%PRODUCT_NAME%` (DECISIONS 18) and `%SPLASH_TEXT%` (the static splash, spec 9) in index.html
 * from their one constant each.
 */
function productName(): Plugin {
  return {
    name: 'trobly-product-name',
    transformIndexHtml: (html) =>
      html.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME).replaceAll('%SPLASH_TEXT%', SPLASH_TEXT),
  };
}

/**
 * Hands the modules whose path matches `importers` a module of ours (`replacement`, in web/) where they
 * import `source`; every other importer gets the real one. For a library module that imports a large
 * one for a small part of it, or behaves in a way the app cannot use.
 */
function substituteImport(name: string, source: string, importers: RegExp, replacement: string): Plugin {
  const file = fileURLToPath(new URL(replacement, import.meta.url));
  return {
    name: `trobly-${name}`,
    enforce: 'pre',
    resolveId: (wanted, importer) =>
      wanted === source && importer && importers.test(importer) ? file : null,
  };
}

const mantineComponent = (folder: string) =>
  new RegExp(`@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]${folder}[\\\\/]`);

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll only to read
 * `RemoveScroll.classNames.zeroRight`, which put the whole library (4 KB compressed) on every
 * signed-in page's first load and /trobs over its 170 KB budget (issue 10 point 7). Those three get a
 * module with the class names alone; every other importer (a modal) gets the library.
 */
const appShellScrollClassNames = () =>
  substituteImport(
    'app-shell-scroll-class-names',
    'react-remove-scroll',
    mantineComponent('AppShell'),
    './src/app/shell/remove-scroll-class-names.ts',
  );

/**
 * Mantine's AppShell sections draw a resize handle, whose code (drag, keyboard and clamping: about
 * 2 KB compressed) was on every signed-in page although the shell is never resizable. They get
 * web/src/app/shell/app-shell-no-resize.ts, which draws nothing.
 */
const appShellNoResize = () =>
  substituteImport(
    'app-shell-no-resize',
    '../AppShellResizeHandle/AppShellResizeHandle.mjs',
    mantineComponent('AppShell'),
    './src/app/shell/app-shell-no-resize.ts',
  );

/**
 * Mantine's ScrollArea imports floating-ui only for `useMergeRefs`, which put the whole floating layer
 * (14.6 KB compressed) on every page with a table (issue 38 point 2). ScrollArea gets a module that
 * merges refs with Mantine's own hook; every other importer (a popover, a tooltip) gets the library.
 */
const scrollAreaMergeRefs = () =>
  substituteImport(
    'scroll-area-merge-refs',
    '@floating-ui/react',
    mantineComponent('ScrollArea'),
    './src/app/scroll-area-merge-refs.ts',
  );

/**
 * Mantine's components take their ids from `@mantine/hooks`' `useId`, which redraws each of them after
 * mount to swap a random id in; they get web/src/app/mantine-use-id.ts instead, which keeps the first.
 */
const mantineStableIds = () =>
  substituteImport(
    'mantine-stable-ids',
    './use-id/use-id.mjs',
    /@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
    './src/app/mantine-use-id.ts',
  );

/**
 * A Mantine leaf component's stylesheet loads with its code, not with every page (issue 38 point 2):
 * its class-name module (`components/Tabs/Tabs.module.mjs`, which each of its parts imports) imports
 * its sheet, so the sheet lands in the CSS of the chunk that holds the component, and a lazy page's
 * sheets are loaded before the page renders. The leaves are listed by scripts/mantine-styles.ts; the
 * sheets they are built from stay in src/app/mantine-styles.css, which every page loads first. All are
 * in the cascade layer `mantine`, under the app's own rules whatever the order they load in.
 */
function mantineLeafStyles(): Plugin {
  const leaves = new Set<string>(
    JSON.parse(readFileSync(new URL('./src/app/mantine-leaf-styles.json', import.meta.url), 'utf8')),
  );
  const classModule = /@mantine[\\/]core[\\/]esm[\\/]components[\\/](\w+)[\\/](\w+)\.module\.mjs$/;
  return {
    name: 'trobly-mantine-leaf-styles',
    transform(code, id) {
      const [, folder, name] = classModule.exec(id) ?? [];
      if (!folder || folder !== name || !leaves.has(folder)) return null;
      return { code: `import "@mantine/core/styles/${folder}.layer.css";\n${code}`, map: null };
    },
  };
}

/** `vite build --config web/vite.config.ts` from the repo root builds into web/dist. */
export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    productName(),
    appShellScrollClassNames(),
    appShellNoResize(),
    scrollAreaMergeRefs(),
    mantineStableIds(),
    mantineLeafStyles(),
  ],
  build: {
    outDir: 'dist',
    // The PDF export's fonts stay files, fetched when a PDF is made (a small one would otherwise be
    // inlined as a data: address, which the app's connect-src does not allow).
    assetsInlineLimit: (file) => (/\.(ttf|woff2)$/.test(file) ? false : undefined),
    emptyOutDir: true,
    // The entry's own imports keep their modulepreload links in index.html; a lazy part's scripts get
    // none from script. Vite's loader added one link per script of a page and of the app shell at the
    // app's start, and each insertion cost about 1.5 ms: 400 ms of the first task at 4x on the leads
    // screen's 60 scripts, on the same thread the page then renders on (issue 38 point 2). The
    // browser fetches a part's imports as it parses the part instead. Stylesheets still load first.
    // No polyfill: every browser the app supports reads modulepreload links (Safari from 17; an older
    // one fetches the scripts as it finds them), and the polyfill was 0.4 KB of every page's first script.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      // Building a zod schema has no side effects: a schema a page does not use is dropped, and with
      // the last one the validation library itself (issue 10 point 7). Only while its arguments have
      // none either: a schema helper of ours says so with `/* @__NO_SIDE_EFFECTS__ */` (shared/text.ts),
      // and a schema that calls a method (a message's toLocaleString) is kept. Rolldown also keeps some
      // schemas it should drop (shared/review.ts's decisions, which a comment inside it decided), and
      // a page that imports one function from a module shares the module's chunk, zod included. So a
      // page that needs only a shared module's words, constants or plain functions imports them from a
      // module without schemas (shared/flow-options.ts, ai-filter-limits.ts, team-texts.ts,
      // outgoing-text.ts; review.ts's schemas are in review-requests.ts; issue 38 point 2).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Pages are split by their lazy imports in the route table.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
            // The library code most pages share (Mantine's primitives and hooks) in one chunk instead of
            // dozens of small ones: each small chunk is a module to fetch, link and evaluate (issue 38
            // point 2; 3 runs each, when the loader still added a modulepreload link a chunk: /dashboard TBT 1.0-1.7 s -> 0.6-0.9 s, /trobs 1.2-1.5 s -> 0.6-0.8 s
            // at 4x, for 4-9 KB more script). A module fewer than 16 lazy parts use stays with them, so
            // no page carries the rarer components' code (at 12 the chunk was 54 KB and pushed the
            // lighter pages over 170 KB).
            // The floating layer (floating-ui and the Mantine components built on it, and the transitions
            // of dialogs and dropdowns) stays out of it: 16 lazy parts use it, but the sign-in page, the
            // dashboard and the lists do not, and it was 14 KB of their scripts (issue 38 point 2:
            // /login 158.3 -> 144.2 KB, /dashboard 150.7 -> 136.5 KB, pages that use it +0.5 KB).
            // The icons two or more parts share in one chunk: alone, each was a module of 200-470 bytes,
            // under the 1,000 bytes CloudFront compresses (a phone loaded a dozen of them uncompressed
            // on a signed-in page), and a request, a link and an evaluation each (issue 38 point 2).
            {
              name: 'icons',
              test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/,
              minShareCount: 2,
            },
            {
              name: 'ui',
              test: /node_modules[\\/](?!@floating-ui|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Popover|Tooltip|Combobox|Menu|Floating\w*|HoverCard|Transition)[\\/])/,
              minShareCount: 16,
            },
          ],
        },
      },
    },
  },
});
