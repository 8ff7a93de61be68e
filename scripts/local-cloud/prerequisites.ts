import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { localChromiumPath } from '../../functions/platforms/browser';

/**
 * What npm cannot install: Java 17+ (DynamoDB Local) and Chromium (trob runs, browser tests).
 * Each finding says what is missing and the exact command that installs it.
 */
export interface Finding {
  name: string;
  ok: boolean;
  /** Without it the local cloud cannot start at all. */
  required: boolean;
  detail: string;
  fix: string[];
}

export function javaMajorVersion(versionOutput: string): number | undefined {
  const match = versionOutput.match(/version "(\d+)(?:\.(\d+))?/);
  if (!match) return undefined;
  const major = Number(match[1]);
  // Java 8 and older call themselves 1.x.
  return major === 1 ? Number(match[2]) : major;
}

export function checkJava(command = 'java'): Finding {
  const fix = [
    'Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless',
    'macOS (Homebrew): brew install openjdk@17',
    'or put the bin folder of a Java 17+ first on your PATH',
  ];
  const run = spawnSync(command, ['-version'], { encoding: 'utf8' });
  if (run.error)
    return {
      name: 'Java 17+',
      ok: false,
      required: true,
      detail: `'${command}' was not found (DynamoDB Local runs on Java)`,
      fix,
    };
  const major = javaMajorVersion(`${run.stderr}${run.stdout}`);
  if (!major || major < 17) {
    return {
      name: 'Java 17+',
      ok: false,
      required: true,
      detail: `found Java ${major ?? 'of unknown version'}; DynamoDB Local needs 17 or newer`,
      fix,
    };
  }
  return { name: 'Java 17+', ok: true, required: true, detail: `Java ${major}`, fix: [] };
}

export function checkChromium(path = localChromiumPath()): Finding {
  const fix = [
    'Debian/Ubuntu: sudo apt-get install -y chromium',
    'macOS: install Chromium or Chrome and set CHROMIUM_PATH to its binary',
  ];
  try {
    accessSync(path, constants.X_OK);
    return { name: 'Chromium', ok: true, required: false, detail: path, fix: [] };
  } catch {
    return {
      name: 'Chromium',
      ok: false,
      required: false,
      detail: `no Chromium at ${path} (set CHROMIUM_PATH to use another); browser tests need it, and runs its libraries`,
      fix,
    };
  }
}

export function checkPrerequisites(): Finding[] {
  return [checkJava(), checkChromium()];
}

export function describeFindings(findings: Finding[]): string {
  return findings
    .filter((f) => !f.ok)
    .map((f) =>
      [
        `  ✗ ${f.name}${f.required ? '' : ' (recommended)'}: ${f.detail}`,
        ...f.fix.map((line) => `      ${line}`),
      ].join('\n'),
    )
    .join('\n');
}
