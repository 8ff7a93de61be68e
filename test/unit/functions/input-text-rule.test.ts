import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { DeclaredInput } from '../../../functions/core/http-handler';
import { httpRoutes } from '../../../functions/routes';
import { installLambdaGlobals } from '../../../scripts/local-cloud/lambda-runtime';
import { subscribeToJobProgress } from '../../../shared/realtime';

/**
 * Issue 34 point 4: every string field of every input schema the API parses goes through the shared
 * visible-text rule (shared/text.ts), or is closed by a pattern or a list that refuses the same
 * characters. The schemas are read from the handlers themselves (`inputSchemas`, which the handler
 * wrappers keep), so a new route or a new field is in this inventory the day it is written.
 */

type Schema = z.core.$ZodType;
const defOf = (schema: Schema) => schema._zod.def as unknown as Record<string, unknown> & { type: string };

/**
 * Texts no field may take: a control, a bidi override, an escape sequence, tags, annotations, padding.
 * Each is 20 characters or more, so a field's length floor (a token's 16) is not what refuses it.
 */
const PROBES: Record<string, string> = {
  NUL: 'Ada\u0000Lovelace-and-more',
  'CR/LF': 'Ada\r\nLovelace-and-more',
  ESC: 'Ada\u001b[31mLovelace-and-more',
  'U+202E override': 'Invoice-2026\u202Efdp.exe',
  'tag characters': 'Ada-Lovelace-and-more\u{E0069}\u{E0067}\u{E006E}',
  'interlinear annotation': 'Ada-Lovelace\uFFF9more\uFFFB',
  'zero-width spaces only': '\u200B'.repeat(20),
  'Hangul filler only': '\u3164'.repeat(20),
};
/** Multi-line texts may hold line breaks; every other probe still applies. */
const MULTILINE_ALLOWED = new Set(['CR/LF']);

/**
 * Fields that hold no text anyone reads, each with why. A password is hashed and never shown; it may
 * hold any character the person typed (NIST SP 800-63B 5.1.1.2 asks that every printing character and
 * space be allowed).
 */
const EXEMPT: Record<string, string> = {
  'POST /api/auth/register body.password': 'a password is hashed, never shown',
  'POST /api/auth/login body.password': 'a password is hashed, never shown',
  'POST /api/auth/reset-password body.password': 'a password is hashed, never shown',
  'POST /api/users/change-password body.currentPassword': 'a password is hashed, never shown',
  'POST /api/users/change-password body.newPassword': 'a password is hashed, never shown',
  'DELETE /api/users/account body.password': 'a password is hashed, never shown',
  'POST /api/users/extension/pair body.password': 'a password is hashed, never shown',
  'POST /api/keys body.password': 'a password is hashed, never shown',
};

/** Fields whose rule allows line breaks (a message, a comment, a description, a request to the AI). */
const MULTILINE: ReadonlySet<string> = new Set([
  // A trob's settings may hold multi-line texts (a message to send); shared/text.ts jsonBoundsProblem.
  'POST /api/automation/start body.config{value}',
  'POST /api/flows body.config.messagingSettings.companyDescription',
  'POST /api/flows/{id}/review body.decisions[].text',
  'POST /api/leads/ai-filter body.query',
]);

interface Field {
  path: string;
  schema: Schema;
  /** What the probe is wrapped in to reach the field's check: a record checks its keys and values. */
  wrap: (probe: string) => unknown;
}

const STRING_TYPES = new Set(['string']);
/** Closed sets: a value is one of a list, so no free text reaches the field. */
const CLOSED_TYPES = new Set([
  'enum',
  'literal',
  'boolean',
  'number',
  'bigint',
  'int',
  'date',
  'nan',
  'null',
]);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

const takesString = (schema: Schema): boolean => {
  const def = defOf(schema);
  if (STRING_TYPES.has(def.type)) return true;
  if (WRAPPERS.has(def.type)) return takesString(def.innerType as Schema);
  if (def.type === 'pipe') return takesString(def.in as Schema);
  return false;
};

/** Every place of a schema where a string is read, with the node that checks it. */
function* fieldsOf(schema: Schema, path: string): Generator<Field> {
  const def = defOf(schema);
  const self = (wrap: Field['wrap'] = (p) => p): Field => ({ path, schema, wrap });
  if (STRING_TYPES.has(def.type) || (def.type === 'pipe' && takesString(def.in as Schema))) {
    // The node itself: checks written after a pipe's transform are on the pipe, not on its string.
    yield self();
    return;
  }
  if (CLOSED_TYPES.has(def.type)) return;
  if (WRAPPERS.has(def.type)) {
    // A check may sit on the wrapper (z.optional(...).check(...)): probe through it.
    for (const field of fieldsOf(def.innerType as Schema, path)) {
      yield { ...field, schema: field.schema === def.innerType ? schema : field.schema };
    }
    return;
  }
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, Schema>))
        yield* fieldsOf(child, path ? `${path}.${key}` : key);
      return;
    case 'array':
      // A list of anything is probed through the list, whose own check is then what refuses.
      if (['unknown', 'any'].includes(defOf(def.element as Schema).type))
        yield { path: `${path}[]`, schema, wrap: (p) => [p] };
      else yield* fieldsOf(def.element as Schema, `${path}[]`);
      return;
    case 'union':
      for (const [i, option] of (def.options as Schema[]).entries()) yield* fieldsOf(option, `${path}|${i}`);
      return;
    case 'pipe':
      yield* fieldsOf(def.in as Schema, path);
      return;
    case 'record':
      // Its keys and values, probed through the record, whose own check may be the one that refuses.
      yield { path: `${path}{key}`, schema, wrap: (p) => ({ [p]: 'x' }) };
      if (
        takesString(def.valueType as Schema) ||
        ['unknown', 'any'].includes(defOf(def.valueType as Schema).type)
      )
        yield { path: `${path}{value}`, schema, wrap: (p) => ({ key: p, nested: { deeper: [p] } }) };
      else yield* fieldsOf(def.valueType as Schema, `${path}{value}`);
      return;
    default:
      // A type this walk cannot see into is a field it cannot vouch for.
      yield { path: `${path}<${def.type}>`, schema, wrap: (p) => p };
  }
}

