import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  changePasswordForm,
  deleteAccountInput,
  forgotPasswordInput,
  loginInput,
  MESSAGES,
  pairExtensionInput,
  refreshInput,
  registerForm,
  registerInput,
  resendVerificationInput,
  resetPasswordForm,
  resetPasswordInput,
  updateProfileInput,
  user,
  verifyEmailInput,
} from '../../../shared/auth';
import { hiddenCharactersMessage } from '../../../shared/text';

/** Every message of a parse, field by field, in order: what the form shows under each field. */
const messages = (schema: z.ZodMiniType, value: unknown): Record<string, string[]> => {
  const result = z.safeParse(schema, value);
  const out: Record<string, string[]> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path.join('.');
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
};

const GOOD = 'Sturdy-Lantern-42';
const account = { email: 'ada@example.test', username: 'ada_l', password: GOOD };

describe('a new password (spec part 1 section 5)', () => {
  it('needs a lower-case letter, an upper-case letter and a digit, each on its own', () => {
    for (const weak of [
      'STURDY-LANTERN-42',
      'sturdy-lantern-42',
      'Sturdy-Lantern',
      '12345678',
      'abcdefgh',
      'ABCDEFGH',
    ]) {
      expect(messages(registerInput, { ...account, password: weak }), weak).toEqual({
        password: [MESSAGES.passwordWeak],
      });
    }
    for (const strong of ['aB3aaaaa', 'Zz9-----', '1aA.....']) {
      expect(messages(registerInput, { ...account, password: strong }), strong).toEqual({});
    }
  });

  it('is at least 8 characters (7 is too short, before any other rule) and at most 256', () => {
    expect(messages(registerInput, { ...account, password: 'aB3aaaa' })).toEqual({
      password: [MESSAGES.passwordTooShort],
    });
    expect(messages(registerInput, { ...account, password: `aB3${'a'.repeat(253)}` })).toEqual({});
    expect(messages(registerInput, { ...account, password: `aB3${'a'.repeat(254)}` })).toEqual({
      password: ['Password must be 256 characters or less'],
    });
  });

  it('asks for itself when missing or not a text, with the message of the form it is in', () => {
    expect(messages(registerInput, { ...account, password: undefined })).toEqual({
      password: [MESSAGES.passwordRequired],
    });
    expect(messages(registerInput, { ...account, password: 12345678 })).toEqual({
      password: [MESSAGES.passwordRequired],
    });
    expect(
      messages(changePasswordForm, { currentPassword: GOOD, newPassword: 5, confirmPassword: 'x' }),
    ).toEqual({
      newPassword: [MESSAGES.newPasswordRequired],
    });
  });
});

describe('a password being checked (sign-in, change, deletion, pairing)', () => {
  it('is only required and bounded, never judged by the new-password rules', () => {
    expect(messages(loginInput, { email: account.email, password: 'weak' })).toEqual({});
    expect(messages(loginInput, { email: account.email, password: '' })).toEqual({
      password: [MESSAGES.passwordRequired],
    });
    expect(messages(loginInput, { email: account.email, password: null })).toEqual({
      password: [MESSAGES.passwordRequired],
    });
    expect(messages(loginInput, { email: account.email, password: 'a'.repeat(256) })).toEqual({});
    expect(messages(loginInput, { email: account.email, password: 'a'.repeat(257) })).toEqual({
      password: ['Password must be 256 characters or less'],
    });
  });

  it('sign-in needs the e-mail too, and remember-me is a yes or no', () => {
    expect(messages(loginInput, { password: GOOD })).toEqual({ email: [MESSAGES.emailRequired] });
    expect(messages(loginInput, { email: 42, password: GOOD })).toEqual({ email: [MESSAGES.emailRequired] });
    expect(z.parse(loginInput, { email: ' Ada@Example.TEST ', password: GOOD, rememberMe: true })).toEqual({
      email: 'ada@example.test',
      password: GOOD,
      rememberMe: true,
    });
    expect(Object.keys(messages(loginInput, { ...account, rememberMe: 'yes' }))).toEqual(['rememberMe']);
  });

  it('deleting the account asks for the password; pairing may omit it but not send an empty one', () => {
    expect(messages(deleteAccountInput, {})).toEqual({ password: [MESSAGES.passwordRequired] });
    expect(messages(deleteAccountInput, { password: GOOD })).toEqual({});
    expect(messages(pairExtensionInput, {})).toEqual({});
    expect(messages(pairExtensionInput, { password: '' })).toEqual({ password: [MESSAGES.passwordRequired] });
    expect(messages(pairExtensionInput, { password: 'x'.repeat(257) })).toEqual({
      password: ['Password must be 256 characters or less'],
    });
  });
});

