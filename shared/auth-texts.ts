// In a file of their own, without zod: the web app's API client needs one of them on every page, and
// importing shared/auth.ts for it would load the schemas' validation library too (issue 10 point 7).

/** Texts the spec gives for account outcomes (section 8), used by the handlers and the screens. */
export const AUTH_TEXTS = {
  registered: 'Registration successful! Please check your email to verify your account.',
  verificationSent: 'Verification email sent! Please check your inbox.',
  emailVerified: 'Email verified successfully!',
  resetSent: 'If an account with that email exists, a password reset link has been sent.',
  passwordReset: 'Password reset successful!',
  invalidCredentials: 'Invalid email or password',
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully',
  accountDeleted: 'Account deleted successfully',
  sessionExpired: 'Your session has expired. Please log in again.',
  usernameTaken: 'Username is already taken',
  invalidVerificationLink: 'This verification link is invalid or has expired. Please request a new one.',
  invalidResetLink: 'This password reset link is invalid or has expired. Please request a new one.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordWrong: 'Password is incorrect',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const;
