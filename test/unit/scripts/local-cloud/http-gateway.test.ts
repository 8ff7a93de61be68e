import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { HttpRoute } from '../../../../functions/routes';
import { compileRoutes, matchRoute, toEvent } from '../../../../scripts/local-cloud/http-gateway';

const route = (method: HttpRoute['method'], path: HttpRoute['path'], handler: string = path): HttpRoute => ({
  method,
  path,
  handler,
  auth: 'user',
  table: 'read',
});

const routes: HttpRoute[] = [
  route('GET', '/api/automation/{id}', 'automation/get'),
  route('DELETE', '/api/automation/{id}', 'automation/delete'),
  route('GET', '/api/automation/templates', 'automation/templates'),
  route('GET', '/api/files/{path+}', 'files/get'),
  route('GET', '/api/users/{userId}/leads/{leadId}', 'leads/get'),
];

describe('compileRoutes and matchRoute', () => {
  const compiled = compileRoutes(routes);

  it('prefers a literal segment over a parameter, whatever the table order', () => {
    const match = matchRoute(compiled, 'GET', '/api/automation/templates');
    expect(match).toEqual({ kind: 'match', route: routes[2], pathParameters: {} });
  });

  it('fills path parameters, decoded', () => {
    expect(matchRoute(compiled, 'GET', '/api/automation/a%20b%2Fc')).toEqual({
      kind: 'match',
      route: routes[0],
      pathParameters: { id: 'a b/c' },
    });
    expect(matchRoute(compiled, 'GET', '/api/users/u-1/leads/l%C3%A9-2')).toMatchObject({
      pathParameters: { userId: 'u-1', leadId: 'lé-2' },
    });
  });

  it('picks the route of the request method among routes of one path', () => {
    expect(matchRoute(compiled, 'DELETE', '/api/automation/7')).toMatchObject({
      kind: 'match',
      route: { handler: 'automation/delete' },
      pathParameters: { id: '7' },
    });
  });

  it('lets a greedy parameter span several segments', () => {
    expect(matchRoute(compiled, 'GET', '/api/files/a/b/c.txt')).toMatchObject({
      pathParameters: { path: 'a/b/c.txt' },
    });
  });

  it("does not let a plain parameter span a '/'", () => {
    expect(matchRoute(compiled, 'GET', '/api/automation/7/extra')).toEqual({ kind: 'none' });
  });

  it("answers 'method-not-allowed' for a known path with another method", () => {
    expect(matchRoute(compiled, 'POST', '/api/automation/7')).toEqual({ kind: 'method-not-allowed' });
  });

  it("answers 'none' for an unknown path", () => {
    expect(matchRoute(compiled, 'GET', '/api/nothing-here')).toEqual({ kind: 'none' });
    expect(matchRoute(compiled, 'GET', '/api/automation')).toEqual({ kind: 'none' });
  });

  it('treats regex characters in a literal path literally', () => {
    const dotted = compileRoutes([route('GET', '/api/v1.0/ping')]);
    expect(matchRoute(dotted, 'GET', '/api/v1.0/ping').kind).toBe('match');
    expect(matchRoute(dotted, 'GET', '/api/v1x0/ping').kind).toBe('none');
  });
});

function request(options: {
  method?: string;
  headers?: IncomingMessage['headers'];
  remoteAddress?: string;
}): IncomingMessage {
  return {
    method: options.method ?? 'GET',
    httpVersion: '1.1',
    headers: options.headers ?? {},
    socket: { remoteAddress: options.remoteAddress },
  } as unknown as IncomingMessage;
}

