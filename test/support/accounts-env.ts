import { SQSClient } from '@aws-sdk/client-sqs';
import { vi } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import { type QueueName, queueArnEnv, queues, queueUrlEnv } from '../../functions/core/queues';
import { type LocalQueues, localQueueName, startLocalQueues } from '../../scripts/local-cloud/sqs';
import { startWorkerPoller } from '../../scripts/local-cloud/worker-poller';
import { type Api, apiClient } from './api-client';
import { startGateway } from './gateway-server';
import { type IntegrationEnv, useIntegrationEnv } from './integration-env';
import { waitForQueuedMailWith } from './outbox';
import { bindUsers } from './users';

/** The web app's address in these tests: every mailed link and checkout return address is on it. */
export const APP_URL = 'https://app.trobly.test';

const STAGE = 'test';

export interface AccountsEnv extends IntegrationEnv {
  api: Api;
  /** The local SQS server: the mail queue, and the `extraQueues` asked for (their URLs in the env too). */
  queues: LocalQueues;
  /** Resolves once every mail queued so far is in the outbox (the outbox readers call it). */
  mailDelivered(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Fresh tables, the outbox, the token secret and the payment sandbox (useIntegrationEnv), the real
 * route table behind the local gateway, and a JSON client for it. Mail goes the way it goes on the
 * local cloud: the routes queue it on a local `mail` queue (fauxqs) and the mail worker, run by the
 * local event-source poller, writes it to the outbox. `newUser()` (users.ts) creates users in it.
 */
export async function useAccountsEnv({
  extraQueues = [],
}: {
  extraQueues?: Exclude<QueueName, 'mail' | 'purge'>[];
} = {}): Promise<AccountsEnv> {
  // Account deletion queues the purge of its other partitions, which a poller runs as in the cloud.
  const mailQueue = await startLocalQueues({
    stage: STAGE,
    definitions: [queues.mail, queues.purge, ...extraQueues.map((name) => queues[name])],
  });
  const queueEnv: Record<string, string> = {};
  for (const name of ['mail' as const, 'purge' as const, ...extraQueues]) {
    queueEnv[queueUrlEnv(name)] = mailQueue.urls[name];
    queueEnv[queueArnEnv(name)] = mailQueue.arns[name];
  }
  const env = await useIntegrationEnv({
    PUBLIC_APP_URL: APP_URL,
    SQS_ENDPOINT: mailQueue.endpoint,
    ...queueEnv,
  });
  // The outbox mailer prints every link it sends; the tests read the files instead.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const sqs = new SQSClient({
    region: 'us-east-1',
    endpoint: mailQueue.endpoint,
    credentials: LOCAL_CREDENTIALS,
  });
  const poller = startWorkerPoller({
    client: sqs,
    definition: queues.mail,
    queueUrl: mailQueue.urls.mail,
    queueArn: mailQueue.arns.mail,
    waitSeconds: 1,
  });
  const purgePoller = startWorkerPoller({
    client: sqs,
    definition: queues.purge,
    queueUrl: mailQueue.urls.purge,
    queueArn: mailQueue.arns.purge,
    waitSeconds: 1,
  });

  // Delivered when nothing waits on the queue and nothing is being handled: the poller deletes a
  // message only after the worker has written its mail.
  const mailDelivered = async () => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const state = mailQueue.server.inspectQueue(localQueueName(STAGE, 'mail'));
      const pending = state
        ? state.messages.ready.length + state.messages.delayed.length + state.messages.inflight.length
        : 0;
      if (pending === 0) return;
      if (Date.now() > deadline) throw new Error(`${pending} queued mail(s) not delivered within 10 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  waitForQueuedMailWith(mailDelivered);

  const gateway = await startGateway();
  const api = apiClient(gateway.base);
  bindUsers({ api, stateDir: env.stateDir });
  return {
    ...env,
    api,
    queues: mailQueue,
    mailDelivered,
    close: async () => {
      bindUsers(undefined);
      await gateway.close();
      await poller.stop();
      await purgePoller.stop();
      sqs.destroy();
      await mailQueue.stop();
    },
  };
}
