import { industrySearchQuery } from '../../shared/flows';
import { cacheable } from '../core/cacheable';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { industries } from './industries-deps';
import { INDUSTRIES_CACHE } from './industry-service';

const route = httpRoute('flows/search-industries');

/** GET /api/industries/search?q=&limit=: the industry picker's server search (spec 2.3). */
export const handler = httpHandler({ route, query: industrySearchQuery }, ({ query, event }) =>
  cacheable(
    event,
    { data: { industries: industries.searchIndustries(query.q, query.limit) } },
    INDUSTRIES_CACHE,
  ),
);
