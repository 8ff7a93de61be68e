import type {
  ChangePasswordInput,
  DeleteAccountInput,
  MessageResponse,
  UpdateProfileInput,
  UserResponse,
} from '../../../../../shared/auth';
import { ApiError, fetchJson, post, put, REQUEST_FAILED_MESSAGE } from '../../../lib/api-client';

/** Spec 8 'Profile network failures'. */
export const NETWORK_FAILURE_MESSAGE = 'Something went wrong';

export const PROFILE_FAILURES = {
  update: 'Failed to update profile',
  password: 'Failed to change password',
  delete: 'Failed to delete account',
} as const;

/** Spec 5: only firstName, lastName and username are sent. */
export function updateProfile(input: UpdateProfileInput) {
  const { firstName, lastName, username } = input;
  return put<UserResponse>('/users/profile', { firstName, lastName, username });
}

export function changePassword({ currentPassword, newPassword }: ChangePasswordInput) {
  return post<MessageResponse>('/users/change-password', { currentPassword, newPassword });
}

export function deleteAccount({ password }: DeleteAccountInput) {
  return fetchJson<MessageResponse>('/users/account', { method: 'DELETE', body: { password } });
}

/**
 * Spec 8: the server's message, else the action's own failure text; 'Something went wrong' when no
 * answer came back at all.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return NETWORK_FAILURE_MESSAGE;
  if (error.code === 'NETWORK_ERROR') return NETWORK_FAILURE_MESSAGE;
  if (error.message === '' || error.message === REQUEST_FAILED_MESSAGE) return fallback;
  return error.message;
}

/** The field issues of an API error, for the fields a form has. */
export function fieldIssuesOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { field: Field; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  return error.issues.flatMap((issue) =>
    (fields as readonly string[]).includes(issue.path)
      ? [{ field: issue.path as Field, message: issue.message }]
      : [],
  );
}
