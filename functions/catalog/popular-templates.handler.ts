import { popularTemplatesQuery } from '../../shared/catalogue';
import { httpHandler } from '../core/http-handler';
import { catalog } from './catalog-deps';

export const handler = httpHandler({ query: popularTemplatesQuery }, async ({ query }) => ({
  status: 'success',
  data: { templates: await catalog.popularTemplates(query.limit) },
}));
