// A type only (erased at build): the page carries no schema.
import type { TemplateCard } from '../../../../shared/catalogue';
import {
  CATEGORY_LABELS,
  difficultyOf,
  type TemplateCategory,
  type TemplateDifficulty,
} from '../../../../shared/catalogue-values';
import { PLATFORMS, type Platform } from '../../../../shared/platforms';

/** The catalogue's filters (spec 2.9); 'all' means no filter. */
export interface CatalogueFilters {
  search: string;
  platform: Platform | 'all';
  category: TemplateCategory | 'all';
  difficulty: TemplateDifficulty | 'all';
  sort: SortOrder;
}

export type SortOrder = 'popular' | 'name' | 'success';

export const SORT_LABELS: Record<SortOrder, string> = {
  popular: 'Most popular',
  name: 'Name (A-Z)',
  success: 'Success rate',
};

/** What 'Clear All Filters' goes back to: everything, sorted by popularity. */
export const NO_FILTERS: CatalogueFilters = {
  search: '',
  platform: 'all',
  category: 'all',
  difficulty: 'all',
  sort: 'popular',
};

/** A filter narrows the list; the sort order does not. */
export function hasFilter(filters: CatalogueFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.platform !== 'all' ||
    filters.category !== 'all' ||
    filters.difficulty !== 'all'
  );
}

function matchesSearch(template: TemplateCard, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [
    template.displayName,
    template.summary,
    template.description,
    template.platform,
    CATEGORY_LABELS[template.category],
    ...template.features,
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

const byName = (a: TemplateCard, b: TemplateCard) => a.displayName.localeCompare(b.displayName);

const comparators: Record<SortOrder, (a: TemplateCard, b: TemplateCard) => number> = {
  popular: (a, b) => (b.usageCount ?? 0) - (a.usageCount ?? 0) || byName(a, b),
  name: byName,
  success: (a, b) => b.successRate - a.successRate || byName(a, b),
};

export function applyFilters(templates: readonly TemplateCard[], filters: CatalogueFilters): TemplateCard[] {
  return templates
    .filter(
      (template) =>
        (filters.platform === 'all' || template.platform === filters.platform) &&
        (filters.category === 'all' || template.category === filters.category) &&
        (filters.difficulty === 'all' || difficultyOf(template.difficulty) === filters.difficulty) &&
        matchesSearch(template, filters.search),
    )
    .sort(comparators[filters.sort]);
}

/** Spec 2.9: All plus the platforms found in the templates, in a fixed order. */
export function platformsIn(templates: readonly TemplateCard[]): Platform[] {
  return PLATFORMS.filter((platform) => templates.some((template) => template.platform === platform));
}
