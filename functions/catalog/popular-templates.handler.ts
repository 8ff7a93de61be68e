import { popularTemplatesQuery } from '../../shared/catalogue';
import { httpHandler } from '../core/http-handler';
import * as catalog from './catalog-repository';
import { popularTemplates } from './catalog-service';

export const handler = httpHandler({ query: popularTemplatesQuery }, async ({ query }) => ({
  status: 'success',
  data: { templates: await popularTemplates(catalog, query.limit) },
}));
