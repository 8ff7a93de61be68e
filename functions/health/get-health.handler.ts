import { publicHttpHandler, respond } from '../core/http-handler';
import { queuePort } from '../core/ports/queue';
import { pingTable } from './health-repository';
import { checkHealth } from './health-service';

const queue = queuePort();

export const handler = publicHttpHandler({}, async ({ log }) => {
  const { healthy, report, failures } = await checkHealth({
    dynamodb: pingTable,
    // GetQueueAttributes only: the route's role may read the queue's attributes, not send to it.
    queue: (signal) => queue.ping('trob-runs', signal),
  });
  if (!healthy) log.warn('health check failing', { failures });
  return respond(healthy ? 200 : 503, report);
});
