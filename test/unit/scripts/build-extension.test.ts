import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildExtension, extensionConfig } from '../../../scripts/build-extension';
import { renderIcon } from '../../../scripts/extension/icon';
import { zipFiles } from '../../../scripts/extension/zip';
import { readZip } from '../../support/unzip';

const outDirs: string[] = [];
afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

interface Manifest {
  manifest_version: number;
  name: string;
  permissions: string[];
  host_permissions: string[];
  content_scripts: Array<{ matches: string[] }>;
  background: unknown;
}

async function build(options: Parameters<typeof buildExtension>[0]) {
  const outDir = mkdtempSync(join(tmpdir(), 'trobly-extension-'));
  outDirs.push(outDir);
  const result = await buildExtension({ ...options, outDir });
  const manifest = JSON.parse(readFileSync(join(result.dir, 'manifest.json'), 'utf8')) as Manifest;
  return { ...result, manifest };
}

describe('npm run build:extension', () => {
  it('builds the local extension: the app of npm start, the sandbox hosts, nothing exposed to pages', async () => {
    const { dir, zip, manifest, config } = await build({ target: 'local', localPort: 4000 });
    expect(config).toMatchObject({
      target: 'local',
      appUrl: 'http://localhost:4000',
      appOrigins: ['http://localhost:*'],
    });
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(['cookies', 'storage', 'alarms']);
    expect(manifest.host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    expect(manifest.content_scripts).toEqual([
      { matches: ['http://localhost/*'], js: ['content.js'], run_at: 'document_start', all_frames: false },
    ]);
    expect(manifest.background).toEqual({ service_worker: 'background.js' });
    expect(manifest).not.toHaveProperty('web_accessible_resources');
    expect(manifest).not.toHaveProperty('externally_connectable');

    // The zip holds the folder, byte for byte.
    const files = readZip(readFileSync(zip));
    const onDisk = filesUnder(dir).map((path) => relative(dir, path));
    expect([...files.keys()].sort()).toEqual(onDisk.sort());
    for (const name of onDisk) expect(files.get(name)?.equals(readFileSync(join(dir, name)))).toBe(true);
    expect(onDisk).toEqual(
      expect.arrayContaining(['background.js', 'content.js', 'popup.js', 'popup.html', 'icons/icon-128.png']),
    );
    expect(readFileSync(join(dir, 'background.js'), 'utf8')).toContain('"http://localhost:*"');
  });

  it('builds the production extension for PUBLIC_APP_URL: the real platform domains and that app only', async () => {
    const { manifest, dir } = await build({ appUrl: 'https://app.example.com/some/path' });
    expect(manifest.name).toBe('Trobly');
    expect(manifest.host_permissions).toEqual([
      'https://*.linkedin.com/*',
      'https://*.x.com/*',
      'https://*.twitter.com/*',
      'https://*.instagram.com/*',
      'https://app.example.com/*',
    ]);
    expect(manifest.content_scripts[0]?.matches).toEqual(['https://app.example.com/*']);
    const content = readFileSync(join(dir, 'content.js'), 'utf8');
    expect(content).toContain('"https://app.example.com"');
    expect(content).not.toContain('linkedin');
  });

  it('refuses a production build without an https app URL', () => {
    expect(() => extensionConfig({ target: 'production' })).toThrow(/needs the app URL/);
    expect(() => extensionConfig({ appUrl: 'http://app.example.com' })).toThrow(/must be https/);
    expect(() => extensionConfig({ appUrl: 'not a url' })).toThrow(/not a URL/);
    expect(extensionConfig({ appUrl: 'http://localhost:3000' }).appOrigins).toEqual([
      'http://localhost:3000',
    ]);
  });
});

describe('the zip writer and the icon', () => {
  it('writes archives any reader opens, deflated or stored, the same bytes every time', () => {
    const entries = [
      { name: 'a.txt', data: Buffer.from('hello '.repeat(100)) },
      { name: 'dir/b.bin', data: Buffer.from([1]) },
      { name: 'empty', data: Buffer.alloc(0) },
    ];
    const archive = zipFiles(entries);
    const files = readZip(archive);
    for (const { name, data } of entries) expect(files.get(name)?.equals(data)).toBe(true);
    expect(archive.length).toBeLessThan(400);
    expect(zipFiles(entries).equals(archive)).toBe(true);
  });

  it('draws PNG icons of the asked size', () => {
    const png = renderIcon(48);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(48);
    expect(png.readUInt32BE(20)).toBe(48);
  });
});
