import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { apiGatewayPush } from '../../functions/core/ports/realtime';
import { keys } from '../../functions/core/table';
import { createRealtimeService } from '../../functions/realtime/realtime-service';
import type { JobProgress } from '../../shared/realtime';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import {
  type Api,
  freshAddress,
  OTHER_GOOD_PASSWORD,
  type Session,
  signIn,
  type TestUser,
} from '../support/api-client';
import { storeJob } from '../support/jobs';
import { resetToken } from '../support/outbox';
import { type OpenSocket, type SocketGateway, startSocketGateway } from '../support/socket-gateway';
import { scanTable } from '../support/table-items';
import { newUser } from '../support/users';
import { waitFor, within } from '../support/wait';

/**
 * Issue 8 point 3: a WebSocket lives no longer than the session that opened it. Sign-out, a password
 * change or reset, and account deletion close the sockets of the sessions they end; a socket that
 * missed its close is closed at its next subscribe, and nothing is written for an ended session or a
 * deleted user.
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

const open = (token: string) => sockets.open(token);

const progress = (jobId: string): JobProgress => ({
  jobId,
  progress: 50,
  status: 'running',
  message: 'Collecting profiles',
  stage: 'extract',
  completedTasks: 5,
  totalTasks: 10,
});

const subscriptionsOf = async (userId: string) =>
  (await scanTable()).filter(
    (item) => item.pk === keys.userPartition(userId) && String(item.sk).startsWith('JOBSUB#'),
  );

/** Subscribes and waits until the subscription is stored. */
async function subscribed(user: { id: string }, open: OpenSocket, jobId: string) {
  await storeJob(user.id, jobId);
  open.socket.send(JSON.stringify({ action: 'subscribeToJobProgress', jobId }));
  await waitFor(async () => (await subscriptionsOf(user.id)).some((item) => item.jobId === jobId));
}

const secondSession = (user: TestUser): Promise<Session> => signIn(api, user.email, user.password);

describe('WebSocket sockets end with their session', () => {
  it("closes the signed-out session's socket, which then receives no progress, and keeps the other session's", async () => {
    const ada = await newUser();
    const other = await secondSession(ada);
    const leaving = await open(ada.accessToken);
    const staying = await open(other.accessToken);
    await subscribed(ada, leaving, 'job-logout');
    await subscribed(ada, staying, 'job-logout');

    expect((await api.post('/api/auth/logout', undefined, { token: ada.accessToken })).status).toBe(204);
    await within(leaving.closed);
    expect(staying.isOpen()).toBe(true);

    const outcome = await createRealtimeService({ push: apiGatewayPush() }).publishJobProgress(
      ada.id,
      progress('job-logout'),
    );
    expect(outcome.delivered).toBe(1);
    await waitFor(() => staying.received.length === 1);
    expect(leaving.received).toEqual([]);
    staying.socket.close();
  });

  it("closes every other session's sockets on a password change and keeps the changing session's", async () => {
    const ada = await newUser();
    const other = await secondSession(ada);
    const mine = await open(ada.accessToken);
    const theirs = await open(other.accessToken);

    const changed = await api.post(
      '/api/users/change-password',
      { currentPassword: ada.password, newPassword: OTHER_GOOD_PASSWORD },
      { token: ada.accessToken },
    );
    expect(changed.status, changed.text).toBe(200);
    await within(theirs.closed);
    await new Promise((r) => setTimeout(r, 200));
    expect(mine.isOpen()).toBe(true);
    mine.socket.close();
  });

  it('closes every socket of the user when the password is reset', async () => {
    const ada = await newUser();
    const first = await open(ada.accessToken);
    const second = await open((await secondSession(ada)).accessToken);

    const client = api.from(freshAddress());
    expect((await client.post('/api/auth/forgot-password', { email: ada.email })).status).toBe(200);
    const token = await resetToken(env.stateDir, ada.email);
    const reset = await client.post('/api/auth/reset-password', { token, password: OTHER_GOOD_PASSWORD });
    expect(reset.status, reset.text).toBe(200);
    await within(Promise.all([first.closed, second.closed]));
  });

  it('closes every socket when the account is deleted and leaves nothing under the deleted account', async () => {
    const ada = await newUser();
    const socket = await open(ada.accessToken);
    await subscribed(ada, socket, 'job-delete');

    const deleted = await api.delete(
      '/api/users/account',
      { password: ada.password },
      { token: ada.accessToken },
    );
    expect(deleted.status, deleted.text).toBe(200);
    await within(socket.closed);
    await new Promise((r) => setTimeout(r, 200));
    expect((await scanTable()).filter((item) => JSON.stringify(item).includes(ada.id))).toEqual([]);
  });

  it('closes a socket whose session ended without closing it at its next subscribe, and stores nothing', async () => {
    const ada = await newUser();
    const socket = await open(ada.accessToken);
    // The session ends behind the socket's back (as if the close had been lost).
    await dynamo().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.session(ada.id, ada.sessionId) }),
    );

    socket.socket.send(JSON.stringify({ action: 'subscribeToJobProgress', jobId: 'job-missed' }));
    await within(socket.closed);
    expect(await subscriptionsOf(ada.id)).toEqual([]);
  });

  it('writes nothing for a user who no longer exists when its leftover socket subscribes', async () => {
    const ada = await newUser();
    const socket = await open(ada.accessToken);
    // The account's items vanish without the deletion route (and so without closing the socket).
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.user(ada.id) }));

    socket.socket.send(JSON.stringify({ action: 'subscribeToJobProgress', jobId: 'job-ghost' }));
    await within(socket.closed);
    const left = (await scanTable()).filter(
      (item) => item.pk === keys.userPartition(ada.id) && !String(item.sk).startsWith('SESSION#'),
    );
    expect(left).toEqual([]);
  });

  it('keeps a live session subscribing normally (the check refuses only ended sessions)', async () => {
    const ada = await newUser();
    const socket = await open(ada.accessToken);
    await subscribed(ada, socket, 'job-live');
    await subscribed(ada, socket, 'job-live-2');
    expect(socket.isOpen()).toBe(true);
    socket.socket.close();
  });
});
