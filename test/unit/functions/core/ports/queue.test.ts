import { GetQueueAttributesCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqsQueue } from '../../../../../functions/core/ports/queue';
import { recordingClient } from '../../../support/recording-client';

const URL = 'https://sqs.us-east-1.amazonaws.com/111122223333/trobly-dev-trob-runs';

beforeEach(() => {
  vi.stubEnv('QUEUE_URL_TROB_RUNS', URL);
  // Other test files in the same worker may have set it; this file owns its environment.
  vi.stubEnv('QUEUE_URL_FLOW_RUNS', undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('sqsQueue', () => {
  it('sends the message as JSON to the queue URL from QUEUE_URL_TROB_RUNS and returns its id', async () => {
    const sqs = recordingClient<SQSClient>(() => ({ MessageId: 'msg-1' }));
    const result = await sqsQueue(sqs.client).send('trob-runs', { runId: 'r-1', steps: [1, 2] });
    expect(result).toEqual({ messageId: 'msg-1' });
    expect(sqs.sent).toHaveLength(1);
    expect(sqs.sent[0]).toBeInstanceOf(SendMessageCommand);
    expect(sqs.sent[0]!.input).toEqual({ QueueUrl: URL, MessageBody: '{"runId":"r-1","steps":[1,2]}' });
  });

  it('adds DelaySeconds only when a delay is given', async () => {
    const sqs = recordingClient<SQSClient>(() => ({ MessageId: 'msg-2' }));
    await sqsQueue(sqs.client).send('trob-runs', { runId: 'r-2' }, { delaySeconds: 90 });
    expect(sqs.sent[0]!.input).toEqual({ QueueUrl: URL, MessageBody: '{"runId":"r-2"}', DelaySeconds: 90 });
  });

  it('throws naming the env var when the queue URL is not set, before any call', async () => {
    const sqs = recordingClient<SQSClient>(() => ({ MessageId: 'x' }));
    await expect(sqsQueue(sqs.client).send('flow-runs', {})).rejects.toThrow(
      'QUEUE_URL_FLOW_RUNS is not set',
    );
    expect(sqs.sent).toEqual([]);
  });

  it('refuses an SQS answer without a message id', async () => {
    const sqs = recordingClient<SQSClient>(() => ({}));
    await expect(sqsQueue(sqs.client).send('trob-runs', {})).rejects.toThrow(
      'SQS returned no message id for trob-runs',
    );
  });

  it('pings a queue by asking for its ARN', async () => {
    const sqs = recordingClient<SQSClient>(() => ({ Attributes: { QueueArn: 'arn' } }));
    await sqsQueue(sqs.client).ping('trob-runs');
    expect(sqs.sent[0]).toBeInstanceOf(GetQueueAttributesCommand);
    expect(sqs.sent[0]!.input).toEqual({ QueueUrl: URL, AttributeNames: ['QueueArn'] });
  });
});
