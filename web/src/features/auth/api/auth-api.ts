import type { MessageResponse, RegisterInput, ResetPasswordInput } from '../../../../../shared/auth';
import { post } from '../../../lib/api-client';

/** The account calls of spec 7 that need no session. Sign-in and sign-out belong to the session. */

export const registerAccount = (input: RegisterInput) => post<MessageResponse>('/auth/register', input);

export const resendVerification = (email: string) =>
  post<MessageResponse>('/auth/resend-verification', { email });

export const requestPasswordReset = (email: string) =>
  post<MessageResponse>('/auth/forgot-password', { email });

export const resetPassword = (input: ResetPasswordInput) =>
  post<MessageResponse>('/auth/reset-password', input);

const verifications = new Map<string, Promise<MessageResponse>>();

/**
 * `POST /auth/verify-email`, at most once at a time per token: a verification token is single-use,
 * so a screen mounted twice (StrictMode) must not spend it twice and then report the second, refused
 * use.
 */
export function verifyEmail(token: string): Promise<MessageResponse> {
  let verification = verifications.get(token);
  if (!verification) {
    verification = post<MessageResponse>('/auth/verify-email', { token }).finally(() => {
      verifications.delete(token);
    });
    verifications.set(token, verification);
  }
  return verification;
}
