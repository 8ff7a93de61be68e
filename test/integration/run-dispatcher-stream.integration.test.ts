import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { scheduleNameOf } from '../../functions/automations/trob-schedule';
import { schedulerPort } from '../../functions/core/adapters/scheduler-adapter';
import { keys } from '../../functions/core/table';
import { handler as dispatcherExport } from '../../functions/workers/run-dispatcher.stream';
import { lambdaContext } from '../../scripts/local-cloud/lambda-runtime';
import { api, FOLLOWERS, runMessagesOf, startAutomationsSuite, started } from '../support/automations-suite';
import { asFunction } from '../support/functions';
import { setEnv } from '../support/integration-env';
import { getItem, type Item } from '../support/table-items';

const handler = asFunction('functions/workers/run-dispatcher.stream.ts', dispatcherExport);

import { newUser } from '../support/users';

/**
 * The run dispatch's sender in AWS: the table stream's records (new images) of automations on the unsent
 * index, handed to the run dispatcher as Lambda hands them. The images are the stored items themselves.
 */
startAutomationsSuite({ poolSize: 2 });

let sequence = 0;
function recordOf(image: Item): DynamoDBRecord {
  sequence++;
  return {
    eventID: `event-${sequence}`,
    eventName: 'MODIFY',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      // biome-ignore lint/suspicious/noExplicitAny: the stream's AttributeValue type is aws-lambda's own.
      NewImage: marshall(image, { removeUndefinedValues: true }) as any,
      SequenceNumber: String(1000 + sequence),
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

const deliver = (records: DynamoDBRecord[]) =>
  handler({ Records: records } as DynamoDBStreamEvent, lambdaContext('workers/run-dispatcher'));

async function storedStart(body: Record<string, unknown> = {}) {
  const ada = await newUser({ connect: ['linkedin'], plan: 'PRO' });
  const automation = await started(ada, { templateId: FOLLOWERS, ...body });
  const item = (await getItem(keys.automation(ada.id, automation.id)))!;
  return { ada, automation, item };
}

describe('the run dispatcher on the table stream', () => {
  it('sends the run message of an automation the stream shows unsent, once, even when the record comes again', async () => {
    const { ada, automation, item } = await storedStart();
    expect(item).toMatchObject({ gsi1pk: 'AUTOMATION-UNSENT', status: 'pending' });
    expect(await runMessagesOf(ada.id, { dispatch: false })).toEqual([]);

    const record = recordOf(item);
    expect(await deliver([record])).toEqual({ batchItemFailures: [] });
    expect(await runMessagesOf(ada.id, { dispatch: false })).toEqual([
      {
        kind: 'trob-run',
        jobId: automation.id,
        automationId: automation.id,
        workspaceId: ada.id,
        segment: 0,
      },
    ]);
    expect(await getItem(keys.automation(ada.id, automation.id))).not.toHaveProperty('gsi1pk');

    // Lambda hands a record again after a retry of its batch: the automation is no longer unsent.
    expect(await deliver([record])).toEqual({ batchItemFailures: [] });
    expect(await runMessagesOf(ada.id, { dispatch: false })).toHaveLength(1);
  });

  it('reports a record it could not send, keeps the automation unsent, and sends it on the retry', async () => {
    const { ada, item } = await storedStart();
    const record = recordOf(item);
    // SQS out of reach (nothing listens on the discard port): the send fails, as in an outage.
    const sqsEndpoint = process.env.SQS_ENDPOINT;
    setEnv({ SQS_ENDPOINT: 'http://127.0.0.1:9' });
    try {
      expect(await deliver([record])).toEqual({
        batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber }],
      });
    } finally {
      setEnv({ SQS_ENDPOINT: sqsEndpoint });
    }
    expect(await getItem(keys.automation(ada.id, item.id as string))).toMatchObject({
      gsi1pk: 'AUTOMATION-UNSENT',
    });
    expect(await runMessagesOf(ada.id, { dispatch: false })).toEqual([]);
    expect(await deliver([record])).toEqual({ batchItemFailures: [] });
    expect(await runMessagesOf(ada.id, { dispatch: false })).toHaveLength(1);
  });

  it('puts a recurring automation’s schedule with its first run message', async () => {
    const { ada, automation, item } = await storedStart({ interval: 'hourly' });
    expect(await schedulerPort().get(scheduleNameOf(automation.id))).toBeUndefined();
    expect(await deliver([recordOf(item)])).toEqual({ batchItemFailures: [] });
    expect(await schedulerPort().get(scheduleNameOf(automation.id))).toMatchObject({
      expression: 'rate(1 hour)',
      payload: { kind: 'trob-tick', automationId: automation.id, workspaceId: ada.id },
    });
    expect(await runMessagesOf(ada.id, { dispatch: false })).toHaveLength(1);
  });

  it('only takes off, without sending, an automation cancelled before its dispatch', async () => {
    const { ada, automation, item } = await storedStart({ interval: 'hourly' });
    const cancelled = await api.put(
      `/api/jobs/${automation.id}`,
      { status: 'cancelled' },
      { token: ada.accessToken },
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await deliver([recordOf(item)])).toEqual({ batchItemFailures: [] });
    expect(await runMessagesOf(ada.id, { dispatch: false })).toEqual([]);
    expect(await schedulerPort().get(scheduleNameOf(automation.id))).toBeUndefined();
    expect(await getItem(keys.automation(ada.id, automation.id))).not.toHaveProperty('gsi1pk');
  });

  it('passes over images that are not on the unsent index', async () => {
    const { ada, item } = await storedStart();
    const { gsi1pk: _, gsi1sk: __, ...notUnsent } = item;
    expect(await deliver([recordOf(notUnsent)])).toEqual({ batchItemFailures: [] });
    expect(await runMessagesOf(ada.id, { dispatch: false })).toEqual([]);
  });
});
