import { env } from '../env';
import { perFunction } from '../local-runtime';
import type { SchedulerPort } from '../ports/scheduler';
import { eventBridgeScheduler } from './eventbridge-scheduler';
import { localSchedulerPort } from './local-scheduler';

/**
 * The scheduler port to build services with (the wiring files import it, never the port): the adapter
 * is chosen on first use (as the key port's), so a wiring built when its module loads reads no scheduler
 * setting until a schedule is touched. Both runtimes need the group and the role the stacks give
 * (lib/grants.ts, 'scheduler').
 */
export function schedulerPort(): SchedulerPort {
  return {
    put: (spec) => chosen.get().put(spec),
    remove: (name) => chosen.get().remove(name),
    get: (name) => chosen.get().get(name),
  };
}

const chosen = perFunction((): SchedulerPort => {
  const e = env();
  if (!e.SCHEDULE_GROUP || !e.SCHEDULER_ROLE_ARN)
    throw new Error('Invalid environment: SCHEDULE_GROUP and SCHEDULER_ROLE_ARN must be set');
  const options = { group: e.SCHEDULE_GROUP, roleArn: e.SCHEDULER_ROLE_ARN };
  // Written out, not e.APP_RUNTIME: deployed bundles drop the local scheduler and croner (see env.ts).
  if (process.env.APP_RUNTIME === 'local') return localSchedulerPort({ ...options, region: e.AWS_REGION });
  return eventBridgeScheduler(options);
});
