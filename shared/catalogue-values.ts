/**
 * The catalogue's constants, labels and helpers, without its zod schemas (shared/catalogue.ts, which
 * re-exports these): the web app's pages import this file, so a page that validates nothing does not
 * load the validation library with the labels it shows (issue 10 point 7).
 */

export const TEMPLATE_CATEGORIES = [
  'lead-generation',
  'audience-research',
  'network-export',
  'data-enrichment',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<TemplateCategory, string> = {
  'lead-generation': 'Lead Generation',
  'audience-research': 'Audience Research',
  'network-export': 'Network Export',
  'data-enrichment': 'Data Enrichment',
};

export const TEMPLATE_DIFFICULTIES = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export type TemplateDifficulty = (typeof TEMPLATE_DIFFICULTIES)[number];

/** Spec 3: the difficulty's other names (beginner/easy, intermediate/medium, advanced/hard). */
export const DIFFICULTY_ALIASES = { easy: 'beginner', medium: 'intermediate', hard: 'advanced' } as const;
export type DifficultyAlias = keyof typeof DIFFICULTY_ALIASES;

/** The difficulty a value names, by its name or its alias, in any case; undefined for anything else. */
export function difficultyOf(value: string): TemplateDifficulty | undefined {
  const name = value.trim().toLowerCase();
  if (Object.hasOwn(DIFFICULTY_ALIASES, name)) return DIFFICULTY_ALIASES[name as DifficultyAlias];
  return (TEMPLATE_DIFFICULTIES as readonly string[]).includes(name)
    ? (name as TemplateDifficulty)
    : undefined;
}

/** difficultyLevel is the difficulty as a number (the cards' dots): beginner 1 ... expert 4. */
export const DIFFICULTY_LEVEL: Record<TemplateDifficulty, 1 | 2 | 3 | 4> = {
  beginner: 1,
  intermediate: 2,
  advanced: 3,
  expert: 4,
};

/** Spec 9: a card without an estimated time shows this. */
export const DEFAULT_ESTIMATED_TIME = '5-10 min';
/** Spec 9: at most 3 example presets. */
export const MAX_EXAMPLES = 3;
export const POPULAR_DEFAULT_LIMIT = 6;
export const POPULAR_MAX_LIMIT = 20;
export const SEARCH_MAX_LENGTH = 100;

export const TEMPLATE_TEXTS = { notFound: 'Trob not found' } as const;
