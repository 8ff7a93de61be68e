import * as z from 'zod/mini';

/** Every error the API answers has this body (DESIGN.md convention 3). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  /** The session's workspace is closed to its person: the owner removed them (DECISIONS 34). */
  'REMOVED_FROM_WORKSPACE',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export const errorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCode>;

export const fieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssue>;
export const fieldIssues = z.array(fieldIssue);

export const errorBody = z.object({
  code: errorCode,
  message: z.string(),
  issues: z.optional(fieldIssues),
});
export type ErrorBody = z.infer<typeof errorBody>;

// Plain checks for the browser's API client, which reads every error body: the schemas above would
// bring the validation library to every page (issue 10 point 7).

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** `value` when it is a list of field issues, else undefined. */
export function asFieldIssues(value: unknown): FieldIssue[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const valid = value.every(
    (issue) =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as FieldIssue).path === 'string' &&
      typeof (issue as FieldIssue).message === 'string',
  );
  return valid ? (value as FieldIssue[]) : undefined;
}
