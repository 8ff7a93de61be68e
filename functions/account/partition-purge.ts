import * as z from 'zod/mini';
import type { QueuePort } from '../core/ports/queue';
import { MAX_DELAY_SECONDS } from '../core/queues';
import { keys } from '../core/table';
import { deletePartitionKeys } from './partition-purge-repository';

/**
 * The partitions an account owns beside its main one (core/table.ts patterns 25-29: an automation's
 * leads, the profiles seen per platform, a connection's budget counters, the monthly usage; 31: the jobs) are emptied
 * by the purge queue: one message per partition, each deleting a bounded number of keys and handing
 * the rest to a new message, so no request and no invocation runs out of time on a large dataset.
 */
export const PURGE_KEYS_PER_MESSAGE = 2000;

/** Only these partitions may be purged: never a user's main partition or another kind. */
const PURGEABLE =
  /^USER#[^#]+#(LEADS#[^#]+|SEEN#[a-z]+|BUDGET#[^#]+|LEDGER#[^#]+|PROSPECTS#[^#]+|USAGE|JOBS)$/;

/**
 * An emptied partition is purged once more this much later. A job's worker may still be writing when
 * the account goes: its lead writes no longer check the automation item (the lead count is on shards
 * of the leads partition, so two batches can be stored at once), and its budget and usage counters
 * never did. A worker notices at its next checkpoint, and no invocation outlives Lambda's 15 minutes,
 * which is SQS's longest delay.
 */
export const LATE_PASS_DELAY_SECONDS = MAX_DELAY_SECONDS;

/** Sockets are disconnected in batches of at most this many per message. */
export const SOCKETS_PER_MESSAGE = 100;

export const purgeMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('purge-partition'),
    partition: z.string().check(z.maxLength(300), z.regex(PURGEABLE, 'not a purgeable partition')),
    /** The late pass (see LATE_PASS_DELAY_SECONDS): it does not queue another. */
    latePass: z.optional(z.boolean()),
  }),
  /**
   * A deleted account's sockets, whose records the deletion already removed: only the network close is
   * left, done by the worker (the route carries no management API client).
   */
  z.object({
    kind: z.literal('disconnect-sockets'),
    socketIds: z
      .array(z.string().check(z.minLength(1), z.maxLength(128)))
      .check(z.minLength(1), z.maxLength(SOCKETS_PER_MESSAGE)),
  }),
]);
export type PurgeMessage = z.infer<typeof purgeMessage>;

/** Every partition of the user's own beside the main one, from what the main partition still names. */
export function ownedPartitions(
  userId: string,
  owned: {
    automationIds: readonly string[];
    flowIds?: readonly string[];
    connectionIds: readonly string[];
    platforms: readonly string[];
  },
): string[] {
  return [
    ...owned.automationIds.map((id) => keys.automationLeadsPartition(userId, id)),
    ...(owned.flowIds ?? []).map((id) => keys.prospectsPartition(userId, id)),
    ...owned.connectionIds.map((id) => keys.budgetPartition(userId, id)),
    ...owned.connectionIds.map((id) => keys.ledgerPartition(userId, id)),
    ...owned.platforms.map((platform) => keys.seenProfilesPartition(userId, platform)),
    keys.usagePartition(userId),
    keys.jobsPartition(userId),
  ];
}

export async function queuePurges(
  queue: Pick<QueuePort, 'send'>,
  partitions: readonly string[],
): Promise<void> {
  for (const partition of partitions) {
    const message: PurgeMessage = { kind: 'purge-partition', partition };
    await queue.send('purge', message);
  }
}

/**
 * What follows a purge message: the rest of a partition not yet empty, at once; an emptied one's late
 * pass; nothing after the late pass has emptied it.
 */
export function purgeFollowUp(
  message: Extract<PurgeMessage, { kind: 'purge-partition' }>,
  empty: boolean,
): { message: PurgeMessage; delaySeconds: number } | undefined {
  if (!empty) return { message, delaySeconds: 0 };
  if (message.latePass) return undefined;
  return { message: { ...message, latePass: true }, delaySeconds: LATE_PASS_DELAY_SECONDS };
}

/** Queues the disconnect of sockets whose records are gone, in batches. */
export async function queueDisconnects(
  queue: Pick<QueuePort, 'send'>,
  socketIds: readonly string[],
): Promise<void> {
  for (let i = 0; i < socketIds.length; i += SOCKETS_PER_MESSAGE) {
    const message: PurgeMessage = {
      kind: 'disconnect-sockets',
      socketIds: socketIds.slice(i, i + SOCKETS_PER_MESSAGE),
    };
    await queue.send('purge', message);
  }
}

/** Deletes up to PURGE_KEYS_PER_MESSAGE keys of the partition; true when it is empty now. */
export function purgeSome(partition: string): Promise<boolean> {
  return deletePartitionKeys(partition, PURGE_KEYS_PER_MESSAGE);
}
