/**
 * The Configuration card's reading of an automation's config (part 2 section 3: targetSettings,
 * filteringSettings, exportSettings...): one group per settings object, one row per value, keys in
 * words ('maxProfiles' → 'Max profiles') and values as text.
 */
export interface ConfigRow {
  label: string;
  value: string;
}

export interface ConfigGroup {
  title: string;
  rows: ConfigRow[];
}

const WORDS: Readonly<Record<string, string>> = {
  url: 'URL',
  urls: 'URLs',
  id: 'ID',
  ids: 'IDs',
  linkedin: 'LinkedIn',
  ai: 'AI',
  csv: 'CSV',
};

/** 'linkedinPostUrl' → 'LinkedIn post URL'; 'max_profiles' → 'Max profiles'. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const first = words[0] ?? '';
  words[0] = WORDS[first.toLowerCase()] ?? first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function formatConfigValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.map(formatConfigValue).join(', ');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${humanizeKey(key)}: ${formatConfigValue(inner)}`)
      .join('; ');
  }
  return String(value);
}

function rowsOf(value: Record<string, unknown>, prefix = ''): ConfigRow[] {
  return Object.entries(value).flatMap(([key, inner]) => {
    const label = prefix ? `${prefix} › ${humanizeKey(key)}` : humanizeKey(key);
    return isRecord(inner) && Object.keys(inner).length > 0
      ? rowsOf(inner, label)
      : [{ label, value: formatConfigValue(inner) }];
  });
}

export function configGroups(config: Record<string, unknown> | undefined): ConfigGroup[] {
  if (!config) return [];
  const general: ConfigRow[] = [];
  const groups: ConfigGroup[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (isRecord(value)) {
      const rows = rowsOf(value);
      if (rows.length > 0) groups.push({ title: humanizeKey(key), rows });
    } else {
      general.push({ label: humanizeKey(key), value: formatConfigValue(value) });
    }
  }
  return general.length > 0 ? [{ title: 'General', rows: general }, ...groups] : groups;
}
