import {
  type ListTemplatesQuery,
  POPULAR_DEFAULT_LIMIT,
  TEMPLATE_TEXTS,
  type Template,
  type TemplateCard,
  templateCard,
} from '../../shared/catalogue';
import { NotFoundError } from '../core/errors';
import type { StoredTemplate } from './catalog-repository';

/** The catalogue's reads: the repository in the routes' wiring (catalog-deps.ts), a fake in unit tests. */
export interface CatalogStore {
  listTemplates(): Promise<StoredTemplate[]>;
  findTemplate(id: string): Promise<StoredTemplate | undefined>;
}

const TEMPLATE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Most used first; equal counts by name, so the order is stable between calls. */
function byPopularity(a: StoredTemplate, b: StoredTemplate): number {
  return b.usageCount - a.usageCount || a.displayName.localeCompare(b.displayName, 'en');
}

function present(stored: StoredTemplate, includeUsage: boolean): Template {
  if (includeUsage) return stored;
  const { usageCount: _omitted, ...rest } = stored;
  return rest;
}

function matchesSearch(template: StoredTemplate, needle: string): boolean {
  const haystack = [template.displayName, template.summary, template.description, ...template.features];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

const isFilter = (value: string | undefined): value is string =>
  value !== undefined && value !== '' && value !== 'all';

export interface CatalogDeps {
  store: CatalogStore;
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/** The catalogue routes' rules. */
export function createCatalogService({ store }: CatalogDeps) {
  return { listCatalogue, getCatalogueTemplate, popularTemplates };

  async function listCatalogue(query: ListTemplatesQuery): Promise<Template[] | TemplateCard[]> {
    const needle = query.search?.toLowerCase() ?? '';
    const templates = (await store.listTemplates()).filter(
      (t) =>
        (!isFilter(query.platform) || t.platform === query.platform) &&
        (!isFilter(query.category) || t.category === query.category) &&
        (needle === '' || matchesSearch(t, needle)),
    );
    const presented = templates.sort(byPopularity).map((t) => present(t, query.includeUsage === 'true'));
    return query.view === 'card' ? presented.map(templateCard) : presented;
  }

  async function getCatalogueTemplate(id: string, includeUsage: boolean): Promise<Template> {
    // An id that cannot be a template's is simply not found: no table read for it.
    const stored = TEMPLATE_ID.test(id) ? await store.findTemplate(id) : undefined;
    if (!stored) throw new NotFoundError(TEMPLATE_TEXTS.notFound);
    return present(stored, includeUsage);
  }

  /** The most started trobs, with their usage counts (the dashboard and catalogue show them). */
  async function popularTemplates(
    limit = POPULAR_DEFAULT_LIMIT,
    view?: 'card',
  ): Promise<Template[] | TemplateCard[]> {
    const popular = (await store.listTemplates()).sort(byPopularity).slice(0, limit);
    return view === 'card' ? popular.map(templateCard) : popular;
  }
}

/** The catalogue changes with a release and its usage counts with every start: a minute fresh is enough. */
export const CATALOGUE_CACHE = { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 600 };
