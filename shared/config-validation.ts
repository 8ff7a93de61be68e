import type { FieldIssue } from './api-error';
import type { ConfigProperty, ConfigSchema, ObjectProperty, StringProperty } from './catalogue';

/**
 * Checks a trob configuration against its template's config schema and returns the configuration a
 * runner may trust: defaults filled in, numbers parsed, unknown keys dropped.
 *
 * Spec 5: numeric schema fields are parsed as integers, and an empty value becomes 0 (then the range
 * check applies). Issue paths are relative to the config ('postSettings.linkedinPostUrl',
 * 'profileSettings.profileUrls.2'); the caller prefixes them when the config sits inside a body.
 */
export interface ConfigValidation {
  config: Record<string, unknown>;
  issues: FieldIssue[];
}

/** A value with no schema limit still has one: a configuration is not a place for megabytes. */
const STRING_CAP = 2000;
const ARRAY_CAP = 1000;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function validateConfig(schema: ConfigSchema, input: unknown): ConfigValidation {
  const issues: FieldIssue[] = [];
  const root: ObjectProperty = { ...schema, type: 'object' };
  const value = input === undefined || input === null ? {} : input;
  const config = checkObject(root, value, '', 'Configuration', issues) ?? {};
  return { config, issues };
}

function labelOf(property: ConfigProperty, key: string): string {
  return property.title ?? key;
}

function checkObject(
  property: ObjectProperty,
  value: unknown,
  path: string,
  label: string,
  issues: FieldIssue[],
): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) {
    issues.push({ path, message: `${label} must be an object` });
    return undefined;
  }
  const out: Record<string, unknown> = {};
  const required = new Set(property.required ?? []);
  for (const [key, child] of Object.entries(property.properties)) {
    const childPath = path ? `${path}.${key}` : key;
    const childLabel = labelOf(child, key);
    let raw = Object.hasOwn(value, key) ? value[key] : undefined;
    // Numbers are the exception to "empty means missing": the spec turns an empty number into 0.
    const numeric = child.type === 'integer' || child.type === 'number';
    if (raw === undefined || raw === null || (!numeric && isEmpty(raw))) {
      if (child.default !== undefined) raw = structuredClone(child.default);
      else if (child.type === 'object') raw = {};
      else {
        if (required.has(key)) issues.push({ path: childPath, message: `${childLabel} is required` });
        continue;
      }
    }
    const checked = checkValue(child, raw, childPath, childLabel, issues);
    if (checked !== undefined) out[key] = checked;
  }
  return out;
}

function checkValue(
  property: ConfigProperty,
  value: unknown,
  path: string,
  label: string,
  issues: FieldIssue[],
): unknown {
  switch (property.type) {
    case 'object':
      return checkObject(property, value, path, label, issues);
    case 'string':
      return checkString(property, value, path, label, issues);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      issues.push({ path, message: `${label} must be true or false` });
      return undefined;
    case 'integer':
    case 'number':
      return checkNumber(property.type, property, value, path, label, issues);
    case 'array':
      return checkArray(property, value, path, label, issues);
  }
}

function checkString(
  rules: Omit<StringProperty, 'type' | 'title'> & { type?: string },
  value: unknown,
  path: string,
  label: string,
  issues: FieldIssue[],
): string | undefined {
  if (typeof value !== 'string') {
    issues.push({ path, message: `${label} must be text` });
    return undefined;
  }
  const text = value.trim();
  if (rules.enum) {
    if (!rules.enum.includes(text)) {
      issues.push({ path, message: `${label} must be one of: ${rules.enum.join(', ')}` });
      return undefined;
    }
    return text;
  }
  // An optional text left empty (its default is '') has nothing to check.
  if (text === '' && !rules.minLength) return text;
  const max = Math.min(rules.maxLength ?? STRING_CAP, STRING_CAP);
  if (text.length > max) {
    issues.push({ path, message: `${label} must be ${max} characters or less` });
    return undefined;
  }
  if (rules.minLength !== undefined && text.length < rules.minLength) {
    issues.push({ path, message: `${label} must be at least ${rules.minLength} characters` });
    return undefined;
  }
  if (rules.format === 'url' && !isHttpUrl(text)) {
    issues.push({ path, message: `${label} must be a valid URL (http or https)` });
    return undefined;
  }
  if (rules.pattern && !new RegExp(rules.pattern, 'u').test(text)) {
    issues.push({ path, message: rules.patternMessage ?? `${label} has an invalid format` });
    return undefined;
  }
  return text;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function checkNumber(
  kind: 'integer' | 'number',
  property: { minimum?: number; maximum?: number },
  value: unknown,
  path: string,
  label: string,
  issues: FieldIssue[],
): number | undefined {
  let parsed: number | undefined;
  const whole = kind === 'integer';
  if (typeof value === 'number') parsed = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') parsed = 0;
    else if ((whole ? /^[+-]?\d+$/ : /^[+-]?(\d+\.?\d*|\.\d+)$/).test(text)) parsed = Number(text);
  }
  if (parsed === undefined || !Number.isFinite(parsed) || (whole && !Number.isInteger(parsed))) {
    issues.push({ path, message: `${label} must be ${whole ? 'a whole number' : 'a number'}` });
    return undefined;
  }
  const { minimum, maximum } = property;
  if ((minimum !== undefined && parsed < minimum) || (maximum !== undefined && parsed > maximum)) {
    const range =
      minimum !== undefined && maximum !== undefined
        ? `between ${minimum} and ${maximum}`
        : minimum !== undefined
          ? `at least ${minimum}`
          : `at most ${maximum}`;
    issues.push({ path, message: `${label} must be ${range}` });
    return undefined;
  }
  return parsed;
}

function checkArray(
  property: Extract<ConfigProperty, { type: 'array' }>,
  value: unknown,
  path: string,
  label: string,
  issues: FieldIssue[],
): string[] | undefined {
  if (!Array.isArray(value)) {
    issues.push({ path, message: `${label} must be a list` });
    return undefined;
  }
  const max = Math.min(property.maxItems ?? ARRAY_CAP, ARRAY_CAP);
  if (value.length > max) {
    issues.push({ path, message: `${label} must have at most ${max} items` });
    return undefined;
  }
  const out: string[] = [];
  let valid = true;
  value.forEach((item, i) => {
    const checked = checkString(property.items, item, `${path}.${i}`, `Each item of ${label}`, issues);
    if (checked === undefined) valid = false;
    // Repeats are dropped: a URL listed twice is one profile to visit.
    else if (checked !== '' && !out.includes(checked)) out.push(checked);
  });
  if (!valid) return undefined;
  if (property.minItems !== undefined && out.length < property.minItems) {
    issues.push({
      path,
      message:
        property.minItems === 1
          ? `${label} needs at least one item`
          : `${label} needs at least ${property.minItems} items`,
    });
    return undefined;
  }
  return out;
}
