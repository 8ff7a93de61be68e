import { setSandboxFailures } from '../../scripts/sandbox-platforms';
import { results } from './case-runner';
import { automations, currentJob, readCloudState, showJob } from './cloud-state';
import { CrashCloud } from './crash-cloud';
import { describeFindings, type Finding, healFindings } from './heal-checks';
import { CaseUser, FOLLOWERS, followersConfig, until } from './user-steps';

/**
 * Issue 35 point 3 as the matrix's Ctrl-C case: SIGINT to the cloud's process group (a graceful stop) in the middle of a
 * follower trob on a slowed sandbox, then a restart with no downtime faked. A graceful stop hands over
 * (checkpoint, lease released, continuation on the outbox), so the restarted cloud resumes the job
 * within 15 s and completes it, its counters equal to the leads stored.
 */
const RESUME_MS = 15_000;
const NAME = 'Ctrl-C mid follower trob';

export async function ctrlCCase(): Promise<void> {
  const cloud = await CrashCloud.create('sigterm');
  let failed = true;
  console.log(`[crash] case ${NAME}: state in ${cloud.dir}, port ${cloud.port}`);
  try {
    const first = await cloud.start();
    const user = await CaseUser.create(first, cloud.stateDir);
    // Slow answers (2 s each) and every follower (four pages): the run is under way, far from done, at the stop.
    await setSandboxFailures('linkedin', { slowMs: 2000 }, first.env.SANDBOX_LINKEDIN_URL);
    const id = await user.startTrob(FOLLOWERS, followersConfig(1000));
    const trob = async () =>
      (await readCloudState(first, cloud.stateDir)).items.find(
        (i) => i.id === id && String(i.sk).startsWith('AUTOMATION#'),
      );
    await until(
      'the trob to run',
      async () => ((await trob())?.status === 'running' ? true : undefined),
      60_000,
    );
    await new Promise((r) => setTimeout(r, 2000));
    const before = await trob();
    const beforeJob = currentJob((await readCloudState(first, cloud.stateDir)).items, before);
    // The case means a stop in the middle of the job: one already done says the sandbox is not slow enough.
    if (before?.status !== 'running')
      throw new Error(`The trob was not running at the stop: ${JSON.stringify(showJob(before ?? {}))}`);
    const stop = await cloud.stop();
    if (!stop.graceful) throw new Error('The local cloud did not stop within 90 s of Ctrl-C');
    if (stop.lingering.length)
      throw new Error(`The stopped cloud left processes running (ended now): ${stop.lingering.join(', ')}`);

    const restarted = await cloud.start();
    await user.signIn(restarted);
    const state = async () => readCloudState(restarted, cloud.stateDir);
    const automation = async () => automations((await state()).items).find((a) => a.id === id);
    const jobOfAutomation = async () => {
      const { items } = await state();
      return currentJob(
        items,
        automations(items).find((a) => a.id === id),
      );
    };
    const stopped = await automation();
    console.log(`[crash] ${NAME}: after the restart ${JSON.stringify(showJob(stopped ?? {}))}`);
    // Resumed: a new claim holds the job (a later segment, or a live lease of another worker's token).
    const resumed = await until(
      'the job to resume',
      async () => {
        const now = await automation();
        if (!now) return undefined;
        if (now.status === 'completed') return now;
        // The lease and the segment are the job's (its item).
        const job = await jobOfAutomation();
        const claimed =
          Number(job?.segment ?? 0) > Number(beforeJob?.segment ?? 0) ||
          (job?.leaseToken !== beforeJob?.leaseToken && Date.parse(String(job?.leaseUntil)) > Date.now());
        return claimed ? now : undefined;
      },
      RESUME_MS,
    ).catch(() => undefined);
    const resumedIn = Math.round((Date.now() - restarted.readyAt) / 1000);
    if (!resumed)
      throw new Error(
        `The job did not resume within ${RESUME_MS / 1000} s of the restart: ${JSON.stringify(showJob((await automation()) ?? {}))}`,
      );
    let findings: Finding[] = [];
    await until(
      'the job to complete with its counters equal to its leads',
      async () => {
        const now = await state();
        findings = healFindings(now);
        const done = automations(now.items).find((a) => a.id === id)?.status === 'completed';
        if (!done) findings.push({ check: 'the job completes', detail: 'not completed yet' });
        return findings.length === 0 ? true : undefined;
      },
      180_000,
      () => findings.map((f) => f.detail).join('; '),
    ).catch(() => undefined);
    if (findings.length > 0) throw new Error(`${NAME}: ${describeFindings(findings)}`);
    const healed = Math.round((Date.now() - restarted.readyAt) / 1000);
    results.push({ name: NAME, healed: true, realSeconds: healed, appSeconds: healed });
    console.log(`case ${NAME}: healed in ${healed} s (app clock ${healed} s); resumed in ${resumedIn} s`);
    failed = false;
  } catch (error) {
    results.push({ name: NAME, healed: false, failure: String((error as Error).message).split('\n')[0] });
    throw error;
  } finally {
    await cloud.dispose(failed);
  }
}