describe('a username', () => {
  it('is 3 to 30 characters, the length rule alone when it is also badly spelt', () => {
    expect(messages(registerInput, { ...account, username: 'abc' })).toEqual({});
    expect(messages(registerInput, { ...account, username: 'a'.repeat(30) })).toEqual({});
    expect(messages(registerInput, { ...account, username: 'a!' })).toEqual({
      username: [MESSAGES.usernameLength],
    });
    expect(messages(registerInput, { ...account, username: `${'a'.repeat(30)}!` })).toEqual({
      username: [MESSAGES.usernameLength],
    });
  });

  it('holds only letters, digits, hyphens and underscores, from first to last character', () => {
    expect(messages(registerInput, { ...account, username: 'Ada-L_9' })).toEqual({});
    for (const bad of ['!ada', 'ada!', 'ad a', 'adé', 'ada.l']) {
      expect(messages(registerInput, { ...account, username: bad }), bad).toEqual({
        username: [MESSAGES.usernameChars],
      });
    }
  });
});

describe('names', () => {
  it('are at most 50 characters after trimming, first and last each with its own message', () => {
    expect(messages(registerInput, { ...account, firstName: ` ${'a'.repeat(50)} ` })).toEqual({});
    expect(
      messages(registerInput, { ...account, firstName: 'a'.repeat(51), lastName: 'b'.repeat(51) }),
    ).toEqual({
      firstName: [MESSAGES.firstNameLength],
      lastName: [MESSAGES.lastNameLength],
    });
  });

  it('name the field whose characters are refused, on sign-up and on the profile', () => {
    expect(messages(registerInput, { ...account, lastName: 'Ada\u200B' })).toEqual({
      lastName: [hiddenCharactersMessage('Last name')],
    });
    expect(messages(updateProfileInput, { username: 'ada_l', firstName: 'Ada\u202E' })).toEqual({
      firstName: [hiddenCharactersMessage('First name')],
    });
  });

  it('the profile sends only names and the username', () => {
    expect(z.parse(updateProfileInput, { username: 'ada_l', firstName: 'Ada', email: 'x@y.z' })).toEqual({
      username: 'ada_l',
      firstName: 'Ada',
    });
    expect(messages(updateProfileInput, { firstName: 'Ada' })).toEqual({
      username: [MESSAGES.usernameRequired],
    });
  });
});

describe('e-mail forms', () => {
  it('forgot password and resend verification take a valid e-mail and store it lower-cased', () => {
    for (const schema of [forgotPasswordInput, resendVerificationInput]) {
      expect(messages(schema, {})).toEqual({ email: [MESSAGES.emailRequired] });
      expect(messages(schema, { email: 'nope' })).toEqual({ email: [MESSAGES.emailInvalid] });
      expect(z.parse(schema, { email: 'Ada@Example.TEST' })).toEqual({ email: 'ada@example.test' });
    }
  });
});

