import { getTemplateQuery, templateIdParams } from '../../shared/catalogue';
import { cacheable } from '../core/cacheable';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { catalog } from './catalog-deps';
import { CATALOGUE_CACHE } from './catalog-service';

const route = httpRoute('catalog/get-template');

export const handler = httpHandler(
  { route, path: templateIdParams, query: getTemplateQuery },
  async ({ path, query, event }) =>
    cacheable(
      event,
      { data: { template: await catalog.getCatalogueTemplate(path.id, query.includeUsage === 'true') } },
      CATALOGUE_CACHE,
    ),
);
