import * as z from 'zod/mini';
import {
  DIFFICULTY_ALIASES,
  type DifficultyAlias,
  difficultyOf,
  MAX_EXAMPLES,
  POPULAR_DEFAULT_LIMIT,
  POPULAR_MAX_LIMIT,
  SEARCH_MAX_LENGTH,
  TEMPLATE_CATEGORIES,
  TEMPLATE_DIFFICULTIES,
  type TemplateDifficulty,
} from './catalogue-values';
import { PLATFORMS } from './platforms';
import { idToken, visibleText } from './text';

export * from './catalogue-values';

/**
 * The trob catalogue (spec part 1 section 3: Template and configSchema). The catalogue itself is code
 * (functions/catalog/templates/), seeded into the table; these schemas describe what the API answers
 * and what a template's configuration form is built from.
 */

// The value lists and labels live in catalogue-values.ts (re-exported above): the web app reads them on
// pages that validate nothing, without the validation library (issue 10 point 7).

/** A template's platform: one of THE platform table's (shared/platforms.ts). */
const templatePlatform = z.enum(PLATFORMS);

export const templateCategory = z.enum(TEMPLATE_CATEGORIES);

export const templateDifficulty = z.enum(TEMPLATE_DIFFICULTIES);

/** A template's difficulty as written: a name or an alias, read as the name. */
export const templateDifficultyInput = z.pipe(
  z.enum([...TEMPLATE_DIFFICULTIES, ...(Object.keys(DIFFICULTY_ALIASES) as DifficultyAlias[])]),
  z.transform((value): TemplateDifficulty => difficultyOf(value) ?? 'beginner'),
);

// --- configSchema --------------------------------------------------------------------------------

/** What every property may carry for the form (spec 3): labels, help, defaults, presets, widget hints. */
interface PropertyCommon {
  title?: string;
  description?: string;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  placeholder?: string;
  'ui:options'?: Record<string, unknown>;
}

export interface StringProperty extends PropertyCommon {
  type: 'string';
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  /** 'url': an http(s) address. */
  format?: 'url';
  /** A regular expression (JavaScript source) the value must match; `patternMessage` explains it. */
  pattern?: string;
  patternMessage?: string;
}

export interface ArrayProperty extends PropertyCommon {
  type: 'array';
  items: Omit<StringProperty, keyof PropertyCommon>;
  minItems?: number;
  maxItems?: number;
}

export interface BooleanProperty extends PropertyCommon {
  type: 'boolean';
}

export interface NumberProperty extends PropertyCommon {
  type: 'integer' | 'number';
  minimum?: number;
  maximum?: number;
}

/** A group of fields shown together (postSettings, filteringSettings, exportSettings). */
export interface ObjectProperty extends PropertyCommon {
  type: 'object';
  properties: Record<string, ConfigProperty>;
  required?: string[];
}

export type ConfigProperty =
  | StringProperty
  | ArrayProperty
  | BooleanProperty
  | NumberProperty
  | ObjectProperty;

export interface ConfigSchema {
  type: 'object';
  properties: Record<string, ConfigProperty>;
  required?: string[];
}

const common = {
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  default: z.optional(z.unknown()),
  example: z.optional(z.unknown()),
  examples: z.optional(z.array(z.unknown())),
  placeholder: z.optional(z.string()),
  'ui:options': z.optional(z.record(z.string(), z.unknown())),
};

const count = z.int().check(z.nonnegative());

const stringRules = {
  enum: z.optional(z.array(z.string()).check(z.minLength(1))),
  minLength: z.optional(count),
  maxLength: z.optional(count),
  format: z.optional(z.literal('url')),
  pattern: z.optional(z.string()),
  patternMessage: z.optional(z.string()),
};

const stringProperty = z.object({ type: z.literal('string'), ...common, ...stringRules });
const arrayProperty = z.object({
  type: z.literal('array'),
  ...common,
  items: z.object({ type: z.literal('string'), ...stringRules }),
  minItems: z.optional(count),
  maxItems: z.optional(count),
});
const booleanProperty = z.object({ type: z.literal('boolean'), ...common });
const numberProperty = z.object({
  type: z.enum(['integer', 'number']),
  ...common,
  minimum: z.optional(z.number()),
  maximum: z.optional(z.number()),
});

export const configProperty: z.ZodMiniType<ConfigProperty> = z.union([
  stringProperty,
  arrayProperty,
  booleanProperty,
  numberProperty,
  z.object({
    type: z.literal('object'),
    ...common,
    get properties() {
      return z.record(z.string(), configProperty);
    },
    required: z.optional(z.array(z.string())),
  }),
]) as z.ZodMiniType<ConfigProperty>;

export const configSchema: z.ZodMiniType<ConfigSchema> = z.object({
  type: z.literal('object'),
  properties: z.record(z.string(), configProperty),
  required: z.optional(z.array(z.string())),
});

