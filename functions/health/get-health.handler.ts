import { publicHttpHandler, respond } from '../core/http-handler';
import { health } from './health-deps';

export const handler = publicHttpHandler({}, async ({ log }) => {
  const { healthy, report, failures } = await health.checkHealth();
  if (!healthy) log.warn('health check failing', { failures });
  return respond(healthy ? 200 : 503, report);
});
