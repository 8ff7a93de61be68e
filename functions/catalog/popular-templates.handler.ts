import { popularTemplatesQuery } from '../../shared/catalogue';
import { cacheable } from '../core/cacheable';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { catalog } from './catalog-deps';
import { CATALOGUE_CACHE } from './catalog-service';

const route = httpRoute('catalog/popular-templates');

export const handler = httpHandler({ route, query: popularTemplatesQuery }, async ({ query, event }) =>
  cacheable(
    event,
    { status: 'success', data: { templates: await catalog.popularTemplates(query.limit, query.view) } },
    CATALOGUE_CACHE,
  ),
);
