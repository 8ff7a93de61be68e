import { createServer } from 'node:http';
import WebSocket from 'ws';
import { webSocketRoutes } from '../../functions/routes';
import { startWebSocketGateway, type WebSocketGateway } from '../../scripts/local-cloud/ws-gateway';
import { setEnv } from './integration-env';

/**
 * The local WebSocket gateway over the real WebSocket routes on a free port, with REALTIME_ENDPOINT
 * pointing the push port at its management API, and a browser-like client for it.
 */
export interface SocketGateway {
  gateway: WebSocketGateway;
  /** Opens a socket with the access token in the query string, as the web app does. */
  open(token?: string): Promise<OpenSocket>;
  close(): Promise<void>;
}

export interface OpenSocket {
  socket: WebSocket;
  /** Every message received, parsed. */
  received: unknown[];
  /** Resolves with the close code once the socket is closed. */
  closed: Promise<number>;
  isOpen(): boolean;
}

export async function startSocketGateway(): Promise<SocketGateway> {
  const gateway = await startWebSocketGateway({ routes: webSocketRoutes, path: '/ws' });
  setEnv({ REALTIME_ENDPOINT: gateway.managementEndpoint });
  const server = createServer();
  server.on('upgrade', (req, socket, head) => gateway.handleUpgrade(req, socket, head));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;

  async function open(token?: string): Promise<OpenSocket> {
    const socket = new WebSocket(token ? `${url}?token=${encodeURIComponent(token)}` : url);
    const received: unknown[] = [];
    socket.on('message', (data) => received.push(JSON.parse(data.toString())));
    const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
    await new Promise<void>((done, fail) => {
      socket.once('open', () => done());
      socket.once('error', fail);
    });
    return { socket, received, closed, isOpen: () => socket.readyState === WebSocket.OPEN };
  }

  return {
    gateway,
    open,
    async close() {
      await gateway.close();
      await new Promise((done) => server.close(done));
    },
  };
}
