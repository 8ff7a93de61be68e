import type * as z from 'zod/mini';
import type { ErrorBody, ErrorCode, FieldIssue } from '../../shared/api-error';

/** The one code-to-status map. Anything not an AppError becomes a bare 500. */
export const statusOf: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  // 403, not 401: the session stays open, in the person's own workspace (DECISIONS 34).
  REMOVED_FROM_WORKSPACE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = new.target.name;
  }

  get status(): number {
    return statusOf[this.code];
  }
}

export class ValidationError extends AppError {
  constructor(message: string, issues?: FieldIssue[]) {
    super('VALIDATION_ERROR', message, issues);
  }

  static fromZod(error: z.core.$ZodError, where: string): ValidationError {
    const issues = error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    // The first field message reads best for a client that shows one line only.
    return new ValidationError(issues[0]?.message ?? `Invalid ${where}`, issues);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super('UNAUTHORIZED', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have access to this resource', issues?: FieldIssue[]) {
    super('FORBIDDEN', message, issues);
  }
}

/** A teammate's session in a workspace they were removed from, on its next request (DECISIONS 34). */
export class RemovedFromWorkspaceError extends AppError {
  constructor(message: string) {
    super('REMOVED_FROM_WORKSPACE', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super('NOT_FOUND', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, issues?: FieldIssue[]) {
    super('CONFLICT', message, issues);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    message = 'Too many requests. Please wait a moment and try again.',
    readonly retryAfterSeconds?: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

/** A body the API would have to guess at: every route reads JSON and only JSON. */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Request body must be JSON (content-type: application/json)') {
    super('UNSUPPORTED_MEDIA_TYPE', message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'Service temporarily unavailable') {
    super('SERVICE_UNAVAILABLE', message);
  }
}

/** Turns anything thrown into the status and body a client may see: no stack, no internals. */
export function toErrorResponse(error: unknown): {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
} {
  if (error instanceof AppError) {
    const body: ErrorBody = { code: error.code, message: error.message };
    if (error.issues?.length) body.issues = error.issues;
    const headers: Record<string, string> = {};
    if (error instanceof RateLimitedError && error.retryAfterSeconds) {
      headers['retry-after'] = String(error.retryAfterSeconds);
    }
    return { status: error.status, body, headers };
  }
  return { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Internal server error' }, headers: {} };
}
