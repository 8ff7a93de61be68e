import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  type AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  RemovedFromWorkspaceError,
  ServiceUnavailableError,
  toErrorResponse,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../../../functions/core/errors';
import { errorBody } from '../../../../shared/api-error';

describe('toErrorResponse', () => {
  it.each<[string, AppError, number, string]>([
    ['ValidationError', new ValidationError('Name is required'), 400, 'VALIDATION_ERROR'],
    ['UnauthorizedError', new UnauthorizedError(), 401, 'UNAUTHORIZED'],
    ['ForbiddenError', new ForbiddenError(), 403, 'FORBIDDEN'],
    [
      'RemovedFromWorkspaceError',
      new RemovedFromWorkspaceError("You were removed from Ada Lovelace's workspace."),
      403,
      'REMOVED_FROM_WORKSPACE',
    ],
    ['NotFoundError', new NotFoundError('No such automation'), 404, 'NOT_FOUND'],
    ['ConflictError', new ConflictError('Already exists'), 409, 'CONFLICT'],
    ['RateLimitedError', new RateLimitedError(), 429, 'RATE_LIMITED'],
    ['ServiceUnavailableError', new ServiceUnavailableError(), 503, 'SERVICE_UNAVAILABLE'],
  ])('answers a %s with status %i and its code and message', (_name, error, status, code) => {
    const response = toErrorResponse(error);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ code, message: error.message });
    expect(response.headers).toEqual({});
    expect(errorBody.parse(response.body)).toEqual(response.body);
  });

  it('keeps the default messages a client shows', () => {
    expect(toErrorResponse(new UnauthorizedError()).body.message).toBe('Authentication required');
    expect(toErrorResponse(new NotFoundError()).body.message).toBe('Not found');
  });

  it('includes field issues of a ValidationError', () => {
    const issues = [{ path: 'email', message: 'Enter a valid e-mail address' }];
    expect(toErrorResponse(new ValidationError('Enter a valid e-mail address', issues)).body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Enter a valid e-mail address',
      issues,
    });
  });

  it('leaves issues out when there are none', () => {
    expect(toErrorResponse(new ValidationError('Bad', [])).body).not.toHaveProperty('issues');
  });

  it('sets retry-after when a RateLimitedError says how long to wait', () => {
    const response = toErrorResponse(new RateLimitedError('Slow down', 30));
    expect(response.status).toBe(429);
    expect(response.headers).toEqual({ 'retry-after': '30' });
    expect(response.body).toEqual({ code: 'RATE_LIMITED', message: 'Slow down' });
  });

  it('turns an unknown Error into a bare 500 without its message or stack', () => {
    const error = new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
    expect(error.stack).toBeDefined();
    const response = toErrorResponse(error);
    expect(response).toEqual({
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
      headers: {},
    });
    const serialised = JSON.stringify(response);
    expect(serialised).not.toContain('hunter2');
    expect(serialised).not.toContain('ECONNREFUSED');
    expect(serialised).not.toContain('at ');
  });

  it.each([['a string'], [undefined], [{ status: 404, message: 'looks like an app error' }]])(
    'turns a thrown non-Error %j into a bare 500',
    (thrown) => {
      expect(toErrorResponse(thrown)).toEqual({
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
        headers: {},
      });
    },
  );
});

describe('ValidationError.fromZod', () => {
  const schema = z.object({
    profile: z.object({ email: z.email('Enter a valid e-mail address') }),
    tags: z.array(z.string().min(1, 'A tag cannot be empty')),
  });

  it('maps nested paths to dotted strings and uses the first issue as the message', () => {
    const result = schema.safeParse({ profile: { email: 'nope' }, tags: ['ok', ''] });
    expect(result.success).toBe(false);
    const error = ValidationError.fromZod(result.error!, 'request body');
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Enter a valid e-mail address');
    expect(error.issues).toEqual([
      { path: 'profile.email', message: 'Enter a valid e-mail address' },
      { path: 'tags.1', message: 'A tag cannot be empty' },
    ]);
  });
});

describe('AppError', () => {
  it('names each subclass in error.name, for logs', () => {
    expect(new ValidationError('x').name).toBe('ValidationError');
    expect(new RateLimitedError().name).toBe('RateLimitedError');
    expect(new NotFoundError()).toBeInstanceOf(Error);
  });
});

describe('the messages a client shows when a route gives none', () => {
  it.each<[string, () => AppError, number, string]>([
    ['UnauthorizedError', () => new UnauthorizedError(), 401, 'Authentication required'],
    ['ForbiddenError', () => new ForbiddenError(), 403, 'You do not have access to this resource'],
    ['NotFoundError', () => new NotFoundError(), 404, 'Not found'],
    [
      'RateLimitedError',
      () => new RateLimitedError(),
      429,
      'Too many requests. Please wait a moment and try again.',
    ],
    [
      'UnsupportedMediaTypeError',
      () => new UnsupportedMediaTypeError(),
      415,
      'Request body must be JSON (content-type: application/json)',
    ],
    ['ServiceUnavailableError', () => new ServiceUnavailableError(), 503, 'Service temporarily unavailable'],
  ])('a bare %s answers %i with its default message', (_name, make, status, message) => {
    const response = toErrorResponse(make());
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ code: expect.any(String), message });
  });
});

describe('field issues on a refusal', () => {
  it('answers a ForbiddenError with the field it concerns', () => {
    const issues = [{ path: 'password', message: 'Enter your password to pair the extension' }];
    expect(toErrorResponse(new ForbiddenError('Enter your password', issues))).toEqual({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'Enter your password', issues },
      headers: {},
    });
  });

  it('answers a ConflictError with 409 and the field already taken', () => {
    const issues = [{ path: 'username', message: 'This username is taken' }];
    expect(toErrorResponse(new ConflictError('This username is taken', issues))).toEqual({
      status: 409,
      body: { code: 'CONFLICT', message: 'This username is taken', issues },
      headers: {},
    });
  });

  it('answers a ServiceUnavailableError with its own message', () => {
    expect(toErrorResponse(new ServiceUnavailableError('Payments are down')).body).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Payments are down',
    });
  });

  it('sends no retry-after when a RateLimitedError does not say how long to wait', () => {
    expect(toErrorResponse(new RateLimitedError('Slow down')).headers).toEqual({});
  });
});

describe('ValidationError.fromZod without issues', () => {
  it('says what was invalid when zod names no field', () => {
    const error = ValidationError.fromZod(new z.ZodError([]), 'request body');
    expect(error.message).toBe('Invalid request body');
    expect(error.issues).toEqual([]);
    expect(toErrorResponse(error).body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Invalid request body',
    });
  });
});
