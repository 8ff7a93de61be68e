/**
 * A pause of a run (the governor's pace between two writes, up to 30 s on a real platform) that ends
 * early once its invocation has no time left: the local cloud stopping (Ctrl-C) ends an invocation's
 * time at once, and the run must checkpoint and hand over now, not after the pause (issue 35 point 3).
 */
export async function sleepWithinInvocation(
  ms: number,
  remainingMs: () => number,
  checkEveryMs = 100,
): Promise<void> {
  const end = Date.now() + ms;
  for (let left = ms; left > 0 && remainingMs() > 0; left = end - Date.now())
    await new Promise((resolve) => setTimeout(resolve, Math.min(checkEveryMs, left)));
}
