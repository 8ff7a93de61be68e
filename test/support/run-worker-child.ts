import { logger } from '../../functions/core/logger';
import { createRuns, runContext } from '../../functions/workers/run-deps';
import { runAs, stackFunction } from '../../scripts/local-cloud/function-runtime/runtime';
import { lambdaContext } from '../../scripts/local-cloud/lambda-runtime';
import type { TrobRunMessage } from '../../shared/run-messages';

const message = JSON.parse(process.argv[2] ?? '{}') as TrobRunMessage;
const remainingMs = Number(process.argv[3] ?? 60_000);
const service = createRuns({
  segmentMarginMs: 500,
  leaseExtraMs: 500,
});
const outcome = await runAs(await stackFunction('functions/workers/run.worker.ts'), () =>
  service.run(message, runContext(logger, lambdaContext('child', remainingMs), 1)),
);
process.stdout.write(`${JSON.stringify({ outcome })}\n`);
process.exit(0);
