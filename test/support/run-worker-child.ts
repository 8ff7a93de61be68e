/**
 * A run worker in a process of its own, so a test can kill it with SIGKILL in the middle of a job, as a
 * Lambda that crashes or times out is killed. Reads the environment of the parent and one run message
 * (argv[2]); runs it with the real engine, a short invocation (argv[3] ms) and short timing margins, as
 * the run worker's function of the stacks (its environment and role).
 */

import { logger } from '../../functions/core/logger';
import { keysPort } from '../../functions/core/ports/keys';
import { schedulerPort } from '../../functions/core/ports/scheduler';
import { runContext } from '../../functions/runs/trob-run-deps';
import { createTrobRunService } from '../../functions/runs/trob-run-service';
import { runAs, stackFunction } from '../../scripts/local-cloud/function-runtime/runtime';
import { lambdaContext } from '../../scripts/local-cloud/lambda-runtime';
import type { TrobRunMessage } from '../../shared/run-messages';

const message = JSON.parse(process.argv[2] ?? '{}') as TrobRunMessage;
const remainingMs = Number(process.argv[3] ?? 60_000);
const service = createTrobRunService({
  now: () => new Date(),
  scheduler: schedulerPort(),
  keys: keysPort(),
  segmentMarginMs: 500,
  leaseExtraMs: 500,
});
const outcome = await runAs(await stackFunction('functions/workers/automation-runner.worker.ts'), () =>
  service.run(message, runContext(logger, lambdaContext('child', remainingMs), 1)),
);
process.stdout.write(`${JSON.stringify({ outcome })}\n`);
process.exit(0);
