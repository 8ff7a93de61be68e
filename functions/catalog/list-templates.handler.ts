import { listTemplatesQuery } from '../../shared/catalogue';
import { httpHandler } from '../core/http-handler';
import { catalog } from './catalog-deps';

export const handler = httpHandler({ query: listTemplatesQuery }, async ({ query }) => ({
  data: { templates: await catalog.listCatalogue(query) },
}));
