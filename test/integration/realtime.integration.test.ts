import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { realtimeClient } from '../../functions/core/clients/realtime';
import { apiGatewayPush } from '../../functions/core/ports/realtime';
import { createRealtimeService } from '../../functions/realtime/realtime-service';
import { webSocketRoutes } from '../../functions/routes';
import { startWebSocketGateway, type WebSocketGateway } from '../../scripts/local-cloud/ws-gateway';
import type { JobProgress } from '../../shared/realtime';
import { accessToken, setEnv, useIntegrationEnv } from '../support/integration-env';

let secret: string;
let gateway: WebSocketGateway;
let server: Server;
let wsUrl: string;

const progress = (jobId: string, value = 40): JobProgress => ({
  jobId,
  progress: value,
  status: 'running',
  message: 'Collecting profiles',
  stage: 'extract',
  completedTasks: 4,
  totalTasks: 10,
});

beforeAll(async () => {
  ({ secret } = await useIntegrationEnv());
  gateway = await startWebSocketGateway({ routes: webSocketRoutes, path: '/ws' });
  setEnv({ REALTIME_ENDPOINT: gateway.managementEndpoint });
  server = createServer();
  server.on('upgrade', (req, socket, head) => gateway.handleUpgrade(req, socket, head));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  wsUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
});

afterAll(async () => {
  await gateway.close();
  await new Promise((done) => server.close(done));
});

/** Opens a socket and collects what it receives. */
async function open(token?: string) {
  const socket = new WebSocket(token ? `${wsUrl}?token=${encodeURIComponent(token)}` : wsUrl);
  const received: unknown[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString())));
  await new Promise<void>((done, fail) => {
    socket.once('open', () => done());
    socket.once('error', fail);
  });
  return { socket, received };
}

async function subscribe(socket: WebSocket, jobId: string) {
  socket.send(JSON.stringify({ action: 'subscribeToJobProgress', jobId }));
  // The route handler stores the subscription after the send returns; give it time to land.
  await new Promise((r) => setTimeout(r, 300));
}

const waitFor = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('realtime job progress over the local WebSocket gateway', () => {
  it('refuses a connection without a valid access token', async () => {
    await expect(open()).rejects.toThrow(/401/);
    await expect(open('not-a-token')).rejects.toThrow(/401/);
  });

  it('delivers jobProgress to the subscribed socket of the job owner', async () => {
    const token = await accessToken(secret, { id: 'user-a' });
    const { socket, received } = await open(token);
    await subscribe(socket, 'job-1');
    const outcome = await createRealtimeService({
      push: apiGatewayPush(realtimeClient()),
    }).publishJobProgress('user-a', progress('job-1'));
    expect(outcome).toEqual({ delivered: 1, gone: 0 });
    await waitFor(() => received.length === 1);
    expect(received[0]).toEqual({ event: 'jobProgress', data: progress('job-1') });
    socket.close();
  });

  it("never delivers one user's job progress to another user who subscribed to the same job id", async () => {
    const intruder = await open(await accessToken(secret, { id: 'user-b' }));
    await subscribe(intruder.socket, 'job-2');
    const outcome = await createRealtimeService({
      push: apiGatewayPush(realtimeClient()),
    }).publishJobProgress('user-a', progress('job-2'));
    expect(outcome.delivered).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(intruder.received).toEqual([]);
    intruder.socket.close();
  });

  it('forgets the subscriptions of a socket once it disconnects', async () => {
    const { socket } = await open(await accessToken(secret, { id: 'user-c' }));
    await subscribe(socket, 'job-3');
    socket.close();
    await waitFor(() => gateway.connectionCount() === 0);
    await new Promise((r) => setTimeout(r, 300));
    const outcome = await createRealtimeService({
      push: apiGatewayPush(realtimeClient()),
    }).publishJobProgress('user-c', progress('job-3'));
    expect(outcome).toEqual({ delivered: 0, gone: 0 });
  });

  it('answers 410 Gone through the real management client for an unknown connection id', async () => {
    const outcome = await apiGatewayPush(realtimeClient()).post('bm8tc3VjaC1jb25uZWN0aW9u', { hello: 1 });
    expect(outcome).toBe('gone');
  });

  it('answers a message that no route takes the way API Gateway does', async () => {
    const { socket, received } = await open(await accessToken(secret, { id: 'user-d' }));
    socket.send(JSON.stringify({ action: 'noSuchAction' }));
    await waitFor(() => received.length === 1);
    expect(received[0]).toMatchObject({ message: 'Forbidden' });
    socket.close();
  });
});
