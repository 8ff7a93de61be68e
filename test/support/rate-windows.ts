import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The rate limits count in fixed windows (functions/core/rate-limit.ts): a test that counts up to a limit
 * and one past it must run inside one window, or its counts split in two and the limit seems not to hold.
 * When the current window of `windowSeconds` ends within `neededSeconds`, this waits for the next one.
 */
export async function inOneWindow(windowSeconds: number, neededSeconds: number): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < neededSeconds) await sleep(Math.ceil((left + 0.5) * 1000));
}
