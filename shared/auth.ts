import * as z from 'zod/mini';
import { userPlan } from './pricing-plans';
import { idToken, nameText } from './text';

export { AUTH_TEXTS } from './auth-texts';

/**
 * Every account payload, used by the forms (zodResolver) and the handlers alike, with the messages of
 * spec part 1 section 5. A check marked `abort` stops the field's later checks, so an empty field says
 * "required" and not also "invalid".
 */
export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be 254 characters or less',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordWeak: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  passwordCommon: 'This password is too common. Please choose a less predictable one.',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  newPasswordsDiffer: 'New passwords do not match',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  confirmNewRequired: 'Please confirm your new password',
  // Not in the spec, which names no text for an empty username (issue 10 point 12).
  usernameRequired: 'Username is required',
  usernameLength: 'Username must be between 3 and 30 characters',
  usernameChars: 'Username can only contain letters, numbers, hyphens, and underscores',
  firstNameLength: 'First name must be 50 characters or less',
  lastNameLength: 'Last name must be 50 characters or less',
  termsRequired: 'Please accept the Terms of Service and Privacy Policy',
  resetTokenMissing: 'Invalid or missing reset token. Please request a new password reset link.',
  verifyTokenMissing: 'Invalid or missing verification token',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const NAME_MAX = 50;
/** RFC 5321's limit on a forward path; also keeps every key built from an e-mail far under DynamoDB's. */
export const EMAIL_MAX = 254;
/** RFC 5321 section 4.5.3.1.1: a local part is at most 64 octets. */
export const EMAIL_LOCAL_PART_MAX = 64;
/** RFC 1035 section 2.3.4: a domain label is at most 63 octets. */
export const DOMAIN_LABEL_MAX = 63;

/** The parts' limits, which zod's e-mail pattern does not check (it takes any length of either). */
export const withinEmailLimits = (address: string): boolean => {
  const at = address.lastIndexOf('@');
  return (
    at <= EMAIL_LOCAL_PART_MAX &&
    address
      .slice(at + 1)
      .split('.')
      .every((label) => label.length <= DOMAIN_LABEL_MAX)
  );
};
export const PASSWORD_MAX = 256;

/* @__NO_SIDE_EFFECTS__ */
const required = (message: string) => z.minLength(1, { error: message, abort: true });

export const email = z
  .string({ error: MESSAGES.emailRequired })
  .check(
    z.trim(),
    required(MESSAGES.emailRequired),
    z.maxLength(EMAIL_MAX, { error: MESSAGES.emailTooLong, abort: true }),
    z.email({ error: MESSAGES.emailInvalid, abort: true }),
    z.refine(withinEmailLimits, MESSAGES.emailInvalid),
    z.toLowerCase(),
  );

/** A password being chosen: the spec's rules for every new password (register, reset, change). */
/* @__NO_SIDE_EFFECTS__ */
export const newPassword = (requiredMessage: string = MESSAGES.passwordRequired) =>
  z.string({ error: requiredMessage }).check(
    required(requiredMessage),
    z.minLength(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort, abort: true }),
    z.refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), MESSAGES.passwordWeak),
    // bcrypt-era limits do not apply to scrypt, but a megabyte password is a denial of service.
    z.maxLength(PASSWORD_MAX, 'Password must be 256 characters or less'),
  );

/** The password a person already has, checked against its hash: required, not its strength rules. */
/* @__NO_SIDE_EFFECTS__ */
export const existingPassword = (message: string) =>
  z
    .string({ error: message })
    .check(required(message), z.maxLength(PASSWORD_MAX, 'Password must be 256 characters or less'));

export const username = z
  .string({ error: MESSAGES.usernameRequired })
  .check(
    z.trim(),
    required(MESSAGES.usernameRequired),
    z.minLength(USERNAME_MIN, { error: MESSAGES.usernameLength, abort: true }),
    z.maxLength(USERNAME_MAX, { error: MESSAGES.usernameLength, abort: true }),
    z.regex(/^[A-Za-z0-9_-]+$/, MESSAGES.usernameChars),
  );

/** An optional name: spaces only is no name; invisible-only or hidden characters are refused (shared/text). */
/* @__NO_SIDE_EFFECTS__ */
const personName = (message: string, label: string) =>
  z.optional(z.string().check(nameText(label), z.trim(), z.maxLength(NAME_MAX, message)));

export const registerInput = z.object({
  email,
  username,
  password: newPassword(),
  firstName: personName(MESSAGES.firstNameLength, 'First name'),
  lastName: personName(MESSAGES.lastNameLength, 'Last name'),
});
export type RegisterInput = z.infer<typeof registerInput>;

/**
 * A form whose confirmation field must repeat `field`. A check on the form object runs only when every
 * field parsed (a field's `abort` stops it), so 'Passwords do not match' would wait until the password
 * itself is valid. The match is checked beside the form (an intersection runs both sides and keeps both
 * sides' issues), so every field's message shows at once. An empty confirmation only says it is required.
 */
