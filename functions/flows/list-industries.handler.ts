import { cacheable } from '../core/cacheable';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { industries } from './industries-deps';
import { INDUSTRIES_CACHE } from './industry-service';

const route = httpRoute('flows/list-industries');

/** GET /api/industries: every LinkedIn industry as {label, value} (spec 2.3, 3). */
export const handler = httpHandler({ route }, ({ event }) =>
  cacheable(event, { data: { industries: industries.listIndustries() } }, INDUSTRIES_CACHE),
);
