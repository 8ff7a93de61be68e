import { STALLED_GRACE_MS } from '../../functions/engine/run-dispatch-service';
import {
  activitiesOf,
  automations,
  type CloudState,
  type Item,
  jobs,
  leadsOf,
  ledgerWrites,
  showJob,
  showWrite,
} from './cloud-state';

/**
 * What a local cloud healed from a crash holds (issue 35, "Must have" 5), each as a finding that names
 * the check and carries the data it saw:
 *  - every platform write exactly once, and recorded `done` in the ledger (and every `done` is there);
 *  - nothing `performing` or `taken` past its lease plus the sweep's grace;
 *  - every job finished, or waiting with a wake-up that is still to come (or within a sweep of it);
 *  - counters equal the stored items (a trob's leads; a flow's activities against its done writes).
 */
export interface Finding {
  check: string;
  detail: string;
  data?: unknown;
}

type Kind = 'like' | 'comment' | 'invite' | 'message' | 'withdraw';
const ACTIVITY_OF: Record<Kind, string> = {
  like: 'POST_LIKED',
  comment: 'POST_COMMENTED',
  invite: 'CONNECTION_SENT',
  message: 'MESSAGE_SENT',
  withdraw: 'CONNECTION_WITHDRAWN',
};
/** The flow's totals that count one done write of a kind each (functions/runs/flow-records.ts). */
const FLOW_TOTAL_OF: ReadonlyArray<readonly [string, Kind]> = [
  ['connectionRequests', 'invite'],
  ['messagesSent', 'message'],
];
/** The sweep runs every minute: a wake-up passed by less than its grace and one pass is not yet stranded. */
const SWEEP_MS = 60_000;
const FINISHED = ['completed', 'failed', 'cancelled', 'paused', 'active'];

/** The platform's writes, each as the ledger key that stands for it, with the accounts that did it. */
function platformWrites(
  platform: CloudState['platform'],
): Array<{ account: string; key: string; kind: Kind }> {
  return [
    ...platform.likes.map((l) => ({ account: l.accountId, key: `like:${l.postId}`, kind: 'like' as const })),
    ...platform.comments.map((c) => ({
      account: c.accountId,
      key: `comment:${c.postId}`,
      kind: 'comment' as const,
    })),
    ...platform.invitations.map((i) => ({
      account: i.accountId,
      key: `invite:${i.personId}`,
      kind: 'invite' as const,
    })),
    ...platform.messages.map((m) => ({
      account: m.accountId,
      key: `message:${m.personId}:1`,
      kind: 'message' as const,
    })),
    ...platform.invitations
      .filter((i) => i.withdrawnAt !== undefined)
      .map((i) => ({ account: i.accountId, key: `withdraw:${i.personId}`, kind: 'withdraw' as const })),
  ];
}

export function exactlyOnce(state: CloudState): Finding[] {
  const findings: Finding[] = [];
  const onPlatform = platformWrites(state.platform);
  const seen = new Map<string, number>();
  for (const w of onPlatform) seen.set(`${w.account} ${w.key}`, (seen.get(`${w.account} ${w.key}`) ?? 0) + 1);
  for (const [write, times] of seen)
    if (times > 1)
      findings.push({
        check: 'exactly once on the platform',
        detail: `${write} is on the platform ${times} times`,
      });
  const ledger = new Map(ledgerWrites(state.items).map((w) => [String(w.key), w]));
  for (const w of onPlatform) {
    const record = ledger.get(w.key);
    if (record?.status !== 'done')
      findings.push({
        check: 'every platform write recorded done',
        detail: `${w.key} is on the platform, the ledger has it ${record ? `'${record.status}'` : 'not at all'}`,
        data: record ? showWrite(record) : undefined,
      });
  }
  const keysOnPlatform = new Set(onPlatform.map((w) => w.key));
  for (const record of ledger.values())
    if (record.status === 'done' && !keysOnPlatform.has(String(record.key)))
      findings.push({
        check: 'every done write on the platform',
        detail: `${record.key} is done in the ledger, the platform does not have it`,
        data: showWrite(record),
      });
  return findings;
}

