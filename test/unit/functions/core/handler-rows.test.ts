import { fileURLToPath } from 'node:url';
import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import {
  type DeclaredInput,
  type HttpEvent,
  publicHttpHandler,
} from '../../../../functions/core/http-handler';
import { type HttpRoute, httpRoute, httpRoutes } from '../../../../functions/routes';
import { installLambdaGlobals } from '../../../../scripts/local-cloud/lambda-runtime';

/**
 * Issue 37 point 7: the wrapper does not import the route table; each handler hands it its own row
 * (`route: httpRoute('<domain>/<name>')`). These pin that every handler names its own row, and that a
 * handler serves no other route.
 */
const eventFor = (routeKey: string): HttpEvent =>
  ({
    version: '2.0',
    routeKey,
    rawPath: '/api/x',
    rawQueryString: '',
    headers: {},
    requestContext: { requestId: 'req-1', http: { method: 'GET', path: '/api/x' } },
    isBase64Encoded: false,
  }) as unknown as HttpEvent;

describe('route-table rows handed to the handler wrappers', () => {
  // Imports every handler: seconds on a cold worker.
  it('gives each HTTP handler the row whose handler names its file', { timeout: 60_000 }, async () => {
    installLambdaGlobals();
    for (const row of httpRoutes) {
      const module = (await import(
        /* @vite-ignore */ fileURLToPath(
          new URL(`../../../../functions/${row.handler}.handler.ts`, import.meta.url),
        )
      )) as { handler: Partial<DeclaredInput> };
      expect(module.handler.route, row.handler).toBe(row);
    }
  });

  it('finds a row by its handler, and refuses a handler the table does not name', () => {
    expect(httpRoute('health/get-health')).toMatchObject({
      method: 'GET',
      path: '/api/health',
      auth: 'public',
    });
    expect(() => httpRoute('health/no-such-handler')).toThrow(/No route-table row/);
  });

  it("answers 500 to an event for any route but its row's, before anything else runs", async () => {
    const row: HttpRoute = {
      method: 'GET',
      path: '/api/x',
      handler: 'x/get-x',
      auth: 'public',
      table: 'read',
    };
    const fn = vi.fn(() => ({ ok: true }));
    const handler = publicHttpHandler({ route: row }, fn);
    const response = await handler(eventFor('GET /api/y'), {} as Context);
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(String(response.body))).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    });
    expect(fn).not.toHaveBeenCalled();
  });
});
