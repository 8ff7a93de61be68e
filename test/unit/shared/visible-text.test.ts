import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { aiFilterInput } from '../../../shared/ai-filter';
import { registerInput, updateProfileInput } from '../../../shared/auth';
import { CONFIG_BOUNDS } from '../../../shared/automations';
import {
  hasHiddenCharacters,
  hasVisibleCharacter,
  hiddenCharactersMessage,
  jsonBoundsProblem,
  noVisibleCharacterMessage,
  visibleMultilineText,
  visibleText,
} from '../../../shared/text';

/** Each class of character that hides or pads a text, as a name an attacker would try (issue 18 point 4). */
const INVISIBLE: Record<string, string> = {
  'U+200B zero-width space': '\u200B',
  'U+2060 word joiner': '\u2060',
  'U+2061 function application': '\u2061',
  'U+2064 invisible plus': '\u2064',
  'U+FEFF BOM': '\uFEFF',
  'U+00AD soft hyphen': '\u00AD',
  'U+3164 Hangul filler': '\u3164',
  'U+115F Hangul choseong filler': '\u115F',
  'U+1160 Hangul jungseong filler': '\u1160',
  'U+FFA0 halfwidth Hangul filler': '\uFFA0',
  'U+17B4 Khmer vowel inherent aq': '\u17B4',
  'U+17B5 Khmer vowel inherent aa': '\u17B5',
  'U+180E Mongolian vowel separator': '\u180E',
  'U+2800 braille blank': '\u2800',
  'U+2028 line separator': '\u2028',
  'U+2029 paragraph separator': '\u2029',
  // Issue 34 point 5: the format characters and default-ignorables the list above had missed.
  'U+E0041 TAG LATIN CAPITAL LETTER A': '\u{E0041}',
  'U+E0001 LANGUAGE TAG': '\u{E0001}',
  'U+E007F CANCEL TAG': '\u{E007F}',
  'U+FFF9 interlinear annotation anchor': '\uFFF9',
  'U+FFFA interlinear annotation separator': '\uFFFA',
  'U+FFFB interlinear annotation terminator': '\uFFFB',
  'U+206A inhibit symmetric swapping (deprecated format)': '\u206A',
  'U+FFF0 unassigned default-ignorable': '\uFFF0',
  'U+1BCA0 shorthand format letter overlap': '\u{1BCA0}',
  'U+1D173 musical symbol begin beam': '\u{1D173}',
  'U+E0FFF unassigned default-ignorable': '\u{E0FFF}',
};

const name = visibleText('First name');
const request = visibleMultilineText('The request');
const messagesOf = (schema: z.ZodMiniType, value: unknown) =>
  z.safeParse(schema, value).error?.issues.map((i) => i.message) ?? [];
const text = z.string().check(name);
const multiline = z.string().check(request);

describe('the visible-text rule: invisible characters', () => {
  for (const [what, char] of Object.entries(INVISIBLE)) {
    it(`refuses ${what} alone, twice, and inside a name, one-line or multi-line`, () => {
      for (const value of [char, char + char, `Ada${char}Lovelace`, `${char}Ada`, `Ada${char}`]) {
        expect(hasHiddenCharacters(value), `${what} in ${JSON.stringify(value)}`).toBe(true);
        expect(hasHiddenCharacters(value, true), `${what} multi-line`).toBe(true);
        expect(messagesOf(text, value)).toEqual([hiddenCharactersMessage('First name')]);
        expect(messagesOf(multiline, value)).toEqual([hiddenCharactersMessage('The request')]);
      }
    });
  }

  it('says which field and what it cannot contain', () => {
    expect(hiddenCharactersMessage('First name')).toBe(
      'First name cannot contain control, invisible or text-direction characters',
    );
    expect(noVisibleCharacterMessage('Last name')).toBe('Last name must contain a visible character');
  });

  it('still refuses controls, bidi controls and lone surrogates, and CR/LF on one line only', () => {
    for (const value of ['a\u0000', 'a\u001b[31m', 'a\u007f', 'a\u0085', 'a\u202Eb', 'a\u2066b', 'a\uDC00']) {
      expect(messagesOf(text, value), JSON.stringify(value)).toEqual([hiddenCharactersMessage('First name')]);
      expect(messagesOf(multiline, value), JSON.stringify(value)).toEqual([
        hiddenCharactersMessage('The request'),
      ]);
    }
    expect(messagesOf(text, 'a\nb')).toEqual([hiddenCharactersMessage('First name')]);
    expect(messagesOf(text, 'a\tb')).toEqual([hiddenCharactersMessage('First name')]);
    expect(messagesOf(multiline, 'line one\r\nline two\tend')).toEqual([]);
  });
});

