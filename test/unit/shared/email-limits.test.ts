import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  DOMAIN_LABEL_MAX,
  EMAIL_LOCAL_PART_MAX,
  EMAIL_MAX,
  email,
  MESSAGES,
  registerInput,
} from '../../../shared/auth';

const messagesOf = (value: unknown) => z.safeParse(email, value).error?.issues.map((i) => i.message) ?? [];
const label = (n: number) => 'd'.repeat(n);

describe('e-mail addresses within RFC 5321 and RFC 1035 limits', () => {
  it('are the RFCs limits: 64 for the local part, 63 for a domain label, 254 in all', () => {
    expect([EMAIL_LOCAL_PART_MAX, DOMAIN_LABEL_MAX, EMAIL_MAX]).toEqual([64, 63, 254]);
  });

  it('accept a 64-character local part and refuse 65 with the spec message', () => {
    expect(messagesOf(`${'a'.repeat(64)}@example.test`)).toEqual([]);
    expect(messagesOf(`${'a'.repeat(65)}@example.test`)).toEqual(['Please enter a valid email address']);
  });

  it('accept a 63-character domain label and refuse 64, wherever the label is', () => {
    expect(messagesOf(`ada@${label(63)}.test`)).toEqual([]);
    expect(messagesOf(`ada@mail.${label(63)}.test`)).toEqual([]);
    expect(messagesOf(`ada@${label(64)}.test`)).toEqual([MESSAGES.emailInvalid]);
    expect(messagesOf(`ada@mail.${label(64)}.test`)).toEqual([MESSAGES.emailInvalid]);
    expect(messagesOf(`ada@example.${'t'.repeat(64)}`)).toEqual([MESSAGES.emailInvalid]);
  });

  it('accept a 254-character address of valid parts and refuse 255 with the length message', () => {
    const at254 = `${'a'.repeat(64)}@${label(63)}.${label(63)}.${label(56)}.test`;
    expect(at254.length).toBe(254);
    expect(messagesOf(at254)).toEqual([]);
    const at255 = `${'a'.repeat(64)}@${label(63)}.${label(63)}.${label(57)}.test`;
    expect(at255.length).toBe(255);
    expect(messagesOf(at255)).toEqual(['Email must be 254 characters or less']);
  });

  it('measure after trimming, and store the address lower-cased', () => {
    expect(z.parse(email, `  ${'A'.repeat(64)}@Example.TEST  `)).toBe(`${'a'.repeat(64)}@example.test`);
  });

  it('say one message for an address both malformed and too long in a part', () => {
    expect(messagesOf(`${'a'.repeat(65)}@@example.test`)).toEqual([MESSAGES.emailInvalid]);
    expect(messagesOf('')).toEqual([MESSAGES.emailRequired]);
  });

  it('hold on sign-up', () => {
    const res = z.safeParse(registerInput, {
      email: `${'a'.repeat(65)}@example.test`,
      username: 'someone',
      password: 'Sturdy-Lantern-42',
    });
    expect(res.error?.issues).toEqual([
      expect.objectContaining({ path: ['email'], message: 'Please enter a valid email address' }),
    ]);
  });
});
