/**
 * What Ctrl-C does to a running local cloud (`npm start`, and the crash matrix's cloud process): the
 * first SIGINT, SIGTERM or SIGHUP runs `stop` (the cloud hands its running jobs over, then stops its
 * services, Java last) and exits; a second signal while it stops changes nothing.
 */
export function stopOnSignals(stop: () => Promise<void>, log: (line: string) => void): void {
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`\n${signal}: stopping the local cloud...`);
    await stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void onSignal(signal));
}
