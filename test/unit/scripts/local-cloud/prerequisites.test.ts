import { describe, expect, it } from 'vitest';
import {
  checkChromium,
  checkJava,
  describeFindings,
  type Finding,
  javaMajorVersion,
} from '../../../../scripts/local-cloud/prerequisites';

describe('javaMajorVersion', () => {
  it.each([
    ['openjdk version "17.0.15" 2025-04-15', 17],
    ['java version "1.8.0_292"', 8],
    ['openjdk version "21" 2023-09-19', 21],
    ['openjdk version "11.0.2" 2019-01-15 LTS', 11],
  ])('reads %j as Java %i', (output, major) => {
    expect(javaMajorVersion(output)).toBe(major);
  });

  it('reads nothing from output without a version', () => {
    expect(javaMajorVersion('bash: java: command not found')).toBeUndefined();
  });
});

describe('checkJava', () => {
  it('reports a missing java command as a failing required finding with the install commands', () => {
    const finding = checkJava('/nonexistent/bin/java-for-trobly-tests');
    expect(finding.ok).toBe(false);
    expect(finding.required).toBe(true);
    expect(finding.detail).toContain('/nonexistent/bin/java-for-trobly-tests');
    expect(finding.fix.some((line) => line.includes('apt-get install -y openjdk-17-jre-headless'))).toBe(
      true,
    );
  });
});

describe('checkChromium', () => {
  it('reports a missing Chromium as failing but not required, with the install command', () => {
    const finding = checkChromium('/nonexistent');
    expect(finding).toMatchObject({ name: 'Chromium', ok: false, required: false });
    expect(finding.detail).toContain('/nonexistent');
    expect(finding.fix.some((line) => line.includes('apt-get install -y chromium'))).toBe(true);
  });

  it('accepts an executable file', () => {
    expect(checkChromium(process.execPath)).toMatchObject({ ok: true, detail: process.execPath, fix: [] });
  });
});

describe('describeFindings', () => {
  const passing: Finding = { name: 'Java 17+', ok: true, required: true, detail: 'Java 21', fix: [] };
  const failing: Finding = {
    name: 'Chromium',
    ok: false,
    required: false,
    detail: 'no Chromium at /nonexistent',
    fix: ['Debian/Ubuntu: sudo apt-get install -y chromium'],
  };

  it('lists only the failing findings, each with its fix lines', () => {
    const text = describeFindings([passing, failing]);
    expect(text).not.toContain('Java');
    expect(text.split('\n')).toEqual([
      '  ✗ Chromium (recommended): no Chromium at /nonexistent',
      '      Debian/Ubuntu: sudo apt-get install -y chromium',
    ]);
  });

  it('marks a required finding without "(recommended)"', () => {
    const text = describeFindings([{ ...failing, name: 'Java 17+', required: true, detail: 'missing' }]);
    expect(text.split('\n')[0]).toBe('  ✗ Java 17+: missing');
  });

  it('is empty when everything passes', () => {
    expect(describeFindings([passing])).toBe('');
  });
});
