import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../functions/auth/user-repository';
import { apiGatewayPush } from '../../functions/core/ports/realtime';
import { keys } from '../../functions/core/table';
import { createRealtimeService } from '../../functions/realtime/realtime-service';
import type { JobProgress } from '../../shared/realtime';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import { type Api, signIn, type TestUser } from '../support/api-client';
import { storeJob } from '../support/jobs';
import { type OpenSocket, type SocketGateway, startSocketGateway } from '../support/socket-gateway';
import { scanTable } from '../support/table-items';
import { joinTeam, switchWorkspace } from '../support/teams';
import { newUser } from '../support/users';
import { waitFor, within } from '../support/wait';

/**
 * Live progress in a team (DECISIONS 12 and 31): a member's socket opened in the owner's workspace
 * receives the progress of the workspace's jobs; removing the member closes their sockets in that
 * workspace at once (their own workspace's stay); a workspace switch closes the session's sockets
 * (the client opens new ones in the new workspace); a suspended member's subscribe closes the socket.
 */
let env: AccountsEnv;
let api: Api;
let sockets: SocketGateway;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  sockets = await startSocketGateway();
});

afterAll(async () => {
  await sockets?.close();
  await env?.close();
});

const progress = (jobId: string): JobProgress => ({
  jobId,
  progress: 40,
  status: 'running',
  message: 'Collecting profiles',
  stage: 'extract',
  completedTasks: 4,
  totalTasks: 10,
});

const publish = (workspaceId: string, jobId: string) =>
  createRealtimeService({ push: apiGatewayPush() }).publishJobProgress(workspaceId, progress(jobId));

const subscriptionsIn = async (workspaceId: string, jobId: string) =>
  (await scanTable()).filter(
    (item) => item.pk === keys.userPartition(workspaceId) && String(item.sk).startsWith(`JOBSUB#${jobId}#`),
  );

const subscribe = (open: OpenSocket, jobId: string) =>
  open.socket.send(JSON.stringify({ action: 'subscribeToJobProgress', jobId }));

async function subscribed(workspaceId: string, open: OpenSocket, jobId: string, count = 1) {
  subscribe(open, jobId);
  await waitFor(async () => (await subscriptionsIn(workspaceId, jobId)).length >= count);
}

async function team(): Promise<{ owner: TestUser; mate: TestUser }> {
  const [owner, mate] = await Promise.all([newUser({ plan: 'PLUS' }), newUser()]);
  await joinTeam(api, env.stateDir, owner, mate);
  return { owner, mate };
}

describe('live progress for the members of a workspace', () => {
  it("delivers the workspace's job progress to the member's socket as to the owner's", async () => {
    const { owner, mate } = await team();
    await storeJob(owner.id, 'job-team');
    const ownerSocket = await sockets.open(owner.accessToken);
    const mateSocket = await sockets.open(mate.accessToken);
    await subscribed(owner.id, ownerSocket, 'job-team');
    await subscribed(owner.id, mateSocket, 'job-team', 2);

    expect(await publish(owner.id, 'job-team')).toEqual({ delivered: 2, gone: 0 });
    await waitFor(() => mateSocket.received.length === 1 && ownerSocket.received.length === 1);
    expect(mateSocket.received[0]).toEqual({ event: 'jobProgress', data: progress('job-team') });
    ownerSocket.socket.close();
    mateSocket.socket.close();
  });

  it("refuses a member's subscribe to a job of their own workspace while acting in the team's", async () => {
    const { owner, mate } = await team();
    await storeJob(mate.id, 'job-own');
    const socket = await sockets.open(mate.accessToken);
    subscribe(socket, 'job-own');
    // A subscribe that is then stored proves the first one was handled (and refused).
    await storeJob(owner.id, 'job-team-2');
    await subscribed(owner.id, socket, 'job-team-2');
    expect(await subscriptionsIn(mate.id, 'job-own')).toEqual([]);
    expect(await publish(mate.id, 'job-own')).toEqual({ delivered: 0, gone: 0 });
    socket.socket.close();
  });

  it("closes the removed member's sockets in the workspace at once and keeps their own workspace's", async () => {
    const { owner, mate } = await team();
    await storeJob(owner.id, 'job-removal');
    const inTeam = await sockets.open(mate.accessToken);
    await subscribed(owner.id, inTeam, 'job-removal');
    // A second session of the mate, in their own workspace (a sign-in resumes the team's: DECISIONS 34).
    const second = await signIn(api, mate.email, mate.password);
    await switchWorkspace(api, { ...mate, ...second }, mate.id);
    const own = await sockets.open(second.accessToken);

    const removed = await api.delete(`/api/team/members/${mate.id}`, undefined, { token: owner.accessToken });
    expect(removed.status, removed.text).toBe(200);
    await within(inTeam.closed);
    expect(await subscriptionsIn(owner.id, 'job-removal')).toEqual([]);
    expect(await publish(owner.id, 'job-removal')).toEqual({ delivered: 0, gone: 0 });
    await new Promise((r) => setTimeout(r, 200));
    expect(own.isOpen()).toBe(true);
    own.socket.close();
  });

  it("closes the session's sockets on a workspace switch; the new socket subscribes in the new workspace", async () => {
    const { owner, mate } = await team();
    await Promise.all([storeJob(owner.id, 'job-theirs'), storeJob(mate.id, 'job-mine')]);
    const before = await sockets.open(mate.accessToken);
    await subscribed(owner.id, before, 'job-theirs');

    await switchWorkspace(api, mate, mate.id);
    await within(before.closed);
    expect(await subscriptionsIn(owner.id, 'job-theirs')).toEqual([]);

    const after = await sockets.open(mate.accessToken);
    await subscribed(mate.id, after, 'job-mine');
    expect(await publish(mate.id, 'job-mine')).toEqual({ delivered: 1, gone: 0 });
    after.socket.close();
  });

  it("closes a suspended member's socket at its next subscribe and stores nothing", async () => {
    const { owner, mate } = await team();
    await storeJob(owner.id, 'job-suspended');
    const socket = await sockets.open(mate.accessToken);
    await updateUser(owner.id, { plan: 'PRO' });
    subscribe(socket, 'job-suspended');
    await within(socket.closed);
    expect(await subscriptionsIn(owner.id, 'job-suspended')).toEqual([]);
  });
});
