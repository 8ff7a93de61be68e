/**
 * The local stand-in for the table stream that feeds the run dispatcher in AWS
 * (functions/workers/run-dispatcher.stream.ts): every `intervalMs` it hands whatever is on the unsent
 * index to the same run dispatch, with no grace, so a start's message reaches the queue within a
 * fraction of a second as the stream's does. A pass never overlaps the previous one; a failure is logged
 * and the next pass tries again (the automation stays unsent until sent).
 */
export function startRunDispatchRelay(
  options: { intervalMs?: number; log?: (message: string, error?: unknown) => void } = {},
): { stop(): Promise<void> } {
  const log = options.log ?? ((message, error) => console.error(`[local-cloud] ${message}`, error ?? ''));
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        // Loaded on first use: the dispatch's wiring reads the environment the local cloud has set by now.
        const { runDispatch } = await import('../../functions/automations/run-dispatch-deps');
        await runDispatch.dispatchUnsent({ graceMs: 0 });
      } catch (error) {
        log('run dispatch relay failed', error);
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(pass, options.intervalMs ?? 250);
  timer.unref();
  pass();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
