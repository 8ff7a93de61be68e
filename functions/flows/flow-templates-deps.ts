import { findTemplate, listTemplates } from '../catalog/template-service';
import { createFlowTemplateService } from './flow-template-service';
import { flowTemplates } from './templates/registry';

/** The flow template routes' wiring, built once per cold start. */
export const flowTemplateService = createFlowTemplateService({
  templates: flowTemplates,
  catalogue: { listTemplates, findTemplate },
});
