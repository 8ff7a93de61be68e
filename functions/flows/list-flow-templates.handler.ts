import { CATALOGUE_CACHE } from '../catalog/catalog-service';
import { cacheable } from '../core/cacheable';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flowTemplateService } from './flow-templates-deps';

const route = httpRoute('flows/list-flow-templates');

/** GET /api/flows/templates: the flow templates with their usage counts (spec 2.1, 3). */
export const handler = httpHandler({ route }, async ({ event }) =>
  cacheable(event, { data: { flows: await flowTemplateService.listFlowTemplates() } }, CATALOGUE_CACHE),
);
