import { isConflictOnly } from './dynamo-errors';

/** A write that meets another write of its items at the same instant is tried this many times in all. */
const ATTEMPTS = 4;

/**
 * A transaction, tried again when it met another write of one of its items at the same instant (a job
 * segment's stage save beside its checkpoint, the dispatch's mark beside a claim, a user's move beside a
 * run, two API keys made at once on their workspace's count): two single-item writes would both have
 * gone through, so it must not fail for it. Any other error, a failed condition among them, is the
 * caller's.
 */
export async function retryingConflicts<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isConflictOnly(error) || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}
