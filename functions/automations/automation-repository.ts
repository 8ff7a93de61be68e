import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type Automation, NEW_JOB_PROGRESS } from '../../shared/automations';
import { dynamo, tableName } from '../core/clients/dynamo';
import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';
import type { StoredAutomation } from '../jobs/automation-item';
import { automationWithJob, currentJobOf, readLiveJob, withCurrentJobs } from '../jobs/job-state';

/**
 * Automations under their owner (access patterns 19-22 in core/table.ts), as the API reads them, each
 * with its current job's progress (functions/jobs/job-state.ts automationWithJob); their status and their
 * jobs' state are written by functions/jobs/ only. `publicAutomation` is the only
 * way out to a response and copies named fields, so the table's own attributes never leave.
 */
export type { StoredAutomation };

const PUBLIC_FIELDS = [
  'id',
  'jobId',
  'templateId',
  'displayName',
  'platform',
  'status',
  'config',
  'createdAt',
  'updatedAt',
  'progress',
  'stage',
  'message',
  'completedTasks',
  'totalTasks',
  'successTasks',
  'failedTasks',
  'startedAt',
  'completedAt',
  'errorMessage',
  'totalLeads',
  'hasData',
  'interval',
  'lastRunAt',
  'nextRunAt',
  'totalRuns',
  'successfulRuns',
  'enrichment',
  'report',
  'forecast',
] as const satisfies readonly (keyof Automation)[];

/** Fields older items may lack, answered with their empty value so the screens need no guards. */
const DEFAULTS: Partial<Automation> = { ...NEW_JOB_PROGRESS };

export function publicAutomation(stored: StoredAutomation): Automation {
  const out: Record<string, unknown> = {};
  for (const field of PUBLIC_FIELDS) {
    const value = stored[field] ?? DEFAULTS[field];
    if (value !== undefined && value !== null) out[field] = value;
  }
  return out as unknown as Automation;
}

/** A flow shares the automations' keys (functions/flows/ reads it): never an automation of this API. */
const isTrob = (item: Record<string, unknown>) => item.kind !== 'flow';

/**
 * Every automation (trob) of the user, newest first; flows are not among them unless asked for (the
 * account's deletion names every partition an automation item owns).
 */
export async function listAutomations(
  userId: string,
  options: { consistent?: boolean; includeFlows?: boolean } = {},
) {
  const { pk, skPrefix } = keys.automationsPrefix(userId);
  const out: StoredAutomation[] = [];
  for await (const item of queryByPrefix(pk, skPrefix, options))
    if (options.includeFlows || isTrob(item)) out.push(item as unknown as StoredAutomation);
  // Each shows its current job's progress, held on the job's item.
  return (await withCurrentJobs(out)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** One automation (trob) of the user; undefined for another's, a missing one or a flow. */
export async function findAutomation(userId: string, id: string): Promise<StoredAutomation | undefined> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.automation(userId, id), ConsistentRead: true }),
  );
  if (!out.Item || !isTrob(out.Item)) return undefined;
  const automation = out.Item as StoredAutomation;
  // It shows its current job's progress, held on the job's item.
  return automationWithJob(automation, await readLiveJob(userId, currentJobOf(automation)));
}
