/** The account screens' own texts: the failure texts of spec 8 and the screens' headings and labels. */
export const AUTH_FAILURES = {
  login: 'Login failed',
  register: 'Registration failed',
  forgotPassword: 'Failed to send reset email',
  resetPassword: 'Failed to reset password',
  verifyEmail: 'Failed to verify email',
  resendVerification: 'Failed to resend verification email. Please try again.',
  /** Spec 8: a network failure on the forgot-password and verify-email screens. */
  network: 'Something went wrong. Please try again.',
  resetTokenMissing: 'Invalid reset token',
} as const;

/**
 * What /login shows when a route guard sent a visitor there from a page that needs sign-in (part 2
 * sections 5 and 8: 'Without an access token the automation lists redirect to /login with the message
 * 'Authentication required'').
 */
export const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentication required';

/** What /login shows above its form after a successful password reset (spec 2.6). */
export const PASSWORD_RESET_LOGIN_MESSAGE =
  'Password reset successful! Please sign in with your new password.';

/** Spec 9: the delays before the screens move on. */
export const RESET_REDIRECT_MS = 3000;
export const VERIFY_REDIRECT_MS = 2000;
