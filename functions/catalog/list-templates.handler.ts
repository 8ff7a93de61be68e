import { listTemplatesQuery } from '../../shared/catalogue';
import { httpHandler } from '../core/http-handler';
import * as catalog from './catalog-repository';
import { listCatalogue } from './catalog-service';

export const handler = httpHandler({ query: listTemplatesQuery }, async ({ query }) => ({
  data: { templates: await listCatalogue(catalog, query) },
}));
