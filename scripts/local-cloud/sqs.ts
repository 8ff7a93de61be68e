import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { Server as NetServer } from 'node:net';
import { join } from 'node:path';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { type FauxqsServer, startFauxqs } from 'fauxqs';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import {
  queues as appQueues,
  DEAD_LETTER_RETENTION_SECONDS,
  deadLetterQueueName,
  type QueueDefinition,
  type QueueName,
} from '../../functions/core/queues';

/**
 * SQS on the local cloud: fauxqs in this process, with the queues, DLQs and redrive policies that
 * the CDK workers stack creates (both read functions/core/queues.ts). fauxqs keeps messages in memory,
 * so on stop the waiting messages are written to `<state>/sqs/messages.json` and sent again on start:
 * a restart loses no queued run (receive counts start over).
 */
export interface LocalQueues {
  server: FauxqsServer;
  endpoint: string;
  /** Full queue name (with stage prefix) by app queue name. */
  urls: Record<QueueName, string>;
  arns: Record<QueueName, string>;
  dlqUrls: Record<QueueName, string>;
  stop(): Promise<void>;
}

interface SavedMessage {
  queue: string;
  body: string;
}

export const localQueueName = (stage: string, name: string) => `${stage}-${name}`;

/**
 * fauxqs 1.9 listens on 0.0.0.0 whatever its options say (its `host` only names queue URLs), and it
 * accepts any credentials: anyone on the network could read and send messages. Until it takes a listen
 * address, its one listen call is pointed at 127.0.0.1 while it starts, and a server found listening
 * elsewhere is closed and refused.
 */
async function startFauxqsOnLoopback(port: number): Promise<FauxqsServer> {
  const listen = NetServer.prototype.listen;
  NetServer.prototype.listen = function (this: NetServer, ...args: unknown[]) {
    // Only fauxqs's literal wildcard is rewritten: anything else listening meanwhile is left alone.
    const [first] = args;
    if (first && typeof first === 'object' && (first as { host?: unknown }).host === '0.0.0.0')
      args[0] = { ...first, host: '127.0.0.1' };
    else if (args[1] === '0.0.0.0') args[1] = '127.0.0.1';
    return listen.apply(this, args as Parameters<typeof listen>);
  } as typeof listen;
  let server: FauxqsServer;
  try {
    server = await startFauxqs({ port, logger: false });
  } finally {
    NetServer.prototype.listen = listen;
  }
  if (new URL(server.address).hostname !== '127.0.0.1') {
    await server.stop();
    throw new Error(`fauxqs listened on ${server.address}, not on 127.0.0.1 only`);
  }
  return server;
}

export async function startLocalQueues(options: {
  stage: string;
  stateDir?: string;
  definitions?: readonly QueueDefinition[];
  port?: number;
}): Promise<LocalQueues> {
  const definitions = options.definitions ?? Object.values(appQueues);
  const server = await startFauxqsOnLoopback(options.port ?? 0);
  const endpoint = server.address;
  const urls = {} as Record<QueueName, string>;
  const arns = {} as Record<QueueName, string>;
  const dlqUrls = {} as Record<QueueName, string>;
  for (const def of definitions) {
    const dlq = server.createQueue(localQueueName(options.stage, deadLetterQueueName(def.name)), {
      attributes: { MessageRetentionPeriod: String(DEAD_LETTER_RETENTION_SECONDS) },
    });
    const queue = server.createQueue(localQueueName(options.stage, def.name), {
      attributes: {
        VisibilityTimeout: String(def.visibilityTimeoutSeconds),
        MessageRetentionPeriod: String(def.retentionSeconds),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: dlq.queueArn,
          maxReceiveCount: String(def.maxReceiveCount),
        }),
      },
    });
    urls[def.name] = queue.queueUrl;
    arns[def.name] = queue.queueArn;
    dlqUrls[def.name] = dlq.queueUrl;
  }

  const snapshotFile = options.stateDir ? join(options.stateDir, 'sqs', 'messages.json') : undefined;
  const client = new SQSClient({ region: 'us-east-1', endpoint, credentials: LOCAL_CREDENTIALS });
  if (snapshotFile && existsSync(snapshotFile)) {
    const saved = JSON.parse(await readFile(snapshotFile, 'utf8')) as SavedMessage[];
    for (const message of saved) {
      const url = server.inspectQueue(message.queue)?.url;
      if (url) await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: message.body }));
    }
    await writeFile(snapshotFile, '[]');
  }

  return {
    server,
    endpoint,
    urls,
    arns,
    dlqUrls,
    async stop() {
      if (snapshotFile) {
        const saved: SavedMessage[] = [];
        for (const def of definitions) {
          for (const name of [
            localQueueName(options.stage, def.name),
            localQueueName(options.stage, deadLetterQueueName(def.name)),
          ]) {
            const state = server.inspectQueue(name);
            if (!state) continue;
            const all = [
              ...state.messages.ready,
              ...state.messages.delayed,
              ...state.messages.inflight.map((i) => i.message),
            ];
            for (const m of all) saved.push({ queue: name, body: m.body });
          }
        }
        await mkdir(join(snapshotFile, '..'), { recursive: true });
        await writeFile(`${snapshotFile}.tmp`, JSON.stringify(saved));
        await rename(`${snapshotFile}.tmp`, snapshotFile);
      }
      client.destroy();
      await server.stop();
    },
  };
}
