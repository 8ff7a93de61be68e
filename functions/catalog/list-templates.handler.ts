import { listTemplatesQuery } from '../../shared/catalogue';
import { cacheable } from '../core/cacheable';
import { httpHandler } from '../core/http-handler';
import { catalog } from './catalog-deps';
import { CATALOGUE_CACHE } from './catalog-service';

export const handler = httpHandler({ query: listTemplatesQuery }, async ({ query, event }) =>
  cacheable(event, { data: { templates: await catalog.listCatalogue(query) } }, CATALOGUE_CACHE),
);
