import middy, { type MiddlewareObj, type Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { AuthLevel, HttpRoute } from '../route-types';
import { type AuthUser, authenticate } from './auth';
import { AppError, toErrorResponse } from './errors';
import { type Logger, logger as rootLogger, setRequestLogFields } from './logger';
import { verifyOrigin } from './origin';
import { parseJsonBody, parseWith, requireJsonContent } from './parse';

/**
 * The wrapper every HTTP handler uses. It owns the middleware order so no handler can get it wrong:
 * request logger, then the origin check (only requests that came through CloudFront are served), then
 * auth (an anonymous caller learns nothing about the input's shape), then zod parsing of path, query and
 * body, then the handler; the error responder runs last and is the only place that turns an exception
 * into a response.
 *
 * The route table is the single source of each route's auth level: each handler hands its own row to
 * the wrapper (`route: httpRoute('<domain>/<name>')`, functions/routes.ts), which reads the level there and
 * refuses an event for any other route. This file only knows the row's shape, not the table.
 */
export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResponse = APIGatewayProxyStructuredResultV2;

type AnySchema = z.core.$ZodType;
interface Schemas {
  body?: AnySchema;
  query?: AnySchema;
  path?: AnySchema;
}
/** What a handler declares: its route-table row and the schemas of its input. */
type Declared<S extends Schemas> = S & { route: HttpRoute };
type Parsed<S, K extends keyof Schemas> = S extends { [P in K]: infer T extends AnySchema }
  ? z.output<T>
  : undefined;

export interface HandlerInput<S extends Schemas, U> {
  body: Parsed<S, 'body'>;
  query: Parsed<S, 'query'>;
  path: Parsed<S, 'path'>;
  user: U;
  log: Logger;
  event: HttpEvent;
}

/** A response with a chosen status; a handler that returns a plain value answers 200 with it as JSON. */
export class HttpResult {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
export const respond = (status: number, body: unknown, headers?: Record<string, string>) =>
  new HttpResult(status, body, headers);

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResponse {
  return { statusCode: status, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

interface Internal extends Record<string, unknown> {
  log: Logger;
  startedAt: number;
  user?: AuthUser;
  route: HttpRoute;
  parsed: { body: unknown; query: unknown; path: unknown };
}
type Req = Request<HttpEvent, HttpResponse, Error, Context, Internal>;

/** Request-scoped logger and route lookup; logs one line per request with status and duration. */
export const requestContext = (
  routeOf: (event: HttpEvent) => HttpRoute | undefined,
): MiddlewareObj<HttpEvent, HttpResponse, Error, Context, Internal> => ({
  before: (request: Req) => {
    const { event, context } = request;
    const requestId = event.requestContext?.requestId ?? context?.awsRequestId;
    request.internal.startedAt = Date.now();
    setRequestLogFields({ requestId, routeKey: event.routeKey });
    request.internal.log = rootLogger;
    const route = routeOf(event);
    if (!route) throw new Error(`No route-table row of this handler for ${event.routeKey}`);
    request.internal.route = route;
  },
  after: (request: Req) => logDone(request),
});

function logDone(request: Req): void {
  const log = request.internal.log ?? rootLogger;
  log.info('request done', {
    status: request.response?.statusCode,
    durationMs: Date.now() - (request.internal.startedAt ?? Date.now()),
  });
}

/** Before auth and parsing: a request that did not come through CloudFront is a 403, read no further. */
export const originStep: MiddlewareObj<HttpEvent, HttpResponse, Error, Context, Internal> = {
  before: (request: Req) => verifyOrigin(request.event.headers),
};

const authStep = (
  declaredPublic: boolean,
): MiddlewareObj<HttpEvent, HttpResponse, Error, Context, Internal> => ({
  before: async (request: Req) => {
    const level: AuthLevel = request.internal.route.auth;
    if ((level === 'public') !== declaredPublic) {
      // A handler written for the wrong auth level must not silently serve: fail loudly, answer 500.
      throw new Error(
        `Handler auth (${declaredPublic ? 'public' : 'signed-in'}) disagrees with route table (${level})`,
      );
    }
    const { anyWorkspace, ownerOnly, keyScope } = request.internal.route;
    request.internal.user = await authenticate(request.event.headers ?? {}, level, {
      anyWorkspace,
      ownerOnly,
      keyScope,
    });
  },
});

const parseStep = (schemas: Schemas): MiddlewareObj<HttpEvent, HttpResponse, Error, Context, Internal> => ({
  before: (request: Req) => {
    const { event } = request;
    // Also where the route reads no body (the webhook reads it raw): a non-JSON body is a 415 everywhere.
    requireJsonContent(event);
    request.internal.parsed = {
      path: schemas.path ? parseWith(schemas.path, event.pathParameters ?? {}, 'path') : undefined,
      query: schemas.query ? parseWith(schemas.query, event.queryStringParameters ?? {}, 'query') : undefined,
      body: schemas.body ? parseWith(schemas.body, parseJsonBody(event), 'body') : undefined,
    };
  },
});

/** The only place an exception becomes a response (the stream wrapper uses it too), logged once. */
export function errorResponse(error: unknown, log: Logger = rootLogger): HttpResponse {
  const { status, body, headers } = toErrorResponse(error);
  if (error instanceof AppError) log.info('request refused', { status, code: body.code });
  else log.error('request failed', { error });
  return jsonResponse(status, body, headers);
}

const errorResponder: MiddlewareObj<HttpEvent, HttpResponse, Error, Context, Internal> = {
  onError: (request: Req) => {
    request.response = errorResponse(request.error, request.internal.log);
    logDone(request);
  },
};

function toResponse(result: unknown): HttpResponse {
  if (result instanceof HttpResult) {
    return result.body === undefined
      ? { statusCode: result.status, headers: { 'cache-control': 'no-store', ...result.headers } }
      : jsonResponse(result.status, result.body, result.headers);
  }
  return result === undefined ? { statusCode: 204 } : jsonResponse(200, result);
}

type Fn<S extends Schemas, U> = (input: HandlerInput<S, U>) => unknown | Promise<unknown>;

// Middy hands the handler only (event, context); the state the middlewares built for this request is
// found by its event object, so concurrent requests in one process (the local gateway) never mix.
const stateOfEvent = new WeakMap<HttpEvent, Internal>();
const exposeState: MiddlewareObj<HttpEvent, HttpResponse, Error, Context, Internal> = {
  before: (request: Req) => void stateOfEvent.set(request.event, request.internal),
};

/**
 * The schemas a handler parses its input with, kept on the handler so a test can list every field of
 * every route (test/unit/functions/input-text-rule.test.ts) from the handlers themselves; and the row it
 * serves, so a test can check that each handler names its own (test/unit/functions/core/handler-rows.test.ts).
 */
export interface DeclaredInput {
  readonly inputSchemas: Schemas;
  readonly route: HttpRoute;
}

function wrap<S extends Schemas, U>({ route, ...input }: Declared<S>, declaredPublic: boolean, fn: Fn<S, U>) {
  const schemas: Schemas = input;
  const routeKey = `${route.method} ${route.path}`;
  const handler = middy<HttpEvent, HttpResponse, Error, Context, Internal>({ timeoutEarlyInMillis: 0 })
    .use(errorResponder)
    .use(requestContext((event) => (event.routeKey === routeKey ? route : undefined)))
    .use(originStep)
    .use(authStep(declaredPublic))
    .use(parseStep(schemas))
    .use(exposeState)
    .handler(async (event) => {
      const { parsed, user, log } = stateOfEvent.get(event)!;
      const result = await fn({
        body: parsed.body as Parsed<S, 'body'>,
        query: parsed.query as Parsed<S, 'query'>,
        path: parsed.path as Parsed<S, 'path'>,
        user: user as U,
        log,
        event,
      });
      return toResponse(result);
    });
  return Object.assign(handler, { inputSchemas: schemas, route } satisfies DeclaredInput);
}

/** A handler for a route the table marks 'user' or 'verified': `user` is always set. */
export function httpHandler<S extends Schemas>(declared: Declared<S>, fn: Fn<S, AuthUser>) {
  return wrap(declared, false, fn);
}

/** A handler for a route the table marks 'public'. */
export function publicHttpHandler<S extends Schemas>(declared: Declared<S>, fn: Fn<S, undefined>) {
  return wrap(declared, true, fn);
}
