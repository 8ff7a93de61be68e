import { STALLED_GRACE_MS } from '../../functions/engine/run-dispatch-service';
import { LEASE_EXTRA_MS } from '../../functions/engine/segment-outcomes';
import { type CloudState, readCloudState } from './cloud-state';
import { type CrashAt, CrashCloud, type RunningCloud } from './crash-cloud';
import { describeFindings, type Finding, healFindings } from './heal-checks';
import { CaseUser, until } from './user-steps';

/**
 * One case of the crash matrix: drive the product until the crash hook kills the whole local cloud, start
 * it again on the same state after a downtime, wait (bounded) until it has healed, and say how long that
 * took, or which check still fails and with what data.
 */
export interface CaseContext {
  cloud: CrashCloud;
  running: RunningCloud;
  user: CaseUser;
  /** Starts the cloud again (stopped gracefully first) with another crash step or clock: a case's preamble. */
  restartArmed(options: { crashAt?: CrashAt; shiftMs?: number }): Promise<void>;
}

export interface CrashCase {
  name: string;
  crashAt: CrashAt;
  afterN?: number;
  /** Drives the product up to the crash (the hook kills the cloud on the way). */
  drive(context: CaseContext): Promise<void>;
  /** The downtime before the restart, from the hook's line (default: past any job lease and the grace). */
  downtimeMs?(hookLine: string, killedAtApp: number): number;
}

export interface CaseResult {
  name: string;
  healed: boolean;
  realSeconds?: number;
  appSeconds?: number;
  failure?: string;
}

/** The run worker's invocation (300 s) and its lease's extra, then the sweep's grace, and a minute more. */
export const DOWNTIME_MS = 300_000 + LEASE_EXTRA_MS + STALLED_GRACE_MS + 60_000;
const DRIVE_MS = 240_000;
const HEAL_MS = Number(process.env.CRASH_HEAL_MS ?? 180_000);

export const results: CaseResult[] = [];

export async function runCase(crash: CrashCase): Promise<void> {
  const cloud = await CrashCloud.create(crash.name);
  let failed = true;
  console.log(`[crash] case ${crash.name}: state in ${cloud.dir}, port ${cloud.port}`);
  try {
    let running = await cloud.start({
      crashAt: crash.crashAt,
      ...(crash.afterN ? { afterN: crash.afterN } : {}),
    });
    const user = await CaseUser.create(running, cloud.stateDir);
    const context: CaseContext = {
      cloud,
      running,
      user,
      async restartArmed(options) {
        await cloud.stop();
        running = await cloud.start({ ...options, crashAt: options.crashAt ?? crash.crashAt });
        context.running = running;
        await user.signIn(running);
      },
    };
    let driveError: unknown;
    const driving = crash.drive(context).then(
      () => 'driven' as const,
      (error: unknown) => {
        driveError = error;
        return 'driven' as const;
      },
    );
    const crashed = cloud.crashed(DRIVE_MS);
    const first = await Promise.race([crashed, driving]);
    const kill =
      first === 'driven' && driveError === undefined ? await crashed : await raceKill(crashed, driveError);
    const killedAtApp = kill.at + context.running.shiftMs;
    console.log(`[crash] case ${crash.name}: ${kill.line}`);

    const downtime = crash.downtimeMs?.(kill.line, killedAtApp) ?? DOWNTIME_MS;
    const shiftMs = context.running.shiftMs + downtime;
    const restarted = await cloud.start({ shiftMs });
    await user.signIn(restarted);
    let findings: Finding[] = [];
    let last: CloudState | undefined;
    let atRestart: string | undefined;
    await until(
      `${crash.name} to heal`,
      async () => {
        last = await readCloudState(restarted, cloud.stateDir);
        findings = healFindings(last);
        // What the crash left, as the checks first see it: shows they had something to see.
        if (atRestart === undefined) {
          atRestart = findings.map((f) => `${f.check}: ${f.detail}`).join('; ') || 'nothing';
          console.log(`[crash] case ${crash.name}: at the restart: ${atRestart}`);
        }
        return findings.length === 0 ? true : undefined;
      },
      HEAL_MS,
      () => `${findings.length} checks fail, first: ${findings[0]?.check}: ${findings[0]?.detail}`,
    ).catch(() => undefined);
    const healedAt = Date.now();
    if (findings.length > 0) {
      results.push({ name: crash.name, healed: false, failure: findings.map((f) => f.check).join('; ') });
      throw new Error(
        `case ${crash.name} did not heal within ${HEAL_MS / 1000} s of the restart:\n${describeFindings(findings)}\n${ledgerTable(last)}`,
      );
    }
    const realSeconds = Math.round((healedAt - restarted.readyAt) / 1000);
    const appSeconds = Math.round((healedAt + restarted.shiftMs - killedAtApp) / 1000);
    results.push({ name: crash.name, healed: true, realSeconds, appSeconds });
    console.log(`case ${crash.name}: healed in ${realSeconds} s (app clock ${appSeconds} s)`);
    failed = false;
  } catch (error) {
    if (!results.some((r) => r.name === crash.name))
      results.push({
        name: crash.name,
        healed: false,
        failure: String((error as Error).message).split('\n')[0],
      });
    throw error;
  } finally {
    await cloud.dispose(failed);
    if (failed) console.log(`[crash] case ${crash.name}: kept ${cloud.dir} (cloud.log, state)`);
  }
}

