/**
 * One flow run followed through the code (`npm run -s journey`; issue 37's "done when"): from its
 * schedule's tick to the activity its invitation records, hop by hop, each hop a function in a file. The
 * script checks every hop against the code (the file defines the function, and the hop before calls it:
 * its file, or a file it imports, names it) and counts how often the journey changes folder and domain.
 * A hop that starts a new invocation (a queue message, a stream record) names how it arrives instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');

export interface Hop {
  file: string;
  name: string;
  /** How a new invocation arrives here; the hop before does not call it. */
  arrives?: 'schedule' | 'stream' | 'queue';
  /** Back in a caller after the hop before returned: the caller goes on with its next call. */
  back?: true;
}

const F = 'functions/';
export const JOURNEY: Hop[] = [
  // The flow's schedule fires: its tick starts the flow's next job.
  { file: `${F}workers/run.worker.ts`, name: 'processRecord', arrives: 'schedule' },
  { file: `${F}engine/run-service.ts`, name: 'tick' },
  { file: `${F}flows/run/flow-kind.ts`, name: 'tick' },
  { file: `${F}jobs/job-state/claim-repository.ts`, name: 'startScheduledJob' },
  // The table's stream hands the job, unsent, to the run dispatch.
  { file: `${F}workers/run-dispatcher.stream.ts`, name: 'processRecord', arrives: 'stream' },
  { file: `${F}engine/run-dispatch-service.ts`, name: 'dispatchImage' },
  { file: `${F}jobs/job-state/unsent-repository.ts`, name: 'stillUnsentOfImage' },
  { file: `${F}engine/run-dispatch-service.ts`, name: 'outgoing', back: true },
  { file: `${F}flows/run/flow-kind.ts`, name: 'outgoing' },
  { file: `${F}flows/run/flow-schedule.ts`, name: 'nextFlowSchedule' },
  { file: `${F}engine/run-dispatch-service.ts`, name: 'markQueued', back: true },
  { file: `${F}jobs/job-state/unsent-repository.ts`, name: 'markQueued' },
  // The run message: the worker claims the segment and runs it.
  { file: `${F}workers/run.worker.ts`, name: 'processRecord', arrives: 'queue' },
  { file: `${F}engine/run-service.ts`, name: 'run' },
  { file: `${F}jobs/job-state/claim-repository.ts`, name: 'claimSegment' },
  { file: `${F}engine/run-service.ts`, name: 'SegmentRunner', back: true },
  { file: `${F}engine/segment-runner.ts`, name: 'run' },
  { file: `${F}connections/platform-sessions.ts`, name: 'get' },
  { file: `${F}engine/segment-runner.ts`, name: 'setup', back: true },
  { file: `${F}flows/run/flow-kind.ts`, name: 'setup' },
  { file: `${F}flows/flow-drivers.ts`, name: 'flowDriverFor' },
  { file: `${F}engine/segment-runner.ts`, name: 'openPlatformPage', back: true },
  { file: `${F}platforms/browser.ts`, name: 'openPlatformPage' },
  { file: `${F}engine/segment-runner.ts`, name: 'kind.run', back: true },
  { file: `${F}flows/run/flow-kind.ts`, name: 'run' },
  { file: `${F}flows/run/plan-share.ts`, name: 'planShareOf' },
  { file: `${F}flows/day-plan-service.ts`, name: 'accountDayPlan' },
  { file: `${F}flows/run/flow-kind.ts`, name: 'flowRunHandler', back: true },
  // The connect stage: an invitation, written once.
  { file: `${F}flows/run/handlers/flow-run.ts`, name: 'connect' },
  { file: `${F}flows/flow-writes.ts`, name: 'invite' },
  { file: `${F}flows/write-once.ts`, name: 'writeOnce' },
  { file: `${F}flows/write-ledger-repository.ts`, name: 'moveWrite' },
  { file: `${F}flows/flow-writes.ts`, name: 'take', back: true },
  { file: `${F}safety/governor.ts`, name: 'take' },
  { file: `${F}flows/flow-writes.ts`, name: 'perform', back: true },
  { file: `${F}platforms/linkedin/flow-driver.ts`, name: 'invite' },
  { file: `${F}platforms/linkedin/flow-outreach.ts`, name: 'invite' },
  { file: `${F}flows/write-once.ts`, name: 'verify', back: true },
  { file: `${F}flows/flow-writes.ts`, name: 'recordOutcome', back: true },
  // The activity it records.
  { file: `${F}flows/flow-records.ts`, name: 'flowRecords' },
  { file: `${F}flows/activity-repository.ts`, name: 'recordActivity' },
];

const source = (file: string) => readFileSync(join(root, file), 'utf8');
const word = (name: string) => new RegExp(`\\b${name.split('.').at(-1)}\\b`);

/** The files a file imports (relative imports only), resolved as the build resolves them. */
function importsOf(file: string): string[] {
  return [...source(file).matchAll(/from '(\.[^']+)'/g)].flatMap(([, spec]) => {
    const base = join(dirname(file), spec as string);
    return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].filter((f) => existsSync(join(root, f)));
  });
}

/** Checks the journey against the code and counts its changes of folder and domain. */
export function journeyReport(journey: readonly Hop[] = JOURNEY) {
  const problems: string[] = [];
  for (const [i, hop] of journey.entries()) {
    if (!existsSync(join(root, hop.file))) {
      problems.push(`${hop.file}: no such file`);
      continue;
    }
    if (!word(hop.name).test(source(hop.file))) problems.push(`${hop.file}: no ${hop.name}`);
    const before = journey[i - 1];
    if (!before || hop.arrives || hop.back) continue;
    const callers = [before.file, ...importsOf(before.file)];
    if (!callers.some((file) => word(hop.name).test(source(file))))
      problems.push(`${before.file} -> ${hop.file}: neither it nor what it imports names ${hop.name}`);
  }
  const changes = (of: (file: string) => string) =>
    journey.slice(1).filter((hop, i) => of(hop.file) !== of((journey[i] as Hop).file)).length;
  return {
    hops: journey.length,
    folderChanges: changes((file) => dirname(file.slice(F.length))),
    domainChanges: changes((file) => file.slice(F.length).split('/')[0] as string),
    problems,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [i, hop] of JOURNEY.entries())
    console.log(
      `${String(i + 1).padStart(2)}. ${hop.arrives ? `[${hop.arrives}] ` : ''}${hop.back ? '(back) ' : ''}${hop.file} ${hop.name}`,
    );
  const report = journeyReport();
  console.log(`\nhops: ${report.hops}`);
  console.log(`folder changes: ${report.folderChanges}`);
  console.log(`domain changes: ${report.domainChanges}`);
  if (report.problems.length) {
    console.error(`\nthe journey does not match the code:\n  ${report.problems.join('\n  ')}`);
    process.exit(1);
  }
}