describe('the visible-text rule: something to see', () => {
  it('refuses a text of joiners, variation selectors or marks alone, which show nothing', () => {
    for (const value of ['\u200D', '\u200D\u200D', '\u200C', '\uFE0F', '\u0301', '\u034F', ' \u200D ']) {
      expect(hasVisibleCharacter(value), JSON.stringify(value)).toBe(false);
      expect(messagesOf(text, value), JSON.stringify(value)).toEqual([
        noVisibleCharacterMessage('First name'),
      ]);
      expect(messagesOf(multiline, value), JSON.stringify(value)).toEqual([
        noVisibleCharacterMessage('The request'),
      ]);
    }
  });

  it('keeps joiners and variation selectors beside visible characters: emoji sequences, Persian, Hindi', () => {
    for (const value of ['👩🏽‍💻', '👨‍👩‍👧', '❤️', 'می‌خواهم', 'क्‍ष', 'e\u0301']) {
      expect(hasVisibleCharacter(value), value).toBe(true);
      expect(messagesOf(text, value), value).toEqual([]);
    }
  });

  it('accepts the subdivision flags, spelled with tag characters, and refuses any other tag sequence', () => {
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    const wales = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}';
    for (const flag of [england, scotland, wales]) {
      expect(messagesOf(text, `Ada ${flag}`), flag).toEqual([]);
      expect(hasHiddenCharacters(flag, true)).toBe(false);
    }
    // 'ignore' spelled in tags after a black flag; a flag's tags with no cancel tag; tags after text.
    const hidden = (word: string) =>
      [...word].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    for (const value of [
      `\u{1F3F4}${hidden('ignore')}\u{E007F}`,
      `\u{1F3F4}${hidden('gbeng')}`,
      `Ada${hidden('gbeng')}\u{E007F}`,
      `${england}${hidden('x')}`,
    ]) {
      expect(messagesOf(text, value), JSON.stringify(value)).toEqual([hiddenCharactersMessage('First name')]);
    }
  });

  it('accepts one visible character, in any script', () => {
    for (const value of ['a', 'Z', '山', 'ß', 'س', '🚀', '.', 'Zoë', 'Ñúñez-Brontë']) {
      expect(messagesOf(text, value), value).toEqual([]);
    }
  });

  it('leaves an empty text or spaces only to the field (which trims them to "none")', () => {
    for (const value of ['', ' ', '   ', '\u00A0', '\u3000']) {
      expect(messagesOf(text, value), JSON.stringify(value)).toEqual([]);
    }
    expect(messagesOf(multiline, '\n\n')).toEqual([]);
  });

  it('counts white space, marks, default-ignorables and the braille blank as nothing to see', () => {
    expect(hasVisibleCharacter('')).toBe(false);
    expect(hasVisibleCharacter(' \t\n\u00A0\u2003\u3000')).toBe(false);
    expect(hasVisibleCharacter('\u0300\u0489\u20DD')).toBe(false);
    expect(hasVisibleCharacter('\u2800')).toBe(false);
    expect(hasVisibleCharacter('\u{E0041}\uFE0E')).toBe(false);
    expect(hasVisibleCharacter('\u2800x')).toBe(true);
  });
});

describe('names a person can see (register and profile)', () => {
  const base = { email: 'a@example.test', username: 'someone', password: 'Sturdy-Lantern-42' };

  it('refuses a first or last name of invisible characters with the field named', () => {
    for (const [what, char] of Object.entries(INVISIBLE)) {
      expect(messagesOf(registerInput, { ...base, firstName: char + char }), what).toEqual([
        hiddenCharactersMessage('First name'),
      ]);
      expect(messagesOf(updateProfileInput, { username: 'someone', lastName: `Ada${char}` }), what).toEqual([
        hiddenCharactersMessage('Last name'),
      ]);
    }
    expect(messagesOf(updateProfileInput, { username: 'someone', firstName: '\u200D\u200D' })).toEqual([
      noVisibleCharacterMessage('First name'),
    ]);
  });

  it('stores a name trimmed, and spaces only as no name', () => {
    expect(z.parse(updateProfileInput, { username: 'someone', firstName: '  Zoë  ' }).firstName).toBe('Zoë');
    expect(z.parse(updateProfileInput, { username: 'someone', firstName: '   ' }).firstName).toBe('');
  });
});

