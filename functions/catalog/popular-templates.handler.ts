import { popularTemplatesQuery } from '../../shared/catalogue';
import { cacheable } from '../core/cacheable';
import { httpHandler } from '../core/http-handler';
import { catalog } from './catalog-deps';
import { CATALOGUE_CACHE } from './catalog-service';

export const handler = httpHandler({ query: popularTemplatesQuery }, async ({ query, event }) =>
  cacheable(
    event,
    { status: 'success', data: { templates: await catalog.popularTemplates(query.limit, query.view) } },
    CATALOGUE_CACHE,
  ),
);
