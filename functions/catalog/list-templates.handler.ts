import { listTemplatesQuery } from '../../shared/catalogue';
import { cacheable } from '../core/cacheable';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { catalog } from './catalog-deps';
import { CATALOGUE_CACHE } from './catalog-service';

const route = httpRoute('catalog/list-templates');

export const handler = httpHandler({ route, query: listTemplatesQuery }, async ({ query, event }) =>
  cacheable(event, { data: { templates: await catalog.listCatalogue(query) } }, CATALOGUE_CACHE),
);
