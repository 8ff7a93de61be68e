import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '../../../shared/platforms';
import { dynamo, tableName } from '../../core/clients/dynamo';
import { isConditionalCheckFailure } from '../../core/dynamo-errors';
import type { Logger } from '../../core/logger';
import { queryByPrefix } from '../../core/query';
import { keys } from '../../core/table';
import { moveCondition } from './job-moves';

/**
 * Issue 11 point 9: a job the platform stopped (a challenge, an ended session) waits paused with its
 * cursor; when the user re-syncs that platform's session, it goes on the unsent index as the next
 * segment (the run dispatch sends it, run-dispatch-service.ts) and continues where it stopped. Its
 * leads are keyed by profile, so nothing is stored twice.
 */
export interface ResumeDeps {
  log: Logger;
  now: () => Date;
}

export type RunResumer = ReturnType<typeof createRunResumer>;

export function createRunResumer({ log, now }: ResumeDeps) {
  return { resumeAfterSync };

  async function resumeAfterSync(userId: string, platform: Platform): Promise<number> {
    const { pk, skPrefix } = keys.automationsPrefix(userId);
    const stopped: Array<{ id: string; runSegment?: number }> = [];
    for await (const a of queryByPrefix(pk, skPrefix, { consistent: true }))
      if (a.status === 'paused' && a.pausedFor === 'platform' && a.platform === platform)
        stopped.push(a as { id: string; runSegment?: number });
    let resumed = 0;
    // The engine's resume of a job the platform stopped (paused to pending), by the lifecycle.
    const resume = moveCondition('pending', 'engine');
    for (const automation of stopped) {
      const segment = (automation.runSegment ?? 0) + 1;
      const at = now().toISOString();
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.automation(userId, automation.id),
            UpdateExpression:
              'SET #status = :pending, message = :message, updatedAt = :at, queuedSegment = :segment, ' +
              'gsi2pk = :queue, gsi2sk = :sort, gsi1pk = :unsent, gsi1sk = :unsentSort ' +
              'REMOVE pausedFor, errorMessage',
            ConditionExpression: `${resume.expression} AND pausedFor = :platform`,
            ExpressionAttributeNames: resume.names,
            ExpressionAttributeValues: {
              ...resume.values,
              ':pending': 'pending',
              ':platform': 'platform',
              ':message': 'Resuming where it stopped',
              ':at': at,
              ':queue': keys.runQueue.waiting,
              ':sort': keys.runQueueSort(at, userId, automation.id),
              ':segment': segment,
              ':unsent': keys.unsentAutomations.pk,
              ':unsentSort': keys.unsentAutomationSort(at, userId, automation.id),
            },
          }),
        );
      } catch (error) {
        if (isConditionalCheckFailure(error)) continue;
        throw error;
      }
      resumed++;
    }
    if (resumed > 0) log.info('jobs resumed after a re-sync', { userId, platform, resumed });
    return resumed;
  }
}