describe('toEvent', () => {
  it('builds an HTTP API v2.0 event with route key, raw path, query and request context', () => {
    const req = request({
      method: 'POST',
      headers: {
        host: 'localhost:3000',
        'content-type': 'application/json',
        'user-agent': 'vitest',
        'x-forwarded-for': ['1.1.1.1', '2.2.2.2'] as unknown as string,
      },
      remoteAddress: '10.0.0.9',
    });
    const url = new URL('http://localhost:3000/api/automation/7?tag=a&tag=b&q=x%20y');
    // No origin secret here ('' adds none), whatever another test file left in process.env.
    const event = toEvent(
      req,
      url,
      Buffer.from('{"name":"x"}'),
      'POST /api/automation/{id}',
      { id: '7' },
      '',
    );

    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/automation/{id}',
      rawPath: '/api/automation/7',
      rawQueryString: 'tag=a&tag=b&q=x%20y',
      queryStringParameters: { tag: 'a,b', q: 'x y' },
      pathParameters: { id: '7' },
      body: '{"name":"x"}',
      isBase64Encoded: false,
      requestContext: {
        domainName: 'localhost:3000',
        routeKey: 'POST /api/automation/{id}',
        stage: '$default',
        http: {
          method: 'POST',
          path: '/api/automation/7',
          protocol: 'HTTP/1.1',
          sourceIp: '10.0.0.9',
          userAgent: 'vitest',
        },
      },
    });
    expect(event.headers).toEqual({
      host: 'localhost:3000',
      'content-type': 'application/json',
      'user-agent': 'vitest',
      'x-forwarded-for': '1.1.1.1,2.2.2.2',
      'cloudfront-viewer-address': '10.0.0.9:0',
    });
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(event.requestContext.timeEpoch - Date.now())).toBeLessThan(5000);
  });

  it('moves cookies out of the headers into the cookies array', () => {
    const req = request({ headers: { cookie: 'session=abc; theme=dark', accept: '*/*' } });
    const event = toEvent(req, new URL('http://localhost/api/me'), Buffer.alloc(0), 'GET /api/me', {}, '');
    expect(event.cookies).toEqual(['session=abc', 'theme=dark']);
    expect(event.headers).toEqual({ accept: '*/*', 'cloudfront-viewer-address': '127.0.0.1:0' });
  });

  it('leaves out query, path parameters, cookies and body when there are none', () => {
    const event = toEvent(
      request({}),
      new URL('http://localhost/api/health'),
      Buffer.alloc(0),
      'GET /api/health',
      {},
    );
    expect(event.rawQueryString).toBe('');
    expect(event).not.toHaveProperty('queryStringParameters');
    expect(event).not.toHaveProperty('pathParameters');
    expect(event).not.toHaveProperty('cookies');
    expect(event).not.toHaveProperty('body');
    expect(event.isBase64Encoded).toBe(false);
    expect(event.requestContext.http.sourceIp).toBe('127.0.0.1');
  });

  it.each(['application/json', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded'])(
    'passes a %s body as text',
    (contentType) => {
      const req = request({ method: 'POST', headers: { 'content-type': contentType } });
      const event = toEvent(
        req,
        new URL('http://localhost/api/x'),
        Buffer.from('héllo=1'),
        'POST /api/x',
        {},
      );
      expect(event.body).toBe('héllo=1');
      expect(event.isBase64Encoded).toBe(false);
    },
  );

  it('plays CloudFront: drops client-sent viewer-address and origin-secret headers and writes the real ones', () => {
    const req = request({
      headers: { 'cloudfront-viewer-address': '203.0.113.7:443', 'x-origin-verify': 'guessed' },
      remoteAddress: '127.0.4.2',
    });
    (req.socket as { remotePort?: number }).remotePort = 51234;
    const url = new URL('http://localhost/api/health');
    const event = toEvent(req, url, Buffer.alloc(0), 'GET /api/health', {}, 'the-local-origin-secret');
    expect(event.headers).toEqual({
      'cloudfront-viewer-address': '127.0.4.2:51234',
      'x-origin-verify': 'the-local-origin-secret',
    });
    expect(event.requestContext.http.sourceIp).toBe('127.0.4.2');
    // Without a configured secret it adds none, and still drops the client's.
    const bare = toEvent(req, url, Buffer.alloc(0), 'GET /api/health', {}, '');
    expect(bare.headers).toEqual({ 'cloudfront-viewer-address': '127.0.4.2:51234' });
  });

  it('passes a binary body as base64', () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const req = request({ method: 'POST', headers: { 'content-type': 'image/png' } });
    const event = toEvent(req, new URL('http://localhost/api/upload'), bytes, 'POST /api/upload', {});
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64').equals(bytes)).toBe(true);
  });

  it('treats a body without a content type as JSON text', () => {
    const req = request({ method: 'POST' });
    const event = toEvent(req, new URL('http://localhost/api/x'), Buffer.from('{}'), 'POST /api/x', {});
    expect(event.body).toBe('{}');
    expect(event.isBase64Encoded).toBe(false);
  });
});
