import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { changePasswordForm, registerForm, resetPasswordForm } from '../../../shared/auth';

const messages = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('forms with a password confirmation', () => {
  it("register: every field's message at once, 'Passwords do not match' included while the password is invalid", () => {
    expect(
      messages(registerForm, {
        email: 'grace@',
        username: 'gh',
        password: 'short',
        confirmPassword: 'shirt',
        acceptTerms: false,
      }),
    ).toEqual({
      email: 'Please enter a valid email address',
      username: 'Username must be between 3 and 30 characters',
      password: 'Password must be at least 8 characters long',
      confirmPassword: 'Passwords do not match',
      acceptTerms: 'Please accept the Terms of Service and Privacy Policy',
    });
  });

  it('reset password and change password: the mismatch shows beside the other messages', () => {
    expect(messages(resetPasswordForm, { token: 't', password: 'short', confirmPassword: 'shirt' })).toEqual({
      password: 'Password must be at least 8 characters long',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      messages(changePasswordForm, { currentPassword: '', newPassword: 'short', confirmPassword: 'shirt' }),
    ).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters long',
      confirmPassword: 'New passwords do not match',
    });
  });

  it('an empty confirmation only asks for it; a matching one adds nothing', () => {
    expect(messages(resetPasswordForm, { token: 't', password: 'short', confirmPassword: '' })).toEqual({
      password: 'Password must be at least 8 characters long',
      confirmPassword: 'Please confirm your password',
    });
    expect(messages(resetPasswordForm, { token: 't', password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters long',
    });
  });

  it('a valid form parses to its values, the e-mail trimmed and lower-cased', () => {
    const parsed = z.parse(registerForm, {
      email: ' Grace@Example.com ',
      username: 'grace_h',
      password: 'Cobol1959x',
      confirmPassword: 'Cobol1959x',
      acceptTerms: true,
    });
    expect(parsed).toEqual({
      email: 'grace@example.com',
      username: 'grace_h',
      password: 'Cobol1959x',
      confirmPassword: 'Cobol1959x',
      acceptTerms: true,
    });
  });
});