async function routeInputs(): Promise<{ route: string; part: string; schema: Schema }[]> {
  installLambdaGlobals();
  const found: { route: string; part: string; schema: Schema }[] = [];
  for (const route of httpRoutes) {
    const module = (await import(
      /* @vite-ignore */ fileURLToPath(
        new URL(`../../../functions/${route.handler}.handler.ts`, import.meta.url),
      )
    )) as {
      handler: Partial<DeclaredInput>;
    };
    const schemas = module.handler.inputSchemas;
    if (!schemas) throw new Error(`${route.handler} keeps no inputSchemas: is it made by a handler wrapper?`);
    for (const [part, schema] of Object.entries(schemas)) {
      if (schema) found.push({ route: `${route.method} ${route.path}`, part, schema: schema as Schema });
    }
  }
  found.push({ route: 'WEBSOCKET subscribeToJobProgress', part: 'body', schema: subscribeToJobProgress });
  return found;
}

describe('every string field of every route input refuses hidden characters', async () => {
  const inputs = await routeInputs();
  const fields = inputs.flatMap(({ route, part, schema }) =>
    [...fieldsOf(schema, part)].map((field) => ({ ...field, key: `${route} ${field.path}` })),
  );

  it('finds the fields of every route (and each exemption still names one)', () => {
    expect(inputs.length).toBeGreaterThan(60);
    expect(fields.length).toBeGreaterThan(100);
    const keys = new Set(fields.map((f) => f.key));
    for (const key of [...Object.keys(EXEMPT), ...MULTILINE]) expect(keys, key).toContain(key);
    // The fields this issue found open are in the walk.
    for (const key of [
      'POST /api/flows body.name',
      'PUT /api/team/brand body.name',
      'PUT /api/users/profile body.firstName',
      'POST /api/flows/{id}/review body.decisions[].text',
    ])
      expect(keys, key).toContain(key);
  });

  it('refuses every probe in every field but the exempt ones', () => {
    const open: string[] = [];
    for (const field of fields) {
      if (EXEMPT[field.key]) continue;
      for (const [what, probe] of Object.entries(PROBES)) {
        if (MULTILINE.has(field.key) && MULTILINE_ALLOWED.has(what)) continue;
        if (z.safeParse(field.schema, field.wrap(probe)).success) open.push(`${field.key}: ${what}`);
      }
    }
    expect(open).toEqual([]);
  });

  it('lets multi-line fields keep their line breaks', () => {
    for (const field of fields.filter((f) => MULTILINE.has(f.key))) {
      const result = z.safeParse(field.schema, field.wrap('Ada\r\nx'));
      // Refused only for a reason other than the line break (a length floor, say), never for hidden characters.
      const messages = result.error?.issues.map((i) => i.message).join(' ') ?? '';
      expect(messages, field.key).not.toMatch(/control, invisible or text-direction/);
    }
  });
});

describe('every name field refuses a web address, a domain or an e-mail address', async () => {
  const inputs = await routeInputs();
  const nameFields = inputs.flatMap(({ route, part, schema }) =>
    [...fieldsOf(schema, part)]
      .filter((field) => /^body\.(?:name|firstName|lastName)$/.test(field.path))
      .map((field) => ({ ...field, key: `${route} ${field.path}` })),
  );

  it('finds the name fields: register, profile, brand, flow and API key', () => {
    expect(nameFields.map((f) => f.key).sort()).toEqual([
      'PATCH /api/flows/{id} body.name',
      'POST /api/auth/register body.firstName',
      'POST /api/auth/register body.lastName',
      'POST /api/flows body.name',
      'POST /api/keys body.name',
      'PUT /api/team/brand body.name',
      'PUT /api/users/profile body.firstName',
      'PUT /api/users/profile body.lastName',
    ]);
  });

  for (const value of [
    'https://evil.example/login',
    'Security team: verify at evil.example',
    'www.evil.example',
    'ada@evil.example',
    'evil\u3002example',
  ]) {
    it(`refuses ${JSON.stringify(value)} with a message naming the field`, () => {
      for (const field of nameFields) {
        const messages = z.safeParse(field.schema, value).error?.issues.map((i) => i.message) ?? [];
        expect(messages.join(' '), field.key).toMatch(
          /cannot contain a web address, domain or email address$/,
        );
      }
    });
  }

  it('accepts names with full stops, at-signs apart, accents and other scripts', () => {
    for (const value of [
      'J.R.R. Tolkien',
      'St. John',
      'Ana-María',
      'Zoë @ home',
      '山田',
      'Q4 outreach 2.0',
    ]) {
      for (const field of nameFields) {
        expect(z.safeParse(field.schema, value).success, `${field.key}: ${value}`).toBe(true);
      }
    }
  });
});
