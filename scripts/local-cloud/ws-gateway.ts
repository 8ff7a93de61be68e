import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { WebSocketRoute } from '../../functions/routes';
import { lambdaContext, loadHandler } from './lambda-runtime';

/**
 * The local stand-in for the WebSocket API: `$connect` decides whether an upgrade is accepted,
 * messages are routed by their `action` field (the route selection expression `$request.body.action`),
 * `$disconnect` runs when a socket closes, and a management server answers
 * `POST/GET/DELETE /@connections/{id}` so ApiGatewayManagementApiClient works unchanged.
 */
interface Connection {
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
}

type WsResult = { statusCode?: number; body?: string } | undefined;

export interface WebSocketGatewayOptions {
  routes: readonly WebSocketRoute[];
  /** The upgrade path on the app's server, e.g. /ws. */
  path: string;
  /** Where the management API listens (loopback). 0 picks a free port. */
  managementPort?: number;
  log?: (line: string) => void;
}

export interface WebSocketGateway {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  managementEndpoint: string;
  connectionCount(): number;
  close(): Promise<void>;
}

function newConnectionId(): string {
  // API Gateway ids look like 'L0SM9cOFvHcCIhw=': 12 random bytes, base64.
  return randomBytes(12).toString('base64');
}

export async function startWebSocketGateway(options: WebSocketGatewayOptions): Promise<WebSocketGateway> {
  const log = options.log ?? (() => undefined);
  const byRoute = new Map(options.routes.map((r) => [r.route, r]));
  const connections = new Map<string, Connection>();
  const wss = new WebSocketServer({ noServer: true });

  function event(
    connectionId: string,
    routeKey: string,
    eventType: string,
    extra: Record<string, unknown> = {},
  ) {
    return {
      requestContext: {
        connectionId,
        routeKey,
        eventType,
        requestId: randomUUID(),
        domainName: 'localhost',
        stage: 'local',
        connectedAt: connections.get(connectionId)?.connectedAt ?? Date.now(),
        messageDirection: 'IN',
        apiId: 'local',
      },
      isBase64Encoded: false,
      ...extra,
    };
  }

  async function invoke(routeKey: string, evt: unknown): Promise<WsResult> {
    const route = byRoute.get(routeKey);
    if (!route) return { statusCode: 200 };
    const handler = (await loadHandler(route.handler)) as (e: unknown, c: unknown) => Promise<WsResult>;
    return handler(evt, lambdaContext(route.handler));
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const connectionId = newConnectionId();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const query = Object.fromEntries(url.searchParams);
    const connectEvent = event(connectionId, '$connect', 'CONNECT', {
      headers,
      ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    });
    invoke('$connect', connectEvent)
      .then((result) => {
        const status = result?.statusCode ?? 200;
        if (status < 200 || status > 299) {
          socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => accept(ws, connectionId, req));
      })
      .catch((error) => {
        console.error('[websocket] $connect failed', error);
        socket.end('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      });
  }

  function accept(ws: WebSocket, connectionId: string, req: IncomingMessage): void {
    const now = Date.now();
    connections.set(connectionId, {
      socket: ws,
      connectedAt: now,
      lastActiveAt: now,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      userAgent: String(req.headers['user-agent'] ?? ''),
    });
    log(`[websocket] connected ${connectionId}`);
    ws.on('message', (data) => {
      const connection = connections.get(connectionId);
      if (connection) connection.lastActiveAt = Date.now();
      const body = data.toString();
      let action: unknown;
      try {
        action = (JSON.parse(body) as { action?: unknown }).action;
      } catch {
        action = undefined;
      }
      const routeKey =
        typeof action === 'string' && byRoute.has(action)
          ? action
          : byRoute.has('$default')
            ? '$default'
            : undefined;
      if (!routeKey) {
        // What API Gateway answers for a message no route takes.
        ws.send(JSON.stringify({ message: 'Forbidden', connectionId, requestId: randomUUID() }));
        return;
      }
      invoke(routeKey, event(connectionId, routeKey, 'MESSAGE', { body })).catch((error) => {
        console.error(`[websocket] ${routeKey} failed`, error);
        ws.send(JSON.stringify({ message: 'Internal server error', connectionId, requestId: randomUUID() }));
      });
    });
    ws.on('close', () => {
      connections.delete(connectionId);
      invoke('$disconnect', event(connectionId, '$disconnect', 'DISCONNECT')).catch((error) =>
        console.error('[websocket] $disconnect failed', error),
      );
    });
  }

  const management: Server = createServer((req, res) => void serveManagement(req, res));
  async function serveManagement(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = new URL(req.url ?? '/', 'http://localhost').pathname.match(
      /^(?:\/[^/@]+)?\/@connections\/([^/]+)$/,
    );
    if (!match) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: 'Not Found' }));
      return;
    }
    const connectionId = decodeURIComponent(match[1]!);
    const connection = connections.get(connectionId);
    if (!connection || connection.socket.readyState !== connection.socket.OPEN) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: 'GoneException' }));
      return;
    }
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      connection.socket.send(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200).end();
    } else if (req.method === 'DELETE') {
      connection.socket.close(1000);
      res.writeHead(204).end();
    } else if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ConnectedAt: new Date(connection.connectedAt).toISOString(),
          LastActiveAt: new Date(connection.lastActiveAt).toISOString(),
          Identity: { SourceIp: connection.sourceIp, UserAgent: connection.userAgent },
        }),
      );
    } else {
      res.writeHead(405).end();
    }
  }
  await new Promise<void>((done) => management.listen(options.managementPort ?? 0, '127.0.0.1', done));
  const address = management.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    handleUpgrade,
    managementEndpoint: `http://127.0.0.1:${port}`,
    connectionCount: () => connections.size,
    async close() {
      for (const { socket } of connections.values()) socket.terminate();
      wss.close();
      await new Promise<void>((done) => management.close(() => done()));
    },
  };
}
