import type { ConfigProperty, ConfigSchema } from '../../../../shared/catalogue';
import { EXPORT_FORMAT_TABLE, isExportFormat } from '../../../../shared/export-formats';
import { EXPORT_FORMAT_FIELD, exportFormatInPlan, upgradeHint } from '../../../../shared/plan-policy';
import type { FormValues } from './config-form';

/** Choices of one field the user's plan does not include: shown disabled, with the upgrade hint. */
export interface OptionLock {
  readonly disabled: ReadonlySet<string>;
  readonly hint: string;
}

/** By the field's name in the form ('exportSettings.format'). */
export type OptionLocks = Readonly<Record<string, OptionLock>>;

function propertyAt(schema: ConfigSchema, path: string): ConfigProperty | undefined {
  let properties: Record<string, ConfigProperty> | undefined = schema.properties;
  let property: ConfigProperty | undefined;
  for (const key of path.split('.')) {
    property = properties?.[key];
    if (!property) return undefined;
    properties = property.type === 'object' ? property.properties : undefined;
  }
  return property;
}

const joinLabels = (labels: string[]) =>
  labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;

/**
 * The choices the plan lacks, where the choice is made (the start refuses the same ones, with the same
 * plan policy): today the export formats outside the plan's limit table (FREE and BASE: CSV only).
 */
export function planLocks(schema: ConfigSchema, plan: string | null | undefined): OptionLocks {
  const format = propertyAt(schema, EXPORT_FORMAT_FIELD);
  if (format?.type !== 'string' || !format.enum) return {};
  const locked = format.enum.filter((value) => !exportFormatInPlan(plan, value));
  if (locked.length === 0) return {};
  const labels = locked.map((value) => (isExportFormat(value) ? EXPORT_FORMAT_TABLE[value].label : value));
  const hint = upgradeHint(plan);
  return {
    [EXPORT_FORMAT_FIELD]: {
      disabled: new Set(locked),
      hint: `${joinLabels(labels)} export ${locked.length === 1 ? 'is' : 'are'} not included in your plan.${hint ? ` ${hint}` : ''}`,
    },
  };
}

function getPath(values: FormValues, path: string[]): unknown {
  let at: unknown = values;
  for (const key of path) at = typeof at === 'object' && at !== null ? (at as FormValues)[key] : undefined;
  return at;
}

function setPath(values: FormValues, [key, ...rest]: string[], value: unknown): FormValues {
  if (key === undefined) return values;
  if (rest.length === 0) return { ...values, [key]: value };
  const inner = values[key];
  return {
    ...values,
    [key]: setPath(typeof inner === 'object' && inner !== null ? (inner as FormValues) : {}, rest, value),
  };
}

/**
 * Values that pick nothing the plan lacks: a preset (or a default) naming a locked choice gets the
 * field's default when the plan has it, else its first choice the plan has.
 */
export function withinPlan(schema: ConfigSchema, values: FormValues, locks: OptionLocks): FormValues {
  let out = values;
  for (const [name, lock] of Object.entries(locks)) {
    const path = name.split('.');
    const current = getPath(out, path);
    if (typeof current !== 'string' || !lock.disabled.has(current)) continue;
    const property = propertyAt(schema, name);
    const choices = property?.type === 'string' ? (property.enum ?? []) : [];
    const fallback = [property?.default, ...choices].find(
      (choice): choice is string =>
        typeof choice === 'string' && choices.includes(choice) && !lock.disabled.has(choice),
    );
    if (fallback !== undefined) out = setPath(out, path, fallback);
  }
  return out;
}
