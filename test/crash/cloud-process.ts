/**
 * The local cloud in a process of its own (the crash matrix's child): what `npm start` runs, on a fixed
 * port and state folder, so the matrix can kill it as a machine dies and start it again on the same state.
 *
 *   node --import tsx [--import crash-hook.ts] [--import time-shift.ts] cloud-process.ts <port> <stateDir>
 *
 * Prints one line `READY {url, env, pid}` once it serves, and on SIGINT (Ctrl-C), SIGTERM or SIGHUP
 * stops as `npm start` does (stop-on-signals.ts). Its log lines go to stdout.
 */

import childProcess from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const port = Number(process.argv[2] ?? process.env.CRASH_CLOUD_PORT);
const stateDir = process.argv[3] ?? process.env.CRASH_CLOUD_STATE_DIR;
if (!Number.isInteger(port) || port <= 0 || !stateDir) {
  console.error('usage: cloud-process.ts <port> <stateDir>');
  process.exit(2);
}

/**
 * Every process this one starts (DynamoDB Local's Java, the runs' Chromium) is written down with its
 * command before it runs. Both run in process groups of their own (so a Ctrl-C reaches the cloud, not
 * them) and must end with the cloud however it ends: the parent reads this list to check that nothing a
 * killed cloud started is left running.
 * Recorded through the spawn every caller uses (the functions' process.env is scoped per function, so
 * an environment marker would not reach a Chromium started inside a run).
 */
const pidsFile = process.env.CRASH_PIDS_FILE;
if (pidsFile) {
  const spawn = childProcess.spawn;
  childProcess.spawn = ((...args: Parameters<typeof spawn>) => {
    const child = spawn(...args);
    if (child.pid) appendFileSync(pidsFile, `${child.pid}\t${String(args[0])}\n`);
    return child;
  }) as typeof spawn;
  syncBuiltinESMExports();
}

const { startLocalCloud } = await import('../../scripts/local-cloud');
const { stopOnSignals } = await import('../../scripts/local-cloud/stop-on-signals');
const cloud = await startLocalCloud({
  port,
  stateDir,
  persist: true,
  log: (line) => process.stdout.write(`${line}\n`),
});
process.stdout.write(`READY ${JSON.stringify({ url: cloud.url, env: cloud.env, pid: process.pid })}\n`);

// As `npm start` stops (scripts/start.ts): the jobs hand over, then the services stop.
stopOnSignals(
  async () => {
    await cloud.stop();
    process.stdout.write('STOPPED\n');
  },
  (line) => process.stdout.write(`${line}\n`),
);
