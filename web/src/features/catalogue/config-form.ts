import type { ConfigProperty, ConfigSchema } from '../../../../shared/catalogue';
import { validateConfig } from '../../../../shared/config-validation';

/**
 * The configuration form's values and their conversion to the config sent on start. The form keeps a
 * value per schema leaf: text for strings, a list for arrays, true/false for booleans, and a number or
 * '' (emptied) for numbers. Groups (type 'object') nest.
 */
export type FormValues = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The widget a property is drawn with: its 'ui:options' hint where it names one that fits. */
export type Widget =
  | 'group'
  | 'text'
  | 'url'
  | 'date'
  | 'textarea'
  | 'select'
  | 'radio'
  | 'checkboxes'
  | 'multiselect'
  | 'tags'
  | 'lines'
  | 'switch'
  | 'checkbox'
  | 'number';

export function uiOptions(property: ConfigProperty): Record<string, unknown> {
  return property['ui:options'] ?? {};
}

export function widgetOf(property: ConfigProperty): Widget {
  const hint = uiOptions(property).widget;
  switch (property.type) {
    case 'object':
      return 'group';
    case 'boolean':
      return hint === 'checkbox' ? 'checkbox' : 'switch';
    case 'integer':
    case 'number':
      return 'number';
    case 'array':
      if (property.items.enum)
        return hint === 'multiselect' || hint === 'select' ? 'multiselect' : 'checkboxes';
      if (hint === 'textarea' || uiOptions(property).splitLines === true) return 'lines';
      return 'tags';
    case 'string':
      if (property.enum) return hint === 'radio' ? 'radio' : 'select';
      if (hint === 'textarea') return 'textarea';
      if (hint === 'date') return 'date';
      return property.format === 'url' ? 'url' : 'text';
  }
}

/** The label of an enum value: its 'ui:options' label, else the value itself. */
export function optionLabel(property: ConfigProperty, value: string): string {
  const labels = uiOptions(property).labels;
  if (isPlainObject(labels) && typeof labels[value] === 'string') return labels[value] as string;
  return value;
}

function emptyValue(property: ConfigProperty): unknown {
  switch (property.type) {
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return '';
    default:
      return '';
  }
}

function leafValue(property: ConfigProperty, given: unknown): unknown {
  const value = given !== undefined ? given : property.default;
  switch (property.type) {
    case 'array':
      return Array.isArray(value) ? value.map(String) : [];
    case 'boolean':
      return typeof value === 'boolean' ? value : value === 'true';
    case 'integer':
    case 'number':
      return typeof value === 'number' ? value : value === undefined || value === null ? '' : String(value);
    case 'string':
      return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
    default:
      return emptyValue(property);
  }
}

function valuesOf(properties: Record<string, ConfigProperty>, given: unknown): FormValues {
  const source = isPlainObject(given) ? given : {};
  const out: FormValues = {};
  for (const [key, property] of Object.entries(properties)) {
    out[key] =
      property.type === 'object'
        ? valuesOf(property.properties, source[key] ?? property.default)
        : leafValue(property, source[key]);
  }
  return out;
}

/**
 * The form's starting values: the template's defaultConfig, then each property's own default, then an
 * empty value of its kind. A preset (an example's config) is laid over the same way.
 */
export function initialValues(schema: ConfigSchema, defaultConfig: Record<string, unknown>): FormValues {
  return valuesOf(schema.properties, defaultConfig);
}

export function presetValues(
  schema: ConfigSchema,
  defaultConfig: Record<string, unknown>,
  preset: Record<string, unknown>,
): FormValues {
  return valuesOf(schema.properties, deepMerge(defaultConfig, preset));
}

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return out;
}

/** Spec 5: numeric schema fields are parsed as integers; an empty value becomes 0. */
export function parseNumeric(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value !== 'string') return 0;
  const parsed = Number.parseInt(value.trim(), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

function configOf(properties: Record<string, ConfigProperty>, values: unknown): Record<string, unknown> {
  const source = isPlainObject(values) ? values : {};
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    const value = source[key];
    switch (property.type) {
      case 'object':
        out[key] = configOf(property.properties, value);
        break;
      case 'integer':
      case 'number':
        out[key] = parseNumeric(value);
        break;
      case 'array':
        // A line list or tags: blank entries are not values.
        out[key] = (Array.isArray(value) ? value : [])
          .map((item) => String(item).trim())
          .filter((item) => item !== '');
        break;
      case 'boolean':
        out[key] = value === true;
        break;
      case 'string':
        out[key] = typeof value === 'string' ? value.trim() : '';
        break;
    }
  }
  return out;
}

export interface FormIssue {
  /** The form field's name: 'postSettings.linkedinPostUrl' (a list's item issue names the list). */
  field: string;
  message: string;
}

/**
 * The config sent on start, with the issues the server would find (the same rules, shared with the
 * API's validation so the form never accepts what the start call refuses).
 */
export function toConfig(
  schema: ConfigSchema,
  values: FormValues,
): { config: Record<string, unknown>; issues: FormIssue[] } {
  const raw = configOf(schema.properties, values);
  const checked = validateConfig(schema, raw);
  const issues = checked.issues.map((issue) => ({
    field: issue.path.replace(/\.\d+$/, ''),
    message: issue.message,
  }));
  return { config: issues.length === 0 ? checked.config : raw, issues };
}

/** An example hint: 'e.g. …' from `example` or the first of `examples`. */
export function exampleHint(property: ConfigProperty): string | undefined {
  const example = property.example !== undefined ? property.example : property.examples?.[0];
  if (example === undefined || example === null || example === '') {
    // A placeholder too long for the field is shown whole as the hint instead (fieldPlaceholder).
    const placeholder = property.placeholder;
    return placeholder && fieldPlaceholder(property) === undefined
      ? `e.g. ${placeholder.split('\n').join(', ')}`
      : undefined;
  }
  const text = Array.isArray(example) ? example.join(', ') : String(example);
  return `e.g. ${text}`;
}

/**
 * The longest placeholder a field shows: about what a text field holds on a 320-px phone. A longer
 * one (a full profile or post URL) would be cut there (issue 10 point 10).
 */
export const PLACEHOLDER_MAX_LENGTH = 32;

/** The field's placeholder, or none when it would be cut: exampleHint then shows it whole. */
export function fieldPlaceholder(property: ConfigProperty): string | undefined {
  const placeholder = property.placeholder;
  if (!placeholder) return undefined;
  return placeholder.split('\n').every((line) => line.length <= PLACEHOLDER_MAX_LENGTH)
    ? placeholder
    : undefined;
}
