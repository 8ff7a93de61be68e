import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { realtimeClient } from '../../functions/core/clients/realtime';
import { apiGatewayPush } from '../../functions/core/ports/realtime';
import { createRealtimeService } from '../../functions/realtime/realtime-service';
import type { JobProgress } from '../../shared/realtime';
import { accessToken, useIntegrationEnv } from '../support/integration-env';
import { storeJob } from '../support/jobs';
import { type SocketGateway, startSocketGateway } from '../support/socket-gateway';
import { scanTable } from '../support/table-items';
import { waitFor } from '../support/wait';

let secret: string;
let sockets: SocketGateway;

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
  sockets = await startSocketGateway();
});

afterAll(async () => {
  await sockets?.close();
});

const open = (token?: string) => sockets.open(token);

async function subscribe(socket: WebSocket, jobId: string) {
  socket.send(JSON.stringify({ action: 'subscribeToJobProgress', jobId }));
  // The route handler stores the subscription after the send returns; give it time to land.
  await new Promise((r) => setTimeout(r, 300));
}

describe('realtime job progress over the local WebSocket gateway', () => {
  it('refuses a connection without a valid access token', async () => {
    await expect(open()).rejects.toThrow(/401/);
    await expect(open('not-a-token')).rejects.toThrow(/401/);
  });

  it('delivers jobProgress to the subscribed socket of the job owner', async () => {
    const token = await accessToken(secret, { id: 'user-a' });
    const { socket, received } = await open(token);
    await storeJob('user-a', 'job-1');
    await subscribe(socket, 'job-1');
    const outcome = await createRealtimeService({
      push: apiGatewayPush(realtimeClient()),
    }).publishJobProgress('user-a', progress('job-1'));
    expect(outcome).toEqual({ delivered: 1, gone: 0 });
    await waitFor(() => received.length === 1);
    expect(received[0]).toEqual({ event: 'jobProgress', data: progress('job-1') });
    socket.close();
  });

  it("refuses a subscription to another user's job and never delivers its progress", async () => {
    await storeJob('user-a', 'job-2');
    const intruder = await open(await accessToken(secret, { id: 'user-b' }));
    await subscribe(intruder.socket, 'job-2');
    // Nothing is stored under the intruder: a subscription to a job they do not own is refused.
    expect(
      (await scanTable()).filter(
        (item) => String(item.pk) === 'USER#user-b' && String(item.sk).startsWith('JOBSUB#'),
      ),
    ).toEqual([]);
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
    await storeJob('user-c', 'job-3');
    await subscribe(socket, 'job-3');
    socket.close();
    await waitFor(() => sockets.gateway.connectionCount() === 0);
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
