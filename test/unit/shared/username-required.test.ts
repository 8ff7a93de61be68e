import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { username } from '../../../shared/auth';

const message = (value: unknown) => {
  const result = z.safeParse(username, value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('username (issue 10 point 12)', () => {
  it('asks for a username when it is empty, blank or missing, and gives the length rule only for a short one', () => {
    expect(message('')).toBe('Username is required');
    expect(message('   ')).toBe('Username is required');
    expect(message(undefined)).toBe('Username is required');
    expect(message('ab')).toBe('Username must be between 3 and 30 characters');
    expect(message('ada_l')).toBeUndefined();
  });
});