describe('other texts a person sees', () => {
  it('the AI request refuses invisible characters at its ends, before the trim could hide them', () => {
    for (const query of ['\uFEFFfounders', 'founders\u2028', '\u200B']) {
      expect(messagesOf(aiFilterInput, { query, automationId: 'a-1' }), JSON.stringify(query)).toEqual([
        hiddenCharactersMessage('The request'),
      ]);
    }
    expect(messagesOf(aiFilterInput, { query: 'founders\nin Berlin', automationId: 'a-1' })).toEqual([]);
  });

  it('a trob setting refuses invisible characters in its texts and keys', () => {
    expect(jsonBoundsProblem({ a: 'x\u200By' }, CONFIG_BOUNDS)).toBe(
      'cannot contain control, invisible or text-direction characters',
    );
    expect(jsonBoundsProblem({ 'k\u2060': 1 }, CONFIG_BOUNDS)).toBe(
      'cannot contain control, invisible or text-direction characters',
    );
    expect(jsonBoundsProblem({ a: 'one\ntwo' }, CONFIG_BOUNDS)).toBeUndefined();
  });
});

describe('bounds of free-form settings (jsonBoundsProblem)', () => {
  const small = { maxDepth: 2, maxNodes: 5, maxKeyLength: 3, maxStringLength: 4 };

  it('counts every key, value and item: the limit passes, one more does not', () => {
    // root 1 + key 1 + list 1 + 2 items = 5
    expect(jsonBoundsProblem({ a: [1, 2] }, small)).toBeUndefined();
    expect(jsonBoundsProblem({ a: [1, 2, 3] }, small)).toBe('must hold at most 5 values');
    // root 1 + 3 keys + 3 values = 7: the keys count too
    expect(jsonBoundsProblem({ a: 1, b: 2, c: 3 }, small)).toBe('must hold at most 5 values');
    expect(jsonBoundsProblem({ a: 1, b: 2 }, small)).toBeUndefined();
  });

  it('takes texts and keys up to their length, and not one character more', () => {
    expect(jsonBoundsProblem({ abc: 'abcd' }, small)).toBeUndefined();
    expect(jsonBoundsProblem({ a: 'abcde' }, small)).toBe('texts must be 4 characters or less');
    expect(jsonBoundsProblem({ abcd: 1 }, small)).toBe('keys must be 3 characters or less');
  });

  it('allows plain values at the deepest level and refuses an object or a list there', () => {
    for (const leaf of [1, null, true, 'ok']) {
      expect(jsonBoundsProblem({ a: { b: leaf } }, small), JSON.stringify(leaf)).toBeUndefined();
      expect(jsonBoundsProblem({ a: [leaf] }, small), JSON.stringify(leaf)).toBeUndefined();
    }
    expect(jsonBoundsProblem({ a: { b: {} } }, small)).toBe('must be nested at most 2 levels deep');
    expect(jsonBoundsProblem({ a: [[1]] }, small)).toBe('must be nested at most 2 levels deep');
  });

  it('finds a problem after good values, in a list or an object', () => {
    expect(jsonBoundsProblem({ a: [1, 'abcde'] }, small)).toBe('texts must be 4 characters or less');
    expect(jsonBoundsProblem({ a: 1, b: 'abcde' }, small)).toBe('texts must be 4 characters or less');
    expect(jsonBoundsProblem({ a: ['x\u200B'] }, small)).toBe(
      'cannot contain control, invisible or text-direction characters',
    );
  });

  it('reports its refusals as custom issues, like every other rule', () => {
    for (const value of ['\u200B', '\u200D']) {
      expect(z.safeParse(text, value).error?.issues[0]?.code).toBe('custom');
    }
  });
});
