import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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

export async function startLocalQueues(options: {
  stage: string;
  stateDir?: string;
  definitions?: readonly QueueDefinition[];
  port?: number;
}): Promise<LocalQueues> {
  const definitions = options.definitions ?? Object.values(appQueues);
  const server = await startFauxqs({ port: options.port ?? 0, logger: false });
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
