import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localProspectAi } from '../../functions/ai/local/local-prospect-ai';
import { resetProspectAi } from '../../functions/ai/prospect-ai-adapter';
import { seedCatalogue } from '../../functions/catalog/seed';
import { connections } from '../../functions/connections/connection-deps';
import { localSchedulesTable } from '../../functions/core/adapters/local-scheduler';
import type { AuthUser } from '../../functions/core/auth';
import { dynamo } from '../../functions/core/clients/dynamo';
import { createLogger } from '../../functions/core/logger';
import type { ProspectAi } from '../../functions/core/ports/ai';
import { queues } from '../../functions/core/queues';
import { serverFlowConfig } from '../../functions/flows/flow-config';
import { flows } from '../../functions/flows/flow-deps';
import { findFlow } from '../../functions/flows/flow-repository';
import { flowStarts } from '../../functions/flows/flow-start-deps';
import { flowKind } from '../../functions/flows/run/flow-kind';
import { findFlowTemplate } from '../../functions/flows/templates/registry';
import { currentJobOf, markQueued, readLiveJob } from '../../functions/jobs/job-state';
import { closeSharedBrowser } from '../../functions/platforms/browser';
import { BUDGETS } from '../../functions/safety/budgets';
import { runContext, runs } from '../../functions/workers/run-deps';
import type { JobStage } from '../../shared/automations-values';
import type { FlowProspectTracking } from '../../shared/flow-api';
import { ensureTables, startLocalDynamo } from '../local-cloud/dynamodb';
import { runAs, runAsFunction, stackFunction } from '../local-cloud/function-runtime/runtime';
import { lambdaContext } from '../local-cloud/lambda-runtime';
import { startSandboxPlatforms } from '../sandbox-platforms';
import { benchGovernorFor } from './bench-governor';
import { createBenchUser, pointAtBenchStore } from './bench-store';

/**
 * `npm run bench -- flows`: issue 20's figures of a flow's run, printed, not asserted by a test.
 * One flow (the AI prospecting template, 15 prospects a run) on the sandbox LinkedIn at zero pacing,
 * run by the worker's own wiring (runs: the segment runner, flow-run.ts, real Chromium, DynamoDB
 * Local) in this process: the time of each stage (the job's stored stage history) and in total, the
 * local AI's scoring and writing time per prospect, and DynamoDB requests per prospect. Then a second
 * run three simulated days later (the sandbox's clock), when invitations were answered: follow-up.
 */
const TEMPLATE = 'linkedin-ai-prospecting-flow';
const PROSPECTS_PER_RUN = 15;
const DAYS_LATER = 3;
/**
 * The pinned sandbox world has 7 people who match the template's targeting; 3,000 followers of the owner
 * add generated people, 37 of whom match: enough for 15 new prospects in each of the two runs.
 */
const SANDBOX_SIZE = { followers: 3000 };
const WORKER_TIMEOUT_MS = queues['flow-runs'].consumerTimeoutSeconds * 1000;
const COUNTER = 'benchFlowsRequests';
/** The sandbox's connect route runs as the extension's sync (functions/routes.ts runsAs). */
const SANDBOX_CONNECT_ENTRY = 'functions/connections/sync-platform.handler.ts';
const CREATE_FLOW_ENTRY = 'functions/flows/create-flow.handler.ts';
const EXECUTE_FLOW_ENTRY = 'functions/flows/execute-flow.handler.ts';
const RUN_WORKER_ENTRY = 'functions/workers/run.worker.ts';

/** Every LinkedIn budget without its daily and weekly cap, so neither run stops at one (the bench times work). */
const LIFTED_BUDGETS = Object.fromEntries(
  Object.entries(BUDGETS.linkedin).map(([action, budget]) => [
    action,
    { ...budget, daily: 1_000_000, weekly: 1_000_000 },
  ]),
) as typeof BUDGETS.linkedin;

type AiCall = keyof ProspectAi;
const AI_CALLS: readonly AiCall[] = ['scoreProspect', 'writeConnectionNote', 'writeComment', 'writeMessage'];
/** Before the job's first stage (the claim) and after its last ('completed': the job's end). */
const OUTSIDE = 'outside the stages';

interface RunFigures {
  outcome: string;
  ms: number;
  /** Time and DynamoDB requests by stage, in the order the job entered them (the stored stage history). */
  stages: Map<string, { ms: number; requests: number }>;
  ai: Record<AiCall, number[]>;
  totals: FlowProspectTracking;
}

