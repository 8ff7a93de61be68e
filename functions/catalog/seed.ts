import type { TemplateDefinition } from '../../shared/catalogue';
import { deleteTemplate, listTemplates, upsertTemplate } from './catalog-repository';
import { seededCatalogue } from './catalogue';
import { sanitizeTemplateHtml } from './sanitize';

export interface SeedResult {
  written: number;
  removed: string[];
}

/**
 * Makes the table's catalogue match the code (the trobs and the flow templates' entries): every
 * template's content is rewritten (sanitized), usage counts are kept, and templates no longer in code
 * are removed. Safe to run any number of times.
 */
export async function seedCatalogue(
  definitions: readonly TemplateDefinition[] = seededCatalogue,
): Promise<SeedResult> {
  const ids = new Set(definitions.map((d) => d.id));
  if (ids.size !== definitions.length) throw new Error('The catalogue has a repeated template id');
  for (const definition of definitions) {
    await upsertTemplate({
      ...definition,
      detailedDescription: sanitizeTemplateHtml(definition.detailedDescription),
    });
  }
  const removed: string[] = [];
  for (const stored of await listTemplates()) {
    if (ids.has(stored.id)) continue;
    await deleteTemplate(stored.id);
    removed.push(stored.id);
  }
  return { written: definitions.length, removed };
}
