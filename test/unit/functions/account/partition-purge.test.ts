import { describe, expect, it } from 'vitest';
import {
  LATE_PASS_DELAY_SECONDS,
  purgeFollowUp,
  purgeMessage,
  queueDisconnects,
  SOCKETS_PER_MESSAGE,
} from '../../../../functions/account/partition-purge';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `socket-${i}`);

describe('purge queue messages', () => {
  it('takes a deleted account’s own partitions and nothing else', () => {
    for (const partition of [
      'USER#u1#LEADS#a1',
      'USER#u1#SEEN#linkedin',
      'USER#u1#BUDGET#c1',
      'USER#u1#USAGE',
    ]) {
      expect(purgeMessage.safeParse({ kind: 'purge-partition', partition }).success, partition).toBe(true);
    }
    for (const partition of [
      'USER#u1',
      'USER#u1#SESSION#s1',
      'TEMPLATE#t1',
      'USER#u1#LEADS#a1#x',
      'xUSER#u1#USAGE',
    ]) {
      expect(purgeMessage.safeParse({ kind: 'purge-partition', partition }).success, partition).toBe(false);
    }
  });

  it(`takes between 1 and ${SOCKETS_PER_MESSAGE} socket ids to disconnect`, () => {
    const ok = (socketIds: string[]) =>
      purgeMessage.safeParse({ kind: 'disconnect-sockets', socketIds }).success;
    expect(ok(ids(1))).toBe(true);
    expect(ok(ids(SOCKETS_PER_MESSAGE))).toBe(true);
    expect(ok(ids(SOCKETS_PER_MESSAGE + 1))).toBe(false);
    expect(ok([])).toBe(false);
    expect(ok([''])).toBe(false);
    expect(ok(['x'.repeat(128)])).toBe(true);
    expect(ok(['x'.repeat(129)])).toBe(false);
  });

  it('purges the rest of a partition at once, an emptied one once more 15 minutes later, then stops', () => {
    const first = { kind: 'purge-partition' as const, partition: 'USER#u1#LEADS#a1' };
    expect(purgeFollowUp(first, false)).toEqual({ message: first, delaySeconds: 0 });
    expect(purgeFollowUp(first, true)).toEqual({
      message: { ...first, latePass: true },
      delaySeconds: LATE_PASS_DELAY_SECONDS,
    });
    expect(LATE_PASS_DELAY_SECONDS).toBe(900);
    const late = { ...first, latePass: true };
    // Something written after the first pass: the late pass goes on until the partition is empty.
    expect(purgeFollowUp(late, false)).toEqual({ message: late, delaySeconds: 0 });
    expect(purgeFollowUp(late, true)).toBeUndefined();
    expect(purgeMessage.safeParse(late).success).toBe(true);
    expect(purgeMessage.safeParse({ ...first, latePass: 'yes' }).success).toBe(false);
  });

  it('refuses a message of another kind', () => {
    expect(purgeMessage.safeParse({ kind: 'close-everything', socketIds: ['a'] }).success).toBe(false);
  });

  it('queues the disconnects in batches of at most the limit, and nothing for no socket', async () => {
    const sent: unknown[] = [];
    const queue = {
      send: async (_: string, message: unknown) => {
        sent.push(message);
        return { messageId: 'm' };
      },
    };
    await queueDisconnects(queue, []);
    expect(sent).toEqual([]);
    await queueDisconnects(queue, ids(SOCKETS_PER_MESSAGE * 2 + 1));
    expect(sent.map((m) => (m as { socketIds: string[] }).socketIds.length)).toEqual([
      SOCKETS_PER_MESSAGE,
      SOCKETS_PER_MESSAGE,
      1,
    ]);
    expect(sent.every((m) => purgeMessage.safeParse(m).success)).toBe(true);
  });
});
