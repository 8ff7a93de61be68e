import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { SQSClient } from '@aws-sdk/client-sqs';
import { seedCatalogue } from '../../functions/catalog/seed';
import { localScheduler, localSchedulesTable } from '../../functions/core/adapters/local-scheduler';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import { forgetPerFunctionValues } from '../../functions/core/local-runtime';
import { queueArnEnv, queues, queueUrlEnv } from '../../functions/core/queues';
import { tableBaseName } from '../../functions/core/table';
import { migrateLiveJobState } from '../../functions/jobs/job-state';
import { closeSharedBrowser } from '../../functions/platforms/browser';
import { httpRoutes, webSocketRoutes } from '../../functions/routes';
import { scheduledTasks } from '../../functions/scheduled-tasks';
import { startSandboxPlatforms } from '../sandbox-platforms';
import { localAppOrigins } from './app-origins';
import { connectLocalDynamo, ensureTables, startLocalDynamo } from './dynamodb';
import { prepareFunctionRuntime, schedulerMayDeliver } from './function-runtime/runtime';
import { createHttpGateway } from './http-gateway';
import { repoRoot } from './lambda-runtime';
import { startRunDispatchRelay } from './run-dispatch-relay';
import { startSchedulerPoller } from './scheduler-poller';
import { startLocalQueues } from './sqs';
import { LOCAL_CLOUD_SETTINGS } from './stacks/resolve';
import { startTaskTimer } from './task-timer';
import { localPollerConcurrency, startWorkerPoller } from './worker-poller';
import { startWebSocketGateway } from './ws-gateway';

/**
 * The local cloud: every AWS service the app uses, on this machine, with the app's own handlers run
 * in this process through the same SDK clients they use in AWS. `npm start` and the e2e tests call it.
 */
export interface LocalCloudOptions {
  /** HTTP port of the app; 0 picks a free one. */
  port: number;
  host?: string;
  /** Where state lives (.local/). */
  stateDir: string;
  /** false: DynamoDB in memory and no queue snapshot (tests). */
  persist?: boolean;
  /** A DynamoDB Local already running (the test suite's), used instead of starting one; in memory. */
  dynamoEndpoint?: string;
  /** The built web app; omitted in dev mode. */
  webRoot?: string;
  webMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  stage?: string;
  /** Request lines and mail links on the console. */
  log?: (line: string) => void;
}

export interface LocalCloud {
  url: string;
  webSocketUrl: string;
  env: Record<string, string>;
  server: ReturnType<typeof createServer>;
  dynamoPid?: number;
  stop(): Promise<void>;
}

export const WEBSOCKET_PATH = '/ws';

