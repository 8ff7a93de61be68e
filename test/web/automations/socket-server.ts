import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';

/**
 * jsdom's WebSocket (undici's inside) dispatches Node's events on jsdom's event target under Vitest and
 * throws; the browser's own is not at issue. The tests give the page `ws`'s client, which speaks the
 * same WHATWG interface (addEventListener, readyState, send, close).
 */
export function stubNodeWebSocket(): void {
  vi.stubGlobal('WebSocket', WebSocket);
}

/**
 * A tiny WebSocket server on loopback standing in for the WebSocket API: it records each connection's
 * URL and every message it receives, and pushes frames to the open sockets.
 */
export async function startSocketServer() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const connections: { url: string; socket: WebSocket }[] = [];
  const received: { connection: number; message: unknown }[] = [];
  server.on('connection', (socket, request) => {
    const index = connections.push({ url: request.url ?? '', socket }) - 1;
    socket.on('message', (data) => {
      received.push({ connection: index, message: JSON.parse(String(data)) });
    });
  });
  const { port } = server.address() as AddressInfo;
  const open = () => connections.filter((c) => c.socket.readyState === c.socket.OPEN);
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    connections,
    received,
    /** Sends a frame to every open socket. */
    push(frame: unknown) {
      for (const connection of open()) connection.socket.send(JSON.stringify(frame));
    },
    /** Drops every open socket as a network failure would (no close handshake). */
    dropAll() {
      for (const connection of open()) connection.socket.terminate();
    },
    openCount: () => open().length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

export type SocketServer = Awaited<ReturnType<typeof startSocketServer>>;
