import { catalogue } from '../../../functions/catalog/catalogue';
import { type Template, templateCard } from '../../../shared/catalogue';
import type { FakeApi } from '../support/fake-api';

/** The real catalogue as the API answers it, with usage counts (9 down to 1, in catalogue order). */
export function catalogueTemplates(overrides: Partial<Record<string, Partial<Template>>> = {}): Template[] {
  return catalogue.map((definition, index) => ({
    ...structuredClone(definition),
    usageCount: (catalogue.length - index) * 10,
    ...overrides[definition.id],
  }));
}

export function templateOf(id: string, overrides: Partial<Template> = {}): Template {
  const found = catalogueTemplates().find((template) => template.id === id);
  if (!found) throw new Error(`No template ${id}`);
  return { ...found, ...overrides };
}

/**
 * The catalogue calls: the list and popular (most used first) as cards, as the API answers view=card,
 * and each template by id, whole.
 */
export function serveCatalogue(api: FakeApi, templates: Template[] = catalogueTemplates()) {
  api.on('GET', '/templates?includeUsage=true&view=card', {
    status: 200,
    body: { data: { templates: templates.map(templateCard) } },
  });
  const popular = [...templates].sort((a, b) => (b.usageCount ?? 0) - (a.usageCount ?? 0)).slice(0, 6);
  api.on('GET', '/templates/meta/popular?limit=6&view=card', {
    status: 200,
    body: { status: 'success', data: { templates: popular.map(templateCard) } },
  });
  for (const template of templates) {
    api.on('GET', `/templates/${template.id}?includeUsage=true`, {
      status: 200,
      body: { data: { template } },
    });
  }
}

export function serveTemplate(api: FakeApi, template: Template) {
  api.on('GET', `/templates/${template.id}?includeUsage=true`, { status: 200, body: { data: { template } } });
}

export function serveConnection(api: FakeApi, platform: string, connected: boolean | 'error') {
  api.on(
    'GET',
    `/users/platform-connections/${platform}`,
    connected === 'error'
      ? { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Boom' } }
      : { status: 200, body: { data: { connected, platform } } },
  );
}
