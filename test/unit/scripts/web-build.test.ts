import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webBuildCacheDir, webSourceHash } from '../../../scripts/web-build';

/** The web build is made again only when what it is built from changed, by content (scripts/web-build.ts). */
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function sourceTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'trobly-web-sources-'));
  roots.push(root);
  mkdirSync(join(root, 'web', 'src', 'features'), { recursive: true });
  mkdirSync(join(root, 'shared'), { recursive: true });
  writeFileSync(join(root, 'web', 'src', 'features', 'page.tsx'), 'export const Page = () => null;\n');
  writeFileSync(join(root, 'shared', 'texts.ts'), "export const TITLE = 'Trobly';\n");
  writeFileSync(join(root, 'package-lock.json'), '{}\n');
  return root;
}

describe('the web build is reused while its sources are the same', () => {
  it('keeps the hash when files are only touched, as a fresh clone does to every file', () => {
    const root = sourceTree();
    const before = webSourceHash(root, undefined);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'shared', 'texts.ts'), later, later);
    expect(webSourceHash(root, undefined)).toBe(before);
  });

  it('changes the hash when one byte of a source changes, a source is added, or one is renamed', () => {
    const root = sourceTree();
    const before = webSourceHash(root, undefined);
    writeFileSync(join(root, 'shared', 'texts.ts'), "export const TITLE = 'Troblx';\n");
    const edited = webSourceHash(root, undefined);
    expect(edited).not.toBe(before);
    writeFileSync(join(root, 'web', 'src', 'features', 'other.tsx'), '');
    const added = webSourceHash(root, undefined);
    expect(added).not.toBe(edited);
    rmSync(join(root, 'web', 'src', 'features', 'other.tsx'));
    writeFileSync(join(root, 'web', 'src', 'features', 'renamed.tsx'), '');
    expect(webSourceHash(root, undefined)).not.toBe(added);
  });

  it('changes the hash with the port the local extension is built for', () => {
    const root = sourceTree();
    expect(webSourceHash(root, '3000')).not.toBe(webSourceHash(root, undefined));
    expect(webSourceHash(root, '3000')).toBe(webSourceHash(root, '3000'));
  });

  it('keeps builds in the user cache folder, or XDG_CACHE_HOME when it is set', () => {
    expect(webBuildCacheDir({ XDG_CACHE_HOME: '/var/cache/ci' })).toBe('/var/cache/ci/trobly/web-build');
    expect(webBuildCacheDir({})).toMatch(/\/\.cache\/trobly\/web-build$/);
  });
});
