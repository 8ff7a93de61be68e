import { publicHttpHandler, respond } from '../core/http-handler';
import { httpRoute } from '../routes';
import { health } from './health-deps';

const route = httpRoute('health/get-health');

export const handler = publicHttpHandler({ route }, async ({ log }) => {
  const { healthy, report, failures } = await health.checkHealth();
  if (!healthy) log.warn('health check failing', { failures });
  return respond(healthy ? 200 : 503, report);
});