function withConfirmation<S extends z.ZodMiniType, F extends string>(form: S, field: F, message: string) {
  // Optional: a missing field is the form's own schema to report ('... is required'), not a second 'Invalid input'.
  const either = z.optional(z.unknown());
  const pair = z.object({ [field]: either, confirmPassword: either } as Record<
    F | 'confirmPassword',
    typeof either
  >);
  return z.intersection(
    form,
    pair.check(
      z.refine(
        (f: Record<string, unknown>) =>
          typeof f[field] !== 'string' ||
          typeof f.confirmPassword !== 'string' ||
          f.confirmPassword === '' ||
          f[field] === f.confirmPassword,
        { error: message, path: ['confirmPassword'] },
      ),
    ),
  );
}

/** The register form adds what only the browser checks: the confirmation and the terms box. */
export const registerForm = withConfirmation(
  z.extend(registerInput, {
    confirmPassword: z.string({ error: MESSAGES.confirmRequired }).check(required(MESSAGES.confirmRequired)),
    acceptTerms: z.boolean().check(z.refine((v) => v === true, MESSAGES.termsRequired)),
  }),
  'password',
  MESSAGES.passwordsDiffer,
);
export type RegisterForm = z.infer<typeof registerForm>;

export const loginInput = z.object({
  email,
  password: existingPassword(MESSAGES.passwordRequired),
  /** DECISIONS 7: kept across browser restarts when true. The server gives such sessions a longer life. */
  rememberMe: z.optional(z.boolean()),
});
export type LoginInput = z.infer<typeof loginInput>;

export const forgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resendVerificationInput = z.object({ email });
export type ResendVerificationInput = z.infer<typeof resendVerificationInput>;

/* @__NO_SIDE_EFFECTS__ */
const token = (message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), required(message), z.maxLength(200, message), idToken('token'));

export const verifyEmailInput = z.object({ token: token(MESSAGES.verifyTokenMissing) });
export type VerifyEmailInput = z.infer<typeof verifyEmailInput>;

export const resetPasswordInput = z.object({
  token: token(MESSAGES.resetTokenMissing),
  password: newPassword(),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const resetPasswordForm = withConfirmation(
  z.extend(resetPasswordInput, {
    confirmPassword: z.string({ error: MESSAGES.confirmRequired }).check(required(MESSAGES.confirmRequired)),
  }),
  'password',
  MESSAGES.passwordsDiffer,
);
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

export const refreshInput = z.object({
  refreshToken: z
    .string()
    .check(
      required('Refresh token is required'),
      z.maxLength(512, 'Refresh token is not valid'),
      z.regex(/^[A-Za-z0-9._~+/=-]+$/, 'Refresh token is not valid'),
    ),
});
export type RefreshInput = z.infer<typeof refreshInput>;

export const changePasswordInput = z.object({
  currentPassword: existingPassword(MESSAGES.currentPasswordRequired),
  newPassword: newPassword(MESSAGES.newPasswordRequired),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const changePasswordForm = withConfirmation(
  z.extend(changePasswordInput, {
    confirmPassword: z
      .string({ error: MESSAGES.confirmNewRequired })
      .check(required(MESSAGES.confirmNewRequired)),
  }),
  'newPassword',
  MESSAGES.newPasswordsDiffer,
);
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** Spec 5: only firstName, lastName and username are sent; the e-mail cannot be changed. */
export const updateProfileInput = z.object({
  firstName: personName(MESSAGES.firstNameLength, 'First name'),
  lastName: personName(MESSAGES.lastNameLength, 'Last name'),
  username,
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const deleteAccountInput = z.object({ password: existingPassword(MESSAGES.passwordRequired) });
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** `POST /api/users/extension/pair`: the password only when the sign-in is not recent (PAIRING). */
export const pairExtensionInput = z.object({
  password: z.optional(existingPassword(MESSAGES.passwordRequired)),
});
export type PairExtensionInput = z.infer<typeof pairExtensionInput>;

/** The user as the API shows it (spec 3). */
export const user = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  plan: userPlan,
  trialEndsAt: z.nullable(z.string()),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /**
   * From `GET /api/auth/me` when the session acts in a team's workspace (DECISIONS 31): whose it is and
   * the plan that rules it (its limits and what the screens offer). Absent: the user's own.
   */
  workspace: z.optional(
    z.object({
      id: z.string(),
      name: z.string(),
      plan: userPlan,
      trialEndsAt: z.nullable(z.string()),
    }),
  ),
});
export type User = z.infer<typeof user>;

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

/** `POST /api/auth/login` and `POST /api/auth/refresh` answer this (spec 7, DECISIONS 19). */
export interface LoginResponse {
  data: SessionTokens & { user: User };
}
export interface UserResponse {
  data: { user: User };
}
export interface MessageResponse {
  message: string;
}
