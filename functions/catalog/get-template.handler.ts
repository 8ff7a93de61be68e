import { getTemplateQuery, templateIdParams } from '../../shared/catalogue';
import { httpHandler } from '../core/http-handler';
import * as catalog from './catalog-repository';
import { getCatalogueTemplate } from './catalog-service';

export const handler = httpHandler(
  { path: templateIdParams, query: getTemplateQuery },
  async ({ path, query }) => ({
    data: { template: await getCatalogueTemplate(catalog, path.id, query.includeUsage === 'true') },
  }),
);
