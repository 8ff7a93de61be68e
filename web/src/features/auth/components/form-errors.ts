import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/**
 * A failure as the screens word it (spec 8): the server's message when the API answered with its
 * error body, else the screen's own text. A request that got no answer says the client's network
 * message, or the screen's `network` text where the spec gives one.
 */
export function failureMessage(error: unknown, fallback: string, network?: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === 'NETWORK_ERROR') return network ?? error.message;
  // Not the API's error body (a proxy's page, a gateway's bare answer): nothing worth showing.
  if (error.code === 'UNEXPECTED_RESPONSE') return fallback;
  return error.message || fallback;
}

/**
 * Puts the server's field issues next to their fields; answers whether any was placed, so the screen
 * shows its general failure only for an error that no field explains.
 */
export function showFieldIssues<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'setError'>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path);
    if (field === undefined) continue;
    form.setError(field, { type: 'server', message: issue.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/**
 * `register` whose field loses its error as soon as it is edited (spec 5), the server's included. The
 * form validates on submit only, so a half-typed value is not scolded while being typed.
 */
export function fieldRegistrar<T extends FieldValues>(form: UseFormReturn<T>) {
  return (name: FieldPath<T>) =>
    form.register(name, {
      onChange: () => {
        if (form.getFieldState(name).error) form.clearErrors(name);
      },
    });
}
