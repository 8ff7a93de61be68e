import { getTemplateQuery, templateIdParams } from '../../shared/catalogue';
import { httpHandler } from '../core/http-handler';
import { catalog } from './catalog-deps';

export const handler = httpHandler(
  { path: templateIdParams, query: getTemplateQuery },
  async ({ path, query }) => ({
    data: { template: await catalog.getCatalogueTemplate(path.id, query.includeUsage === 'true') },
  }),
);
