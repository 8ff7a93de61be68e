import { FLOW_TEXTS, type FlowTemplate, type FlowTemplateDefinition } from '../../shared/flows';
import type { CatalogStore } from '../catalog/catalog-service';
import { NotFoundError } from '../core/errors';

export interface FlowTemplateDeps {
  /** The flow templates as code (templates/registry.ts). */
  templates: readonly FlowTemplateDefinition[];
  /** The trob catalogue, which lists each flow template too and keeps its usage count (DECISIONS 3). */
  catalogue: CatalogStore;
}

export type FlowTemplateService = ReturnType<typeof createFlowTemplateService>;

/** The flow template routes' reads (spec 2.1, 2.2): the templates from code, counted by the catalogue. */
export function createFlowTemplateService({ templates, catalogue }: FlowTemplateDeps) {
  return { listFlowTemplates, getFlowTemplate };

  /** Every flow template in the registry's order; a template the catalogue has not seeded counts 0. */
  async function listFlowTemplates(): Promise<FlowTemplate[]> {
    const usage = new Map((await catalogue.listTemplates()).map((t) => [t.id, t.usageCount]));
    return templates.map((template) => ({ ...template, usageCount: usage.get(template.id) ?? 0 }));
  }

  async function getFlowTemplate(id: string): Promise<FlowTemplate> {
    // An id that names no flow template is not found without a table read.
    const template = templates.find((t) => t.id === id);
    if (!template) throw new NotFoundError(FLOW_TEXTS.empty.templateNotFound);
    const stored = await catalogue.findTemplate(id);
    return { ...template, usageCount: stored?.usageCount ?? 0 };
  }
}
