import { flowTemplateIdParams } from '../../shared/flows';
import { CATALOGUE_CACHE } from '../catalog/catalog-service';
import { cacheable } from '../core/cacheable';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flowTemplateService } from './flow-templates-deps';

const route = httpRoute('flows/get-flow-template');

/** GET /api/flows/templates/{id}: one flow template, as `flow` and as `template` (spec 2.2). */
export const handler = httpHandler({ route, path: flowTemplateIdParams }, async ({ path, event }) => {
  const flow = await flowTemplateService.getFlowTemplate(path.id);
  return cacheable(event, { data: { flow, template: flow } }, CATALOGUE_CACHE);
});