describe('links from e-mails', () => {
  it('a verification token is required, trimmed and at most 200 characters, with its own message', () => {
    expect(messages(verifyEmailInput, {})).toEqual({ token: [MESSAGES.verifyTokenMissing] });
    expect(messages(verifyEmailInput, { token: 7 })).toEqual({ token: [MESSAGES.verifyTokenMissing] });
    expect(messages(verifyEmailInput, { token: '   ' })).toEqual({ token: [MESSAGES.verifyTokenMissing] });
    expect(z.parse(verifyEmailInput, { token: ` ${'t'.repeat(200)} ` })).toEqual({ token: 't'.repeat(200) });
    expect(messages(verifyEmailInput, { token: 't'.repeat(201) })).toEqual({
      token: [MESSAGES.verifyTokenMissing],
    });
  });

  it('a reset link carries its token and the new password', () => {
    expect(messages(resetPasswordInput, { password: GOOD })).toEqual({ token: [MESSAGES.resetTokenMissing] });
    expect(messages(resetPasswordInput, { token: 't' })).toEqual({ password: [MESSAGES.passwordRequired] });
    expect(messages(resetPasswordInput, { token: 't', password: GOOD })).toEqual({});
  });
});

describe('a refresh token', () => {
  it('is required and at most 512 characters', () => {
    expect(messages(refreshInput, { refreshToken: '' })).toEqual({
      refreshToken: ['Refresh token is required'],
    });
    expect(messages(refreshInput, { refreshToken: 'r'.repeat(512) })).toEqual({});
    expect(messages(refreshInput, { refreshToken: 'r'.repeat(513) })).toEqual({
      refreshToken: ['Refresh token is not valid'],
    });
    expect(Object.keys(messages(refreshInput, {}))).toEqual(['refreshToken']);
  });
});

describe('password confirmations', () => {
  it('are asked for when missing or not a text, with each form’s message', () => {
    const register = { ...account, acceptTerms: true };
    expect(messages(registerForm, register)).toEqual({ confirmPassword: [MESSAGES.confirmRequired] });
    expect(messages(registerForm, { ...register, confirmPassword: 5 })).toEqual({
      confirmPassword: [MESSAGES.confirmRequired],
    });
    expect(messages(resetPasswordForm, { token: 't', password: GOOD, confirmPassword: null })).toEqual({
      confirmPassword: [MESSAGES.confirmRequired],
    });
    expect(messages(changePasswordForm, { currentPassword: 'x', newPassword: GOOD })).toEqual({
      confirmPassword: [MESSAGES.confirmNewRequired],
    });
    expect(
      messages(changePasswordForm, { currentPassword: 'x', newPassword: GOOD, confirmPassword: 3 }),
    ).toEqual({
      confirmPassword: [MESSAGES.confirmNewRequired],
    });
  });

  it('do not say the passwords differ while the password itself is missing or not a text', () => {
    expect(messages(resetPasswordForm, { token: 't', confirmPassword: GOOD })).toEqual({
      password: [MESSAGES.passwordRequired],
    });
    expect(messages(resetPasswordForm, { token: 't', password: 12345678, confirmPassword: GOOD })).toEqual({
      password: [MESSAGES.passwordRequired],
    });
  });

  it('say they differ for one character, and say nothing when they match', () => {
    expect(
      messages(changePasswordForm, { currentPassword: 'x', newPassword: GOOD, confirmPassword: `${GOOD}!` }),
    ).toEqual({
      confirmPassword: [MESSAGES.newPasswordsDiffer],
    });
    expect(
      messages(changePasswordForm, { currentPassword: 'x', newPassword: GOOD, confirmPassword: GOOD }),
    ).toEqual({});
  });
});

describe('the user the API shows', () => {
  const shown = {
    id: 'u-1',
    email: 'ada@example.test',
    username: 'ada_l',
    plan: 'FREE',
    trialEndsAt: null,
    emailVerified: true,
    createdAt: '2026-11-26T00:00:00.000Z',
  };

  it('has its fields, names optional and the trial end null when there is none', () => {
    expect(z.parse(user, shown)).toEqual(shown);
    expect(z.parse(user, { ...shown, firstName: 'Ada', lastName: 'Lovelace' })).toMatchObject({
      firstName: 'Ada',
    });
    for (const field of ['id', 'email', 'username', 'plan', 'emailVerified', 'createdAt']) {
      const { [field]: _, ...missing } = shown as Record<string, unknown>;
      expect(Object.keys(messages(user, missing)), field).toEqual([field]);
    }
  });
});
