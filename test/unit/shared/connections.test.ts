import { describe, expect, it } from 'vitest';
import { connectionStatus, REVALIDATE_AFTER_MS, syncInput } from '../../../shared/connections';

const now = new Date('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('connectionStatus (spec 4)', () => {
  it('reads Disconnected for an inactive connection whatever else it has', () => {
    expect(connectionStatus({ isActive: false, lastValidated: ago(0), errorCount: 3 }, now)).toBe(
      'Disconnected',
    );
  });

  it('reads Connected at exactly 7 days and Needs Validation one millisecond later', () => {
    expect(
      connectionStatus({ isActive: true, lastValidated: ago(REVALIDATE_AFTER_MS), errorCount: 0 }, now),
    ).toBe('Connected');
    expect(
      connectionStatus({ isActive: true, lastValidated: ago(REVALIDATE_AFTER_MS + 1), errorCount: 0 }, now),
    ).toBe('Needs Validation');
  });

  it('puts a stale validation before errors, as the spec orders them', () => {
    expect(
      connectionStatus({ isActive: true, lastValidated: ago(REVALIDATE_AFTER_MS + 1), errorCount: 2 }, now),
    ).toBe('Needs Validation');
    expect(connectionStatus({ isActive: true, lastValidated: ago(1000), errorCount: 1 }, now)).toBe(
      'Issues Detected',
    );
  });

  it('reads Needs Validation only for a validation more than 7 days ago: none at all is not stale', () => {
    expect(connectionStatus({ isActive: true, lastValidated: null, errorCount: 0 }, now)).toBe('Connected');
    expect(connectionStatus({ isActive: true, lastValidated: null, errorCount: 1 }, now)).toBe(
      'Issues Detected',
    );
    expect(connectionStatus({ isActive: true, lastValidated: 'not a date', errorCount: 0 }, now)).toBe(
      'Connected',
    );
    expect(
      connectionStatus({ isActive: true, lastValidated: ago(REVALIDATE_AFTER_MS - 1), errorCount: 0 }, now),
    ).toBe('Connected');
  });
});

describe('shared connection schemas', () => {
  it('accepts the platform in any case and refuses FACEBOOK (not connectable)', () => {
    const cookies = [{ name: 'li_at', value: 'x' }];
    expect(syncInput.parse({ platform: 'LINKEDIN', cookies, userAgent: 'UA' }).platform).toBe('linkedin');
    expect(syncInput.safeParse({ platform: 'facebook', cookies, userAgent: 'UA' }).success).toBe(false);
  });
});