/** The HS256 secret for access tokens, kept in the state dir so sessions survive a restart. */
function loadOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const stateDir = resolve(options.stateDir);
  mkdirSync(stateDir, { recursive: true });
  const stage = options.stage ?? 'local';
  const persist = options.persist ?? true;
  const log = options.log ?? (() => undefined);
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse())
      await stop().catch((error) => console.error('[local-cloud] stop failed', error));
  };

  try {
    const [dynamo, sqs] = await Promise.all([
      options.dynamoEndpoint
        ? connectLocalDynamo(options.dynamoEndpoint)
        : startLocalDynamo(persist ? { stateDir } : {}),
      startLocalQueues({ stage, ...(persist ? { stateDir } : {}) }),
    ]);
    stops.push(
      () => dynamo.stop(),
      () => sqs.stop(),
    );

    // The stacks, synthesized or found in the cache: every handler runs as its function of them.
    const synthStarted = performance.now();
    const { synthesized } = await prepareFunctionRuntime({ log });
    log(
      `[local-cloud] stacks ${synthesized ? 'synthesized' : 'from the cache'} in ${Math.round(performance.now() - synthStarted)} ms`,
    );

    const tableName = `${stage}-${tableBaseName}`;
    await ensureTables(dynamo.client, tableName, localSchedulesTable(tableName));

    const ws = await startWebSocketGateway({ routes: webSocketRoutes, path: WEBSOCKET_PATH, log });
    stops.push(() => ws.close());

    // The sandbox LinkedIn, X and Instagram; fixed ports (app port + 11..13) keep stored profile URLs valid.
    const sandbox = await startSandboxPlatforms({
      ...(options.port
        ? { ports: { linkedin: options.port + 11, x: options.port + 12, instagram: options.port + 13 } }
        : {}),
      ...(persist ? { stateDir } : {}),
      log,
    });
    stops.push(() => sandbox.stop());

    const env: Record<string, string> = {
      ...LOCAL_CLOUD_SETTINGS,
      APP_RUNTIME: 'local',
      APP_STAGE: stage,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SQS_ENDPOINT: sqs.endpoint,
      REALTIME_ENDPOINT: ws.managementEndpoint,
      LOCAL_STATE_DIR: stateDir,
      AUTH_TOKEN_SECRET: loadOrCreateSecret(join(stateDir, 'keys', 'auth-token.secret')),
      // What CloudFront adds to every origin request in AWS; the gateway adds it here (new on every start).
      ORIGIN_VERIFY_SECRET: randomBytes(32).toString('base64url'),
      // Payments run in the sandbox: the checkout URL is a local page, and its webhook is signed with this.
      // PAYMENTS_MODE=stripe (with STRIPE_* and PAYMENTS_WEBHOOK_SECRET set) tries a real Stripe test account.
      PAYMENTS_MODE: process.env.PAYMENTS_MODE === 'stripe' ? 'stripe' : 'sandbox',
      PAYMENTS_WEBHOOK_SECRET:
        process.env.PAYMENTS_WEBHOOK_SECRET ??
        `whsec_${loadOrCreateSecret(join(stateDir, 'keys', 'payments-webhook.secret'))}`,
      // The sandbox platforms need no human spacing; a tenth of it keeps a run watchable. PACING_SCALE=1
      // paces as for a real platform, 0 not at all.
      PACING_SCALE: process.env.PACING_SCALE ?? '0.1',
      // Nobody reads CloudWatch metric lines on one machine.
      POWERTOOLS_METRICS_DISABLED: 'true',
      // The AI filter ranks leads locally (no network); AI_PROVIDER=openai with OPENAI_BASE_URL and
      // OPENAI_MODEL (and OPENAI_API_KEY if it wants one) points it at a model server instead.
      AI_PROVIDER: process.env.AI_PROVIDER ?? 'local',
      ...Object.fromEntries(
        ['OPENAI_BASE_URL', 'OPENAI_MODEL', 'OPENAI_API_KEY', 'BEDROCK_MODEL_ID', 'BEDROCK_ENDPOINT'].flatMap(
          (name) => (process.env[name] ? [[name, process.env[name]]] : []),
        ),
      ),
      ...sandbox.env,
    };
    for (const q of Object.values(queues)) {
      env[queueUrlEnv(q.name)] = sqs.urls[q.name];
      env[queueArnEnv(q.name)] = sqs.arns[q.name];
    }

    const gateway = createHttpGateway({
      routes: httpRoutes,
      ...(options.webRoot ? { webRoot: options.webRoot } : {}),
      ...(options.webMiddleware ? { webMiddleware: options.webMiddleware } : {}),
      log,
    });
    const server = createServer((req, res) => void gateway(req, res));
    server.on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://localhost').pathname === WEBSOCKET_PATH)
        ws.handleUpgrade(req, socket, head);
      // Anything else (Vite's HMR socket in dev mode) is left to other listeners.
    });
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(options.port, host, () => done());
    });
    stops.push(
      () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
    );
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const shownHost = host === '127.0.0.1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
    const url = `http://${shownHost}:${port}`;
    env.PUBLIC_APP_URL = process.env.PUBLIC_APP_URL ?? url;
    env.LOCAL_APP_ORIGINS = localAppOrigins(host, port).join(',');

    // The handlers run in this process: they read this environment when they first load.
    Object.assign(process.env, env);
    // A cloud started again in one process (tests, a restart) keeps no value its last start built:
    // the parsed env, clients, secrets and the chosen ports.
    forgetPerFunctionValues();
    await seedCatalogue();
    // A local table kept from before issue 37 has its running jobs' state moved to their job items.
    await migrateLiveJobState();

    const sqsClient = new SQSClient({
      region: 'us-east-1',
      endpoint: sqs.endpoint,
      credentials: LOCAL_CREDENTIALS,
    });
    const consumers = Object.values(queues).filter((q) =>
      existsSync(join(repoRoot, 'functions', `${q.consumer}.worker.ts`)),
    );
    // The run worker keeps one Chromium warm between messages, as a warm Lambda does: it goes last,
    // once the pollers (stopped first, in reverse order) have finished their messages.
    stops.push(() => closeSharedBrowser());
    for (const definition of consumers) {
      const poller = startWorkerPoller({
        client: sqsClient,
        definition,
        queueUrl: sqs.urls[definition.name],
        queueArn: sqs.arns[definition.name],
        // Jobs overlap as in Lambda: LOCAL_RUN_CONCURRENCY run messages at once (default 2), each with
        // its own context and its own browser context in the one warm Chromium.
        concurrency: localPollerConcurrency(definition),
      });
      stops.push(() => poller.stop());
    }
    const scheduler = startSchedulerPoller({
      store: localScheduler(),
      client: sqsClient,
      queueUrls: sqs.urls,
      queueArns: sqs.arns,
      mayDeliver: (delivery) => schedulerMayDeliver(delivery),
      log,
    });
    stops.push(() => scheduler.stop());
    for (const task of scheduledTasks) {
      const timer = startTaskTimer(task);
      stops.push(() => timer.stop());
    }
    const relay = startRunDispatchRelay();
    stops.push(() => relay.stop());
    stops.push(async () => sqsClient.destroy());

    return {
      url,
      webSocketUrl: `ws://${shownHost}:${port}${WEBSOCKET_PATH}`,
      env,
      server,
      ...(dynamo.pid ? { dynamoPid: dynamo.pid } : {}),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