export function nothingInFlight(state: CloudState): Finding[] {
  return ledgerWrites(state.items)
    .filter((w) => w.status === 'performing' || w.status === 'taken')
    .filter((w) => !w.leaseUntil || Date.parse(String(w.leaseUntil)) + STALLED_GRACE_MS < state.appNow)
    .map((w) => ({
      check: 'nothing performing or taken past its lease plus grace',
      detail: `${w.key} is '${w.status}', lease until ${w.leaseUntil ?? '(none)'}, now ${new Date(state.appNow).toISOString()}`,
      data: showWrite(w),
    }));
}

/** A job that waits for a wake-up not yet passed by a grace and a sweep. */
const waits = (automation: Item | undefined, now: number): boolean =>
  automation?.status === 'running' &&
  typeof automation.waitUntil === 'string' &&
  Date.parse(automation.waitUntil) + STALLED_GRACE_MS + SWEEP_MS > now;

export function jobsSettled(state: CloudState): Finding[] {
  const findings: Finding[] = [];
  const byId = new Map(automations(state.items).map((a) => [String(a.id), a]));
  for (const automation of byId.values())
    if (!FINISHED.includes(String(automation.status)) && !waits(automation, state.appNow))
      findings.push({
        check: 'every job finished or waiting with a wake-up',
        detail: `automation ${automation.id} is '${automation.status}' (stage ${automation.stage}) without a wake-up to come`,
        data: showJob(automation),
      });
  for (const job of jobs(state.items)) {
    const automation = byId.get(String(job.automationId));
    const current = automation?.jobId === job.id;
    if (!FINISHED.includes(String(job.status)) && !(current && waits(automation, state.appNow)))
      findings.push({
        check: 'every job finished or waiting with a wake-up',
        detail: `job ${job.id} is '${job.status}'`,
        data: { job: showJob(job), automation: automation && showJob(automation) },
      });
  }
  return findings;
}

export function countersMatch(state: CloudState): Finding[] {
  const findings: Finding[] = [];
  for (const automation of automations(state.items)) {
    const id = String(automation.id);
    if (automation.kind === 'flow') {
      const activities = activitiesOf(state.items, id);
      for (const kind of Object.keys(ACTIVITY_OF) as Kind[]) {
        const done = ledgerWrites(state.items).filter(
          (w) => w.flowId === id && w.kind === kind && w.status === 'done',
        );
        const recorded = activities.filter((a) => a.type === ACTIVITY_OF[kind] && a.wasSuccessful === true);
        if (recorded.length !== done.length)
          findings.push({
            check: 'flow activities equal done writes',
            detail: `flow ${id}: ${recorded.length} ${ACTIVITY_OF[kind]} activities, ${done.length} '${kind}' writes done`,
            data: { done: done.map(showWrite), activities: recorded.map((a) => a.sk) },
          });
      }
      // The flow's totals (its page's counts) against the same done writes.
      for (const [total, kind] of FLOW_TOTAL_OF) {
        const done = ledgerWrites(state.items).filter(
          (w) => w.flowId === id && w.kind === kind && w.status === 'done',
        ).length;
        if (Number(automation[total] ?? 0) !== done)
          findings.push({
            check: 'flow totals equal done writes',
            detail: `flow ${id}: ${total} ${automation[total] ?? 0}, ${done} '${kind}' writes done`,
          });
      }
      continue;
    }
    const stored = leadsOf(state.items, id).length;
    const job = jobs(state.items).find((j) => j.id === automation.jobId);
    const report = (job?.report as { stored?: number } | undefined)?.stored;
    const ended = automation.status === 'completed';
    const wrong = [
      Number(automation.totalLeads ?? 0) !== stored ? `totalLeads ${automation.totalLeads}` : '',
      ended && report !== stored ? `the report's stored ${report}` : '',
      ended && job?.leadsAdded !== stored ? `the job's leadsAdded ${job?.leadsAdded}` : '',
    ].filter(Boolean);
    if (wrong.length)
      findings.push({
        check: 'trob counters equal stored leads',
        detail: `trob ${id}: ${stored} LEAD# items stored, ${wrong.join(', ')}`,
        data: { automation: showJob(automation), job: job && showJob(job) },
      });
  }
  return findings;
}

export function healFindings(state: CloudState): Finding[] {
  return [...exactlyOnce(state), ...nothingInFlight(state), ...jobsSettled(state), ...countersMatch(state)];
}

export const describeFindings = (findings: Finding[]): string =>
  findings
    .map((f) => `✗ ${f.check}: ${f.detail}${f.data ? `\n    ${JSON.stringify(f.data)}` : ''}`)
    .join('\n');
