import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { realtimeClient } from '../../functions/core/clients/realtime';
import { apiGatewayPush } from '../../functions/core/ports/realtime';
import { keys } from '../../functions/core/table';
import { createRealtimeService, SUBSCRIPTIONS_FRESH_MS } from '../../functions/realtime/realtime-service';
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

/**
 * Subscribes, and waits until the subscription is stored under `workspaceId` (the route handler stores it
 * after the send returns); without one, gives a refused subscribe time to be handled.
 */
async function subscribe(socket: WebSocket, jobId: string, workspaceId?: string) {
  socket.send(JSON.stringify({ action: 'subscribeToJobProgress', jobId }));
  if (!workspaceId) return new Promise((r) => setTimeout(r, 300));
  const before = new Set((await subscriptionsOf(workspaceId, jobId)).map((item) => String(item.sk)));
  await waitFor(async () =>
    (await subscriptionsOf(workspaceId, jobId)).some((item) => !before.has(String(item.sk))),
  );
}

const subscriptionsOf = async (workspaceId: string, jobId: string) =>
  (await scanTable()).filter(
    (item) =>
      String(item.pk) === keys.userPartition(workspaceId) && String(item.sk).startsWith(`JOBSUB#${jobId}#`),
  );

describe('realtime job progress over the local WebSocket gateway', () => {
  it('refuses a connection without a valid access token', async () => {
    await expect(open()).rejects.toThrow(/401/);
    await expect(open('not-a-token')).rejects.toThrow(/401/);
  });

  it('delivers jobProgress to the subscribed socket of the job owner', async () => {
    const token = await accessToken(secret, { id: 'user-a' });
    const { socket, received } = await open(token);
    await storeJob('user-a', 'job-1');
    await subscribe(socket, 'job-1', 'user-a');
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
    await subscribe(socket, 'job-3', 'user-c');
    socket.close();
    await waitFor(() => sockets.gateway.connectionCount() === 0);
    await new Promise((r) => setTimeout(r, 300));
    const outcome = await createRealtimeService({
      push: apiGatewayPush(realtimeClient()),
    }).publishJobProgress('user-c', progress('job-3'));
    expect(outcome).toEqual({ delivered: 0, gone: 0 });
  });

  it('shows a subscribing socket the job as it stands, at once', async () => {
    const { socket, received } = await open(await accessToken(secret, { id: 'user-e' }));
    const createdAt = new Date().toISOString();
    await storeJob('user-e', 'job-5', { jobCreatedAt: createdAt });
    const live = {
      status: 'running',
      progress: 35,
      stage: 'extracting',
      message: 'Reading followers: 120 so far',
      completedTasks: 120,
      totalTasks: 400,
      successTasks: 120,
      failedTasks: 0,
    };
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.job('user-e', createdAt, 'job-5'), type: 'job', id: 'job-5', ...live },
      }),
    );
    await subscribe(socket, 'job-5', 'user-e');
    await waitFor(() => received.length === 1);
    expect(received[0]).toEqual({ event: 'jobProgress', data: { jobId: 'job-5', ...live } });
    socket.close();
  });

  it("shows nothing at subscribe for a job that is not its automation's current one", async () => {
    const { socket, received } = await open(await accessToken(secret, { id: 'user-e' }));
    await storeJob('user-e', 'job-6', { jobId: 'job-6.2' });
    await subscribe(socket, 'job-6.1', 'user-e');
    const outcome = await createRealtimeService({
      push: apiGatewayPush(realtimeClient()),
    }).publishJobProgress('user-e', progress('job-6.1'));
    expect(outcome).toEqual({ delivered: 1, gone: 0 });
    await waitFor(() => received.length === 1);
    expect(received).toEqual([{ event: 'jobProgress', data: progress('job-6.1') }]);
    socket.close();
  });

  it("reads a job's subscriptions once a while during a run, not at every push", async () => {
    const token = await accessToken(secret, { id: 'user-f' });
    await storeJob('user-f', 'job-7');
    let now = 1_000_000;
    const publish = createRealtimeService({ push: apiGatewayPush(realtimeClient()) }).jobProgressPublisher(
      'user-f',
      { now: () => now },
    );
    const first = await open(token);
    await subscribe(first.socket, 'job-7', 'user-f');
    expect(await publish(progress('job-7', 10))).toEqual({ delivered: 1, gone: 0 });

    const late = await open(token);
    await subscribe(late.socket, 'job-7', 'user-f');
    now += SUBSCRIPTIONS_FRESH_MS - 1;
    expect(await publish(progress('job-7', 20))).toEqual({ delivered: 1, gone: 0 });
    now += 1;
    expect(await publish(progress('job-7', 30))).toEqual({ delivered: 2, gone: 0 });
    await waitFor(() => late.received.length === 1);
    expect(late.received[0]).toEqual({ event: 'jobProgress', data: progress('job-7', 30) });

    // A socket found gone is forgotten by the read it was in, and its subscription deleted.
    late.socket.close();
    await waitFor(() => sockets.gateway.connectionCount() === 1);
    expect(await publish(progress('job-7', 40))).toMatchObject({ delivered: 1 });

    // The push of the job's end reads them again at once: a socket that just subscribed sees the end.
    const last = await open(token);
    await subscribe(last.socket, 'job-7', 'user-f');
    expect(await publish(progress('job-7', 50))).toEqual({ delivered: 1, gone: 0 });
    const ended = { ...progress('job-7', 100), status: 'completed' };
    expect(await publish(ended)).toEqual({ delivered: 2, gone: 0 });
    await waitFor(() => last.received.length === 1);
    expect(last.received[0]).toEqual({ event: 'jobProgress', data: ended });
    first.socket.close();
    last.socket.close();
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
