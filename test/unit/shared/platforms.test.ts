import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_PLATFORMS,
  isPlatform,
  PLATFORM_TABLE,
  PLATFORMS,
  platformLabel,
  platformOfRecord,
  platformTag,
  sessionCookieNames,
} from '../../../shared/platforms';

describe('the platform table', () => {
  it('has one row per platform, keyed by its own id, in display order', () => {
    expect(PLATFORMS).toEqual(['linkedin', 'twitter', 'instagram']);
    expect(Object.keys(PLATFORM_TABLE)).toEqual([...PLATFORMS]);
    for (const platform of PLATFORMS) expect(PLATFORM_TABLE[platform].id).toBe(platform);
  });

  it("gives the catalogue the spec's platform tags", () => {
    expect(PLATFORMS.map(platformTag)).toEqual(['LinkedIn', 'Twitter/X', 'Instagram']);
  });

  it('spells the connection record as the spec does (the id in upper case)', () => {
    expect(PLATFORMS.map((p) => PLATFORM_TABLE[p].record)).toEqual(['LINKEDIN', 'TWITTER', 'INSTAGRAM']);
    for (const platform of PLATFORMS) {
      expect(PLATFORM_TABLE[platform].record).toBe(platform.toUpperCase());
      expect(platformOfRecord(PLATFORM_TABLE[platform].record)).toBe(platform);
    }
    expect(platformOfRecord('FACEBOOK')).toBeUndefined();
    expect(platformOfRecord('linkedin')).toBeUndefined();
  });

  it('labels a platform by its id or its record spelling, and Facebook records too', () => {
    expect(platformLabel('linkedin')).toBe('LinkedIn');
    expect(platformLabel('TWITTER')).toBe('Twitter');
    expect(platformLabel('instagram')).toBe('Instagram');
    expect(platformLabel('FACEBOOK')).toBe('Facebook');
    expect(platformLabel('MYSPACE')).toBe('MYSPACE');
  });

  it('names the session cookies of each platform, login first', () => {
    expect(sessionCookieNames('linkedin')).toEqual(['li_at', 'JSESSIONID', 'li_a']);
    expect(sessionCookieNames('twitter')).toEqual(['auth_token', 'ct0', 'twid']);
    expect(sessionCookieNames('instagram')).toEqual(['sessionid', 'csrftoken', 'ds_user_id']);
  });

  it('decides Instagram with the plan table’s twitter column (DECISIONS 21)', () => {
    expect(PLATFORM_TABLE.linkedin.planKey).toBe('linkedin');
    expect(PLATFORM_TABLE.twitter.planKey).toBe('twitter');
    expect(PLATFORM_TABLE.instagram.planKey).toBe('twitter');
  });

  it('counts LinkedIn and Twitter on the dashboard, not Instagram (spec 2.8, DECISIONS 16)', () => {
    expect(DASHBOARD_PLATFORMS).toEqual(['linkedin', 'twitter']);
  });

  it('tells a platform id from anything else', () => {
    expect(PLATFORMS.every(isPlatform)).toBe(true);
    expect(isPlatform('LINKEDIN')).toBe(false);
    expect(isPlatform('x')).toBe(false);
    expect(isPlatform(undefined)).toBe(false);
  });

  it('imports nothing, so the extension and scripts can take it as is', () => {
    const source = readFileSync(new URL('../../../shared/platforms.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
  });
});
