import { queuePort } from '../core/ports/queue';
import { pingTable } from './health-repository';
import { createHealthService, HEALTH_PROBE_TIMEOUT_MS } from './health-service';

const queue = queuePort();

/** The health route's wiring, built once per cold start. */
export const health = createHealthService({
  probes: {
    dynamodb: pingTable,
    // GetQueueAttributes only: the route's role may read the queue's attributes, not send to it.
    queue: (signal) => queue.ping('trob-runs', signal),
  },
  timeoutMs: HEALTH_PROBE_TIMEOUT_MS,
});