/** The run's own log lines would fall between the figures. */
const quiet = createLogger({}, { level: 'silent' });
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** A run's time and requests by the stage history's intervals; what falls outside them is OUTSIDE. */
function byStage(
  history: readonly JobStage[],
  ms: number,
  requestTimes: readonly number[],
): RunFigures['stages'] {
  const marks = history.map((s) => ({ stage: s.stage, at: Date.parse(s.at) }));
  const stages: RunFigures['stages'] = new Map();
  const entry = (stage: string) => {
    const found = stages.get(stage) ?? { ms: 0, requests: 0 };
    stages.set(stage, found);
    return found;
  };
  marks.slice(0, -1).forEach((mark, i) => {
    entry(mark.stage).ms += marks[i + 1]!.at - mark.at;
  });
  const inStages = marks.length > 1 ? marks.at(-1)!.at - marks[0]!.at : 0;
  entry(OUTSIDE).ms = ms - inStages;
  for (const at of requestTimes) {
    const i = marks.findLastIndex((mark) => mark.at <= at);
    entry(i < 0 || i === marks.length - 1 ? OUTSIDE : marks[i]!.stage).requests++;
  }
  return stages;
}

/** Prints the figures; a flow's run has no target to miss. */
export async function benchFlows(): Promise<void> {
  const stateDir = mkdtempSync(join(tmpdir(), 'trobly-bench-flows-'));
  const db = await startLocalDynamo();
  const sandbox = await startSandboxPlatforms({ size: SANDBOX_SIZE });
  const originals = { ...localProspectAi };
  try {
    const tableName = `bench-flows-${randomUUID().slice(0, 8)}`;
    await ensureTables(db.client, tableName, localSchedulesTable(tableName));
    pointAtBenchStore({
      tableName,
      dynamoEndpoint: db.endpoint,
      stateDir,
      sandboxEnv: sandbox.env,
      extra: { AI_PROVIDER: 'local' },
    });
    resetProspectAi();
    await seedCatalogue();

    // A PLUS user who connected the sandbox LinkedIn (its Premium owner) and started the flow, through the
    // services of POST /api/users/platforms/sandbox and POST /api/flows.
    const id = await createBenchUser('flows');
    const user: AuthUser = {
      id,
      sessionId: 'bench',
      emailVerified: true,
      sessionKind: 'web',
      signedInAt: new Date().toISOString(),
      workspaceId: id,
      workspaceAccess: 'owner',
    };
    // Each step as the function of the stacks that serves it: its environment and rights, nothing more.
    await runAsFunction(SANDBOX_CONNECT_ENTRY, () => connections.connectSandbox(user, 'linkedin'));
    const template = findFlowTemplate(TEMPLATE)!;
    const config = structuredClone(template.defaultConfig);
    config.executionSettings = { ...config.executionSettings!, prospectsPerRun: PROSPECTS_PER_RUN };
    const created = await runAsFunction(CREATE_FLOW_ENTRY, () =>
      flowStarts.create(user, {
        templateId: TEMPLATE,
        config: serverFlowConfig.parse(config),
      }),
    );
    const workerFunction = await stackFunction(RUN_WORKER_ENTRY);

    // The local adapter is the object prospectAi() answers for AI_PROVIDER=local: its calls are timed in place.
    const ai = Object.fromEntries(AI_CALLS.map((call) => [call, [] as number[]])) as RunFigures['ai'];
    for (const call of AI_CALLS) {
      const original = originals[call] as (request: unknown) => Promise<unknown>;
      (localProspectAi as unknown as Record<AiCall, (request: unknown) => Promise<unknown>>)[call] = async (
        request,
      ) => {
        const started = performance.now();
        try {
          return await original(request);
        } finally {
          ai[call].push(performance.now() - started);
        }
      };
    }
    const requestTimes: number[] = [];
    // The worker function's own client (each function has its own on the local cloud).
    (await runAs(workerFunction, () => dynamo())).middlewareStack.add(
      (next) => (args) => {
        requestTimes.push(Date.now());
        return next(args);
      },
      { step: 'initialize', name: COUNTER },
    );

    /** Runs the flow's queued job to its end as the worker would, at zero pacing. */
    const runJob = async (): Promise<RunFigures> => {
      const queued = (await findFlow(user.id, created.id))!;
      await markQueued(user.id, queued.id, new Date().toISOString());
      for (const list of Object.values(ai)) list.length = 0;
      requestTimes.length = 0;
      const base = runContext(quiet, lambdaContext('workers/run', WORKER_TIMEOUT_MS), 1);
      const started = performance.now();
      const outcome = await runAs(workerFunction, () =>
        runs.run(
          flowKind.outgoing({ ...queued, workspaceId: queued.userId, unsentSort: '' }, new Date()).message,
          {
            ...base,
            governorFor: benchGovernorFor(0, LIFTED_BUDGETS),
          },
        ),
      );
      const ms = performance.now() - started;
      const sent = [...requestTimes];
      const ran = (await findFlow(user.id, created.id))!;
      const stages = byStage((await readLiveJob(user.id, currentJobOf(ran))).stages ?? [], ms, sent);
      const totals = (await flows.get(user, created.id)).state.prospectTracking;
      return { outcome, ms, stages, ai: structuredClone(ai), totals };
    };

    console.log(
      `\nFlow runs on the sandbox LinkedIn (its owner with ${SANDBOX_SIZE.followers.toLocaleString('en-US')} followers): ${TEMPLATE} (its default targeting), ${PROSPECTS_PER_RUN} prospects a run, pacing 0, the local AI\n`,
    );
    console.log(
      '- The worker\'s own wiring (runs.run: the segment runner, flow-run.ts, real Chromium) in this process, DynamoDB Local for DynamoDB; the flow is started by the services behind POST /api/flows and its "execute now".',
    );
    console.log(
      `- Every daily and weekly LinkedIn budget is lifted so that no stage ends early (the defaults allow ${BUDGETS.linkedin.comments.daily} comments and ${BUDGETS.linkedin.invitations.daily} invitations a day).`,
    );
    console.log(
      '- AI time: the local adapter (functions/ai/local/local-prospect-ai.ts) timed in place, each call during the runs.',
    );
    console.log(
      `- Run 2 starts ${DAYS_LATER} simulated days later (the sandbox's clock), when some invitations of run 1 were answered: its follow-up stage reads them and messages who accepted.\n`,
    );

    try {
      const first = await runJob();
      sandbox.advanceClock(DAYS_LATER * 24 * 3600_000);
      await runAsFunction(EXECUTE_FLOW_ENTRY, () => flows.execute(user, created.id));
      report([first, await runJob()]);
    } finally {
      dynamo().middlewareStack.remove(COUNTER);
    }
  } finally {
    Object.assign(localProspectAi, originals);
    await closeSharedBrowser();
    await sandbox.stop();
    await db.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

function report(runs: readonly RunFigures[]): void {
  const names = runs.map((_, i) => `run ${i + 1}`);
  const stageNames = [...new Set(runs.flatMap((r) => [...r.stages.keys()]))];
  console.log(
    'Time per stage (the job\'s stored stage history; "starting" opens the platform page) and the DynamoDB requests sent in it\n',
  );
  console.table(
    [...stageNames, 'whole run'].map((name) => {
      const row: Record<string, string> = { stage: name };
      runs.forEach((run, i) => {
        const figures =
          name === 'whole run'
            ? { ms: run.ms, requests: sum([...run.stages.values()].map((s) => s.requests)) }
            : run.stages.get(name);
        row[`${names[i]}: time`] = figures ? secs(figures.ms) : '';
        row[`${names[i]}: DynamoDB`] = figures ? String(figures.requests) : '';
      });
      return row;
    }),
  );
  console.log(
    `"${OUTSIDE}": the claim before "starting", and the job's end after "completed" (its checkpoint, the job's item, the next run's time). ` +
      "A stage starts when the handler first reports it (a stage's first reads of the ledger count in the stage before).\n",
  );

  console.log('Each run\n');
  console.table(
    runs.map((run, i) => {
      const t = run.totals;
      const found = t.totalProspectsFound - (runs[i - 1]?.totals.totalProspectsFound ?? 0);
      const requests = sum([...run.stages.values()].map((s) => s.requests));
      const writing = sum([...run.ai.writeConnectionNote, ...run.ai.writeComment, ...run.ai.writeMessage]);
      return {
        run: names[i],
        outcome: run.outcome,
        'whole run': secs(run.ms),
        'prospects found': found,
        'per prospect': found ? secs(run.ms / found) : '',
        'DynamoDB requests': requests,
        'DynamoDB per prospect': found ? (requests / found).toFixed(1) : '',
        'AI scoring per prospect': found ? `${(sum(run.ai.scoreProspect) / found).toFixed(3)} ms` : '',
        'AI writing per prospect': found ? `${(writing / found).toFixed(3)} ms` : '',
        'the flow after it': `${t.totalProspectsFound} found, ${t.totalEngagements} engaged, ${t.totalConnectionRequests} invited, ${t.connectionsAccepted} accepted, ${t.connectionsDeclined} declined, ${t.messagesSent} messaged`,
      };
    }),
  );
  console.log(
    '\nThe local AI, each call (the writing per prospect above is its notes, comments and messages)\n',
  );
  console.table(
    AI_CALLS.flatMap((call) =>
      runs.map((run, i) => {
        const times = run.ai[call];
        return {
          call,
          run: names[i],
          calls: times.length,
          total: `${sum(times).toFixed(2)} ms`,
          mean: times.length ? `${(sum(times) / times.length).toFixed(3)} ms` : '',
          max: times.length ? `${Math.max(...times).toFixed(3)} ms` : '',
        };
      }),
    ),
  );
  console.log(
    "DynamoDB requests: every command sent through the shared client while the run ran (the claim, the governor, the contact ledger, prospects, activities, checkpoints, the job's end), divided by the prospects it found. DynamoDB Local (Java) answers slower than DynamoDB does.\n",
  );
}