// --- Template ------------------------------------------------------------------------------------

export const templateExample = z.object({
  title: z.string().check(z.minLength(1)),
  description: z.string(),
  config: z.record(z.string(), z.unknown()),
});
export type TemplateExample = z.infer<typeof templateExample>;

export const template = z.object({
  id: z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)),
  displayName: z.string().check(z.minLength(1)),
  summary: z.string().check(z.minLength(1)),
  description: z.string().check(z.minLength(1)),
  /** Sanitized HTML (basic tags only); safe to render as is. */
  detailedDescription: z.string().check(z.minLength(1)),
  platform: templatePlatform,
  category: templateCategory,
  difficulty: templateDifficultyInput,
  difficultyLevel: z.int().check(z.gte(1), z.lte(4)),
  successRate: z.number().check(z.gte(0), z.lte(100)),
  estimatedTime: z.string().check(z.minLength(1)),
  /** Present only when asked for (includeUsage=true) on the list and detail calls. */
  usageCount: z.optional(count),
  isFlow: z.boolean(),
  isSmartFlow: z.boolean(),
  features: z.array(z.string()),
  requirements: z.array(z.string()),
  limitations: z.array(z.string()),
  videoUrl: z.optional(z.url()),
  defaultConfig: z.record(z.string(), z.unknown()),
  configSchema,
  examples: z.array(templateExample).check(z.maxLength(MAX_EXAMPLES)),
});
export type Template = z.infer<typeof template>;

/**
 * What a catalogue card shows and the catalogue's search and filters read (`view=card`): a tenth of a
 * whole template, whose config schema, examples and HTML description only the detail page needs
 * (issue 10 point 7).
 */
export const TEMPLATE_CARD_FIELDS = [
  'id',
  'displayName',
  'summary',
  'description',
  'platform',
  'category',
  'difficulty',
  'difficultyLevel',
  'successRate',
  'estimatedTime',
  'usageCount',
  'isFlow',
  'isSmartFlow',
  'features',
] as const satisfies ReadonlyArray<keyof Template>;
export type TemplateCard = Pick<Template, (typeof TEMPLATE_CARD_FIELDS)[number]>;

export function templateCard(template: Template): TemplateCard {
  const card: Partial<Record<keyof Template, unknown>> = {};
  for (const field of TEMPLATE_CARD_FIELDS) if (template[field] !== undefined) card[field] = template[field];
  return card as TemplateCard;
}

/** A catalogue entry as written in code: everything but the usage count, which the table keeps. */
export type TemplateDefinition = Omit<Template, 'usageCount'>;

// --- API -----------------------------------------------------------------------------------------

const includeUsage = z.optional(z.enum(['true', 'false']));
/** `card`: each template as its catalogue card (TemplateCard); omitted: whole templates. */
const view = z.optional(z.enum(['card']));

/** 'all' (what the filters send for "no filter") or an empty value means no filter. */
/* @__NO_SIDE_EFFECTS__ */
const filterOf = <T extends z.ZodMiniType>(values: T) =>
  z.optional(z.union([z.literal(''), z.literal('all'), values]));

/** GET /api/templates */
export const listTemplatesQuery = z.object({
  platform: filterOf(templatePlatform),
  category: filterOf(templateCategory),
  search: z.optional(
    z.string().check(
      z.maxLength(SEARCH_MAX_LENGTH, {
        error: `search must be ${SEARCH_MAX_LENGTH} characters or less`,
        abort: true,
      }),
      visibleText('search'),
      z.trim(),
    ),
  ),
  includeUsage,
  view,
});
export type ListTemplatesQuery = z.infer<typeof listTemplatesQuery>;

/** GET /api/templates/{id} */
export const templateIdParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100), idToken('template id')),
});
export const getTemplateQuery = z.object({ includeUsage });

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${POPULAR_MAX_LIMIT}`;
/** GET /api/templates/meta/popular */
export const popularTemplatesQuery = z.object({
  limit: z._default(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/, LIMIT_MESSAGE)),
      z.pipe(
        z.transform((value: string) => Number(value)),
        z.number().check(z.gte(1, LIMIT_MESSAGE), z.lte(POPULAR_MAX_LIMIT, LIMIT_MESSAGE)),
      ),
    ),
    POPULAR_DEFAULT_LIMIT,
  ),
  view,
});

/** The answers (spec 7): list `data.templates`, detail `data.template`, popular `status` + `data.templates`. */
export interface TemplateListResponse {
  data: { templates: Template[] };
}
export interface TemplateCardListResponse {
  data: { templates: TemplateCard[] };
}
export interface TemplateResponse {
  data: { template: Template };
}
export interface PopularTemplatesResponse {
  status: 'success';
  data: { templates: Template[] };
}
export interface PopularTemplateCardsResponse {
  status: 'success';
  data: { templates: TemplateCard[] };
}
