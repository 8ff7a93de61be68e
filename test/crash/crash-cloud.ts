import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The crash matrix's side of a local cloud in a child process (cloud-process.ts): start it on a fixed
 * port and state folder (armed with a crash step, or with its clock moved on by a downtime), wait for the
 * crash hook to kill it, start it again on the same state, stop it as Ctrl-C does, and leave no process
 * of it behind. Each case has its own folder: state, the cloud's log, the list of processes it started.
 */
export interface CrashAt {
  step: 'intent' | 'taken' | 'performed' | 'verified' | 'leads-stored' | 'enrichment-read' | 'budget-wait';
  kind?: 'like' | 'comment' | 'invite' | 'message' | 'withdraw';
}

export interface StartOptions {
  crashAt?: CrashAt;
  /** Kill at the n-th time the step happens (1). */
  afterN?: number;
  /** The downtime the restarted cloud's clock has been off for (time-shift.ts). */
  shiftMs?: number;
}

export interface RunningCloud {
  url: string;
  env: Record<string, string>;
  pid: number;
  /** The clock shift this start runs with: its app clock is real time + shiftMs. */
  shiftMs: number;
  /** Real time (ms) when it answered READY. */
  readyAt: number;
}

const HERE = import.meta.dirname;
const REPO = resolve(HERE, '../..');
const hook = pathToFileURL(join(HERE, 'crash-hook.ts')).href;
const shift = pathToFileURL(join(HERE, 'time-shift.ts')).href;
const entry = join(HERE, 'cloud-process.ts');
const READY_MS = 180_000;
const STOP_MS = 90_000;

/** A port p with p+11..13 (the sandbox sites) free too, so stored profile URLs stay valid after a restart. */
async function freePortBase(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((done) => {
      const server = createServer();
      server.once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
    });
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const all = await Promise.all([0, 1, 11, 12, 13].map((offset) => free(base + offset)));
    if (all.every(Boolean)) return base;
  }
}

export class CrashCloud {
  readonly dir: string;
  readonly stateDir: string;
  readonly logFile: string;
  private readonly pidsFile: string;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private fired: string | undefined;
  /** Children stopped on purpose (Ctrl-C or a kill by the harness), whose exit is not a crash. */
  private readonly stopped = new WeakSet<ChildProcess>();
  current: RunningCloud | undefined;

  private constructor(
    readonly name: string,
    readonly port: number,
  ) {
    this.dir = mkdtempSync(join(tmpdir(), `trobly-crash-${name.replace(/\W+/g, '-')}-`));
    this.stateDir = join(this.dir, 'state');
    this.logFile = join(this.dir, 'cloud.log');
    this.pidsFile = join(this.dir, 'pids.txt');
  }

  static async create(name: string): Promise<CrashCloud> {
    return new CrashCloud(name, await freePortBase());
  }

