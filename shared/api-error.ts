import * as z from 'zod/mini';

/** Every error the API answers has this body (DESIGN.md convention 3). */
export const errorCode = z.enum([
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
]);
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
