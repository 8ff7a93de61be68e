import { Readable } from 'node:stream';
import middy, { type MiddlewareObj, type Request } from '@middy/core';
import type { Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { HttpRoute } from '../route-types';
import { type AuthUser, authenticate } from './auth';
import { toErrorResponse } from './errors';
import {
  type DeclaredInput,
  errorResponse,
  type HttpEvent,
  type HttpResponse,
  requestContext,
} from './http-handler';
import type { Logger } from './logger';
import { verifyOrigin } from './origin';
import { parseJsonBody, parseWith, requireJsonContent } from './parse';

/**
 * Wrapper for routes served as server-sent events from a RESPONSE_STREAM function URL (the AI
 * filter, DECISIONS 13). Same order as the HTTP wrapper: logger, origin check, auth, parse, errors
 * last. A refusal before the stream starts is an ordinary JSON error with its status; a failure
 * mid-stream becomes a final `{"type":"error"}` event, since the status line has already gone out.
 *
 * A function URL event carries no route key: the handler hands its route-table row over (`route`), as an
 * HTTP handler does.
 */
export interface SseEvent {
  type: string;
  data: unknown;
}

interface Internal extends Record<string, unknown> {
  log: Logger;
  startedAt: number;
  route: HttpRoute;
  user?: AuthUser;
  body?: unknown;
}
type Req = Request<HttpEvent, HttpResponse, Error, Context, Internal>;

export const sseLine = (event: SseEvent): string => `data: ${JSON.stringify(event)}\n\n`;

const states = new WeakMap<HttpEvent, Internal>();

export function sseHandler<S extends z.core.$ZodType>(
  options: { route: HttpRoute; body: S },
  /**
   * Returns the events. What it awaits before handing them over (finding the caller's automation) still
   * answers as a JSON error with its status; a throw while the events are read becomes an error event.
   */
  fn: (input: {
    body: z.output<S>;
    user: AuthUser;
    log: Logger;
  }) => AsyncIterable<SseEvent> | Promise<AsyncIterable<SseEvent>>,
) {
  const { route } = options;
  if (!route.stream)
    throw new Error(`${route.method} ${route.path} is not a stream route in the route table`);

  const steps: MiddlewareObj<HttpEvent, HttpResponse, Error, Context, Internal> = {
    before: async (request: Req) => {
      await verifyOrigin(request.event.headers);
      request.internal.user = await authenticate(request.event.headers ?? {}, route.auth, {
        anyWorkspace: route.anyWorkspace,
        ownerOnly: route.ownerOnly,
      });
      requireJsonContent(request.event);
      request.internal.body = parseWith(options.body, parseJsonBody(request.event), 'body');
      states.set(request.event, request.internal);
    },
    onError: (request: Req) => {
      request.response = errorResponse(request.error, request.internal.log);
    },
  };

  const handler = middy<HttpEvent, HttpResponse, Error, Context, Internal>({
    streamifyResponse: true,
    timeoutEarlyInMillis: 0,
  })
    .use(requestContext(() => route))
    .use(steps)
    .handler(async (event) => {
      const { user, body, log } = states.get(event)!;
      const events = await fn({ body: body as z.output<S>, user: user!, log });
      async function* frames() {
        try {
          for await (const item of events) yield sseLine(item);
        } catch (error) {
          log.error('stream failed', { error });
          yield sseLine({ type: 'error', data: { message: toErrorResponse(error).body.message } });
        }
      }
      return {
        statusCode: 200,
        headers: {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
        },
        body: Readable.from(frames()) as unknown as string,
      };
    });
  return Object.assign(handler, { inputSchemas: { body: options.body }, route } satisfies DeclaredInput);
}
