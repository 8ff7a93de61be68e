/**
 * Rest.li 2.0 URL syntax, as LinkedIn's GraphQL `variables=` carries it: records `(k:v,k2:v2)`,
 * lists `List(a,b)`, and primitives percent-encoded where they hold `( ) , :` (URNs, keywords).
 * The parser is lenient the way the real server is: a primitive may hold unencoded colons and
 * balanced parentheses (`urn:li:fsd_socialDetail:(urn:li:activity:1,...)`).
 */
export type RestliValue = string | RestliValue[] | { [key: string]: RestliValue };

export class RestliSyntaxError extends Error {}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function parseRestli(text: string): RestliValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new RestliSyntaxError(`Rest.li: ${what} at ${i} in ${text.slice(0, 200)}`);
  };
  const expect = (ch: string) => {
    if (text[i] !== ch) fail(`expected "${ch}"`);
    i++;
  };

  const primitive = (): string => {
    const start = i;
    let depth = 0;
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '(') depth++;
      else if (ch === ')') {
        if (depth === 0) break;
        depth--;
      } else if (ch === ',' && depth === 0) break;
      i++;
    }
    if (depth !== 0) fail('unbalanced parentheses');
    return decode(text.slice(start, i));
  };

  const list = (): RestliValue[] => {
    i += 'List('.length;
    const out: RestliValue[] = [];
    if (text[i] === ')') {
      i++;
      return out;
    }
    for (;;) {
      out.push(value());
      if (text[i] === ',') {
        i++;
        continue;
      }
      expect(')');
      return out;
    }
  };

  const record = (): { [key: string]: RestliValue } => {
    expect('(');
    const out: { [key: string]: RestliValue } = {};
    if (text[i] === ')') {
      i++;
      return out;
    }
    for (;;) {
      const colon = text.indexOf(':', i);
      if (colon < 0) fail('expected "key:"');
      const key = decode(text.slice(i, colon));
      if (!/^[A-Za-z0-9_$.-]+$/.test(key)) fail(`bad key "${key}"`);
      i = colon + 1;
      out[key] = value();
      if (text[i] === ',') {
        i++;
        continue;
      }
      expect(')');
      return out;
    }
  };

  function value(): RestliValue {
    if (text.startsWith('List(', i)) return list();
    if (text[i] === '(') return record();
    return primitive();
  }

  const out = value();
  if (i !== text.length) fail('unexpected text');
  return out;
}

/** Percent-encodes a primitive for Rest.li: what encodeURIComponent does, and `( ) ' ! *` too. */
export function encodeRestliPrimitive(text: string): string {
  return encodeURIComponent(text).replace(
    /[()'!*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Writes a value in Rest.li URL syntax (what a driver puts after `variables=`). */
export function toRestli(value: RestliValue | number | boolean): string {
  if (Array.isArray(value)) return `List(${value.map(toRestli).join(',')})`;
  if (typeof value === 'object')
    return `(${Object.entries(value)
      .map(([k, v]) => `${k}:${toRestli(v)}`)
      .join(',')})`;
  return encodeRestliPrimitive(String(value));
}

/**
 * One query parameter as sent, not decoded: `variables=(...)` carries percent-encoded primitives that
 * URLSearchParams would decode once too often.
 */
export function rawQueryParam(search: string, name: string): string | undefined {
  for (const part of search.replace(/^\?/, '').split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (decode(key) === name) return eq < 0 ? '' : part.slice(eq + 1);
  }
  return undefined;
}

/**
 * The `variables` of a GraphQL URL as a record. Accepts both the raw form LinkedIn's web app sends
 * (`variables=(start:0,...)`) and a whole value encoded once more (`variables=%28start%3A0...`,
 * what URLSearchParams writes).
 */
export function restliVariables(search: string): { [key: string]: RestliValue } {
  const raw = rawQueryParam(search, 'variables');
  if (raw === undefined || raw === '') throw new RestliSyntaxError('Rest.li: variables are missing');
  const text = raw.startsWith('(') ? raw : decode(raw.replace(/\+/g, ' '));
  const parsed = parseRestli(text);
  if (typeof parsed !== 'object' || Array.isArray(parsed))
    throw new RestliSyntaxError('Rest.li: variables must be a record');
  return parsed;
}

/** Helpers to read parsed variables without casts. */
export function restliString(value: RestliValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function restliInt(value: RestliValue | undefined, fallback: number): number {
  const n = typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

export function restliRecord(value: RestliValue | undefined): { [key: string]: RestliValue } {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

export function restliList(value: RestliValue | undefined): RestliValue[] {
  return Array.isArray(value) ? value : [];
}

/** `queryParameters:List((key:resultType,value:List(PEOPLE)),...)` as key → string values. */
export function restliQueryParameters(value: RestliValue | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const entry of restliList(value)) {
    const record = restliRecord(entry);
    const key = restliString(record.key);
    if (!key) continue;
    out.set(
      key,
      restliList(record.value).flatMap((v) => (typeof v === 'string' ? [v] : [])),
    );
  }
  return out;
}
