import { describe, expect, it } from 'vitest';
import { schedulerPort } from '../../functions/core/adapters/scheduler-adapter';
import { logger } from '../../functions/core/logger';
import { queuePort } from '../../functions/core/ports/queue';
import { keys } from '../../functions/core/table';
import {
  createRunDispatchService,
  type RunDispatchDeps,
  UNSENT_GRACE_MS,
} from '../../functions/engine/run-dispatch-service';
import { handler as dispatchUnsentExport } from '../../functions/workers/dispatch-unsent.task';
import { RUN_KINDS } from '../../functions/workers/run-kinds';
import { startRunDispatchRelay } from '../../scripts/local-cloud/run-dispatch-relay';
import {
  api,
  FOLLOWERS,
  listOf,
  runMessagesOf,
  startAutomationsSuite,
  started,
} from '../support/automations-suite';
import { asFunction, UNSENT_SWEEP_ENTRY } from '../support/functions';
import { setEnv } from '../support/integration-env';
import { getItem, itemsMentioning } from '../support/table-items';

const dispatchUnsentTask = asFunction('functions/workers/dispatch-unsent.task.ts', dispatchUnsentExport);

import { runAsFunction } from '../../scripts/local-cloud/function-runtime/runtime';
import { newUser } from '../support/users';

/**
 * The run dispatch: a start only stores the automation on the unsent index; the run dispatch sends its
 * message (in AWS fed by the table's stream, locally by the relay) and the timer's sweep is the net.
 */
startAutomationsSuite({ poolSize: 2 });

/** The sweep of the scheduled task, built with the test's ports and clock, run as the task's function. */
const dispatchUnsent = (deps: Omit<RunDispatchDeps, 'scheduler' | 'kinds'>) =>
  runAsFunction(UNSENT_SWEEP_ENTRY, () =>
    createRunDispatchService({ ...deps, scheduler: schedulerPort(), kinds: RUN_KINDS }).dispatchUnsent(),
  );

describe('a run message the queue did not take', () => {
  it('keeps the started automation and lets the sweep send it once, after the grace period', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const log = logger.child({ test: 'dispatch-unsent' });
    const queue = queuePort();
    const later = () => new Date(Date.now() + UNSENT_GRACE_MS + 1000);

    // The start answers without touching the queue: nothing is on it until a dispatch.
    const automation = await started(ada, { templateId: FOLLOWERS });
    expect(automation).toMatchObject({ status: 'pending', templateId: FOLLOWERS });
    expect(await runMessagesOf(ada.id, { dispatch: false })).toEqual([]);

    // SQS is out of reach (nothing listens on the discard port): the dispatch fails and the automation
    // keeps waiting.
    const sqsEndpoint = process.env.SQS_ENDPOINT;
    setEnv({ SQS_ENDPOINT: 'http://127.0.0.1:9' });
    try {
      expect(await dispatchUnsent({ log, queue, now: later })).toEqual({
        sent: 0,
        failed: 1,
        stalled: 0,
        woken: 0,
      });
    } finally {
      setEnv({ SQS_ENDPOINT: sqsEndpoint });
    }
    expect((await listOf(ada)).body.data.automations).toEqual([automation]);
    expect(await runMessagesOf(ada.id, { dispatch: false })).toEqual([]);
    const waiting = await getItem(keys.automation(ada.id, automation.id));
    expect(waiting).toMatchObject({ gsi1pk: 'AUTOMATION-UNSENT' });
    expect(waiting).not.toHaveProperty('queuedAt');

    // Within the grace period the stream's dispatch may still be under way: the sweep leaves it.
    expect(await dispatchUnsent({ log, queue, now: () => new Date() })).toEqual({
      sent: 0,
      failed: 0,
      stalled: 0,
      woken: 0,
    });
    expect(await runMessagesOf(ada.id, { dispatch: false })).toEqual([]);

    expect(await dispatchUnsent({ log, queue, now: later })).toEqual({
      sent: 1,
      failed: 0,
      stalled: 0,
      woken: 0,
    });
    expect(await runMessagesOf(ada.id, { dispatch: false })).toEqual([
      {
        kind: 'trob-run',
        jobId: automation.id,
        automationId: automation.id,
        workspaceId: ada.id,
        segment: 0,
      },
    ]);
    const sent = await getItem(keys.automation(ada.id, automation.id));
    expect(sent).not.toHaveProperty('gsi1pk');
    expect(sent).toMatchObject({ queuedAt: expect.any(String), status: 'pending' });

    expect(await dispatchUnsent({ log, queue, now: later })).toEqual({
      sent: 0,
      failed: 0,
      stalled: 0,
      woken: 0,
    });
    // The scheduled task is the same sweep on the real clock: nothing is left for it either.
    expect(await dispatchUnsentTask()).toEqual({ sent: 0, failed: 0, stalled: 0, woken: 0 });
    expect(await runMessagesOf(ada.id)).toHaveLength(1);
  });

  it('has the local cloud’s relay send a start’s message within moments (its pass is every 100 ms here), as the stream does in AWS', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const relay = startRunDispatchRelay({ intervalMs: 100 });
    try {
      const automation = await started(ada, { templateId: FOLLOWERS });
      const startedAt = Date.now();
      let messages = await runMessagesOf(ada.id, { dispatch: false });
      while (messages.length === 0 && Date.now() - startedAt < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        messages = await runMessagesOf(ada.id, { dispatch: false });
      }
      expect(Date.now() - startedAt).toBeLessThan(3000);
      expect(messages).toEqual([
        {
          kind: 'trob-run',
          jobId: automation.id,
          automationId: automation.id,
          workspaceId: ada.id,
          segment: 0,
        },
      ]);
    } finally {
      await relay.stop();
    }
  });

  it('forgets the automations of a deleted account, waiting ones included', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    await started(ada, { templateId: FOLLOWERS });
    const res = await api.delete(
      '/api/users/account',
      { password: ada.password },
      { token: ada.accessToken },
    );
    expect(res.status, res.text).toBe(200);
    // The job's item lives in a partition of its own, which the purge queue empties.
    const deadline = Date.now() + 20_000;
    while ((await itemsMentioning(ada.id)).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await itemsMentioning(ada.id)).toEqual([]);
    expect(
      await dispatchUnsent({
        log: logger,
        queue: queuePort(),
        now: () => new Date(Date.now() + UNSENT_GRACE_MS + 1000),
      }),
    ).toEqual({ sent: 0, failed: 0, stalled: 0, woken: 0 });
    expect(await runMessagesOf(ada.id, { dispatch: false })).toEqual([]);
  });
});