  /** Starts the cloud and waits for READY. */
  async start(options: StartOptions = {}): Promise<RunningCloud> {
    if (this.child) throw new Error('The cloud of this case is running already');
    this.fired = undefined;
    const shiftMs = options.shiftMs ?? 0;
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['CRASH_AT', 'CRASH_AFTER_N', 'CRASH_TIME_SHIFT_MS', 'CHROMIUM_ENDPOINT'])
      delete env[name];
    for (const name of ['TEST_DYNAMODB_ENDPOINT', 'TEST_CHROMIUM_ENDPOINT']) delete env[name];
    Object.assign(env, {
      // No human spacing between the sandbox's actions, as the engine's integration tests run.
      PACING_SCALE: '0',
      SCRYPT_TEST_LOG_N: '10',
      LOG_LEVEL: process.env.CRASH_LOG_LEVEL ?? 'warn',
      CRASH_PIDS_FILE: this.pidsFile,
      ...(options.crashAt ? { CRASH_AT: JSON.stringify(options.crashAt) } : {}),
      ...(options.afterN ? { CRASH_AFTER_N: String(options.afterN) } : {}),
      ...(shiftMs ? { CRASH_TIME_SHIFT_MS: String(shiftMs) } : {}),
    });
    const preloads = [
      ...(options.crashAt ? ['--import', hook] : []),
      ...(shiftMs ? ['--import', shift] : []),
    ];
    appendFileSync(
      this.logFile,
      `\n===== start ${new Date().toISOString()} ${JSON.stringify({ ...options, port: this.port })}\n`,
    );
    // Its own process group, so a kill of the group takes DynamoDB Local's Java with it.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', ...preloads, entry, String(this.port), this.stateDir],
      { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    this.child = child;
    // 'close': the exit and the last output (the hook's line) both in.
    this.exited = new Promise((done) => child.once('close', () => done()));
    const ready = new Promise<RunningCloud>((done, fail) => {
      let buffered = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        appendFileSync(this.logFile, chunk);
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines)
          if (line.startsWith('READY ')) {
            const ready = JSON.parse(line.slice(6)) as Omit<RunningCloud, 'shiftMs' | 'readyAt'>;
            done({ ...ready, shiftMs, readyAt: Date.now() });
          }
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        appendFileSync(this.logFile, chunk);
        const line = String(chunk)
          .split('\n')
          .find((l) => l.startsWith('CRASH-HOOK fired'));
        if (line) this.fired = line;
      });
      child.once('exit', (code, signal) =>
        fail(
          new Error(`The local cloud exited before it was ready (${code ?? signal}): see ${this.logFile}`),
        ),
      );
      setTimeout(
        () => fail(new Error(`The local cloud was not ready in ${READY_MS / 1000} s`)),
        READY_MS,
      ).unref();
    });
    try {
      this.current = await ready;
    } catch (error) {
      await this.kill();
      throw error;
    }
    return this.current;
  }

  /**
   * Waits for the crash hook to kill the cloud: answers the hook's line and the real time of the kill. A
   * graceful stop and restart meanwhile (a case's preamble: days pass before the step) is not the crash.
   */
  async crashed(timeoutMs: number): Promise<{ line: string; at: number }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const child = this.child;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`The crash hook did not fire within ${timeoutMs / 1000} s (log: ${this.logFile})`);
      if (!child || this.stopped.has(child)) {
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      const timeout = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), left).unref());
      if ((await Promise.race([this.exited.then(() => 'exited' as const), timeout])) === 'timeout') continue;
      if (this.stopped.has(child)) continue;
      break;
    }
    const at = Date.now();
    this.child = undefined;
    const lingering = await this.reap();
    if (!this.fired) throw new Error(`The cloud died without the crash hook firing: see ${this.logFile}`);
    // Java and Chromium run in groups of their own: they must end with the cloud (issue 35), not linger.
    if (lingering.length)
      throw new Error(`The killed cloud left processes running (ended now): ${lingering.join(', ')}`);
    return { line: this.fired, at };
  }

  /** SIGKILL of the whole local cloud: its process group, then whatever it started in groups of their own. */
  async kill(): Promise<string[]> {
    const child = this.child;
    this.child = undefined;
    if (child) this.stopped.add(child);
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
      await this.exited;
    }
    return this.reap();
  }

  /**
   * Ctrl-C: SIGINT to the cloud's process group, as a terminal sends it to its foreground job; the cloud
   * stops as `npm start` does. SIGKILL if it hangs.
   */
  async stop(): Promise<{ graceful: boolean; lingering: string[] }> {
    const child = this.child;
    if (!child?.pid) return { graceful: true, lingering: [] };
    this.stopped.add(child);
    process.kill(-child.pid, 'SIGINT');
    const timeout = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), STOP_MS).unref());
    const graceful = (await Promise.race([this.exited.then(() => 'exited' as const), timeout])) === 'exited';
    this.child = undefined;
    if (!graceful) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
      await this.exited;
    }
    return { graceful, lingering: await this.reap() };
  }

  /**
   * Ends every process the cloud started that is still alive 5 s after it ended (and the process group
   * it leads: Chromium's helpers), found by the pids cloud-process.ts wrote down and checked by their
   * command line, so an unrelated process that reused a pid is never touched. Answers what it ended.
   */
  private async reap(): Promise<string[]> {
    if (!existsSync(this.pidsFile)) return [];
    // Java sees its stdin end and Chromium its pipe, then tear down (a JVM's heap takes a moment).
    for (let waited = 0; waited < 5_000 && this.survivors().length > 0; waited += 200)
      await new Promise((r) => setTimeout(r, 200));
    const ended: string[] = [];
    for (const { pid, program } of this.survivors()) {
      try {
        process.kill(pid, 'SIGKILL');
        ended.push(`${program} ${pid}`);
      } catch {
        // Ended meanwhile.
      }
    }
    if (ended.length) await new Promise((r) => setTimeout(r, 200));
    return ended;
  }

  /** The processes the cloud started (and their groups) still alive, zombies left out. */
  private survivors(): Array<{ pid: number; program: string }> {
    const started = readFileSync(this.pidsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [pid, command] = line.split('\t');
        return { pid: Number(pid), program: basename(command ?? '') };
      });
    const alive: Array<{ pid: number; program: string }> = [];
    for (const process_ of processes()) {
      if (process_.state === 'Z') continue;
      const ours = started.find(
        (s) => (s.pid === process_.pid || s.pid === process_.group) && process_.command.includes(s.program),
      );
      if (ours) alive.push({ pid: process_.pid, program: ours.program });
    }
    return alive;
  }

  /** Stops whatever still runs; removes the case's folder unless it is kept (a failed case's log). */
  async dispose(keep: boolean): Promise<void> {
    if (this.child) await this.stop();
    if (!keep && !process.env.CRASH_KEEP) rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Every process of this machine with its group and command line (Linux /proc). */
function processes(): Array<{ pid: number; group: number; state: string; command: string }> {
  const out: Array<{ pid: number; group: number; state: string; command: string }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing parenthesis.
      const [state = '', , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      out.push({ pid: Number(name), group: Number(group), state, command });
    } catch {
      // Ended while read.
    }
  }
  return out;
}
