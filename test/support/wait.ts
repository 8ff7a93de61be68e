/** Polls `check` every 25 ms until it holds; throws 'timed out' after `ms`. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** `promise`, or a 'timed out' rejection after `ms`. */
export function within<T>(promise: Promise<T>, ms = 5000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, fail) => setTimeout(() => fail(new Error('timed out')), ms)),
  ]);
}