/** The drive failed: if the hook fires anyway soon after (its calls died with the cloud), that is the crash. */
async function raceKill(
  crashed: Promise<{ line: string; at: number }>,
  driveError: unknown,
): Promise<{ line: string; at: number }> {
  const grace = new Promise<undefined>((done) => setTimeout(() => done(undefined), 5_000).unref());
  const kill = await Promise.race([crashed.catch(() => undefined), grace]);
  if (kill) return kill;
  throw new Error(
    `The case's steps failed before the crash: ${(driveError as Error)?.stack ?? String(driveError)}`,
  );
}

/** The ledger's writes and the automations, one line each, for a failure message. */
function ledgerTable(state: CloudState | undefined): string {
  if (!state) return '';
  const lines = state.items
    .filter(
      (i) => String(i.sk).startsWith('WRITE#') || String(i.sk).startsWith('AUTOMATION#') || i.type === 'job',
    )
    .map((i) =>
      String(i.sk).startsWith('WRITE#')
        ? `  write ${i.key} ${i.status} lease ${i.leaseUntil ?? '-'} flow ${i.flowId}`
        : `  ${i.type === 'job' ? 'job' : 'automation'} ${i.id} ${i.status} stage ${i.stage ?? '-'} wait ${i.waitUntil ?? '-'} lease ${i.leaseUntil ?? '-'} leads ${i.totalLeads ?? i.leadsAdded ?? '-'}`,
    );
  const p = state.platform;
  return `ledger and jobs (app clock ${new Date(state.appNow).toISOString()}):\n${lines.join('\n')}\nplatform: ${p.likes.length} likes, ${p.comments.length} comments, ${p.invitations.length} invitations (${p.invitations.filter((i) => i.withdrawnAt).length} withdrawn), ${p.messages.length} messages`;
}

export function printResults(): void {
  if (results.length === 0) return;
  const rows = results.map(
    (r) =>
      `| ${r.name.padEnd(28)} | ${r.healed ? 'healed' : 'FAILED'} | ${r.healed ? `${r.realSeconds} s`.padStart(7) : '      -'} | ${r.healed ? `${r.appSeconds} s`.padStart(9) : '        -'} | ${r.failure ?? ''}`,
  );
  console.log(
    [
      '',
      'Crash matrix (issue 35 point 5)',
      `| ${'case'.padEnd(28)} | result | real s  | app clock | failed checks`,
      `|${'-'.repeat(30)}|--------|---------|-----------|--------------`,
      ...rows,
    ].join('\n'),
  );
}
