import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '../../../shared/platforms';
import { dynamo, tableName } from '../../core/clients/dynamo';
import { retryingConflicts } from '../../core/conflicts';
import { cancellationCodes } from '../../core/dynamo-errors';
import type { Logger } from '../../core/logger';
import { queryByPrefix } from '../../core/query';
import { keys } from '../../core/table';
import type { StoredAutomation } from '../automation-item';
import { moveCondition } from './job-moves';
import { currentJobOf, jobIdentity, readLiveJob } from './live-job-repository';

const RESUMING = 'Resuming where it stopped';

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
    const stopped: StoredAutomation[] = [];
    for await (const a of queryByPrefix(pk, skPrefix, { consistent: true }))
      if (a.status === 'paused' && a.pausedFor === 'platform' && a.platform === platform)
        stopped.push(a as unknown as StoredAutomation);
    let resumed = 0;
    // The engine's resume of a job the platform stopped (paused to pending), by the lifecycle.
    const resume = moveCondition('pending', 'engine');
    for (const automation of stopped) {
      const job = currentJobOf(automation);
      const identity = jobIdentity(userId, automation.id, job);
      // The segment after the one the platform stopped: no older message can claim the job.
      const segment = ((await readLiveJob(userId, job)).segment ?? -1) + 1;
      const at = now().toISOString();
      try {
        await retryingConflicts(() =>
          dynamo().send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Update: {
                    TableName: tableName(),
                    Key: keys.automation(userId, automation.id),
                    UpdateExpression:
                      'SET #status = :pending, message = :message, updatedAt = :at, queuedSegment = :segment, ' +
                      'gsi2pk = :queue, gsi2sk = :sort, gsi1pk = :unsent, gsi1sk = :unsentSort ' +
                      'REMOVE pausedFor, errorMessage',
                    ConditionExpression: `${resume.expression} AND pausedFor = :platform AND jobId = :jobId`,
                    ExpressionAttributeNames: resume.names,
                    ExpressionAttributeValues: {
                      ...resume.values,
                      ':pending': 'pending',
                      ':platform': 'platform',
                      ':message': RESUMING,
                      ':at': at,
                      ':queue': keys.runQueue.waiting,
                      ':sort': keys.runQueueSort(at, userId, automation.id),
                      ':segment': segment,
                      ':jobId': job.id,
                      ':unsent': keys.unsentAutomations.pk,
                      ':unsentSort': keys.unsentAutomationSort(at, userId, automation.id),
                    },
                  },
                },
                {
                  Update: {
                    TableName: tableName(),
                    Key: keys.job(userId, job.createdAt, job.id),
                    UpdateExpression: `SET #status = :pending, message = :message, updatedAt = :at, ${identity.sets.join(', ')} REMOVE errorMessage`,
                    ExpressionAttributeNames: { '#status': 'status', ...identity.names },
                    ExpressionAttributeValues: {
                      ':pending': 'pending',
                      ':message': RESUMING,
                      ':at': at,
                      ...identity.values,
                    },
                  },
                },
              ],
            }),
          ),
        );
      } catch (error) {
        // No longer paused by the platform (a user's move, another re-sync): nothing to resume.
        if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) continue;
        throw error;
      }
      resumed++;
    }
    if (resumed > 0) log.info('jobs resumed after a re-sync', { userId, platform, resumed });
    return resumed;
  }
}
