import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkLogo, pngProblem, sanitiseSvg } from '../../functions/team/logo-sanitiser';
import {
  BRAND_LOGO_MAX_BYTES,
  BRAND_NAME_MAX,
  BRAND_TEXTS,
  brandInput,
  contrastRatio,
  graphemeCount,
} from '../../shared/brand';
import { hiddenCharactersMessage } from '../../shared/text';

/**
 * White label's rules (DECISIONS 32): the accent's contrast with white text (WCAG AA, 4.5:1), the
 * product name counted in graphemes, and the logo checked by its bytes (PNG) or rewritten from an
 * allowlist (SVG), refusing whatever could run script or reach another file.
 */

const valid = { name: 'Acme Outreach', accentColor: '#1864AB', logo: null };
const issuesOf = (input: unknown) => {
  const result = z.safeParse(brandInput, input);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};
const parsed = (input: unknown) => z.parse(brandInput, input);

/** A real PNG: signature, IHDR, IDAT, an optional private chunk of `padding` bytes, IEND. */
function png({ width = 1, height = 1, padding = 0 } = {}): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 24, 100, 171, 255]))),
    ...(padding > 0 ? [chunk('prVt', Buffer.alloc(padding, 7))] : []),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A PNG of exactly `size` bytes (the private chunk takes the rest). */
const pngOfSize = (size: number) => png({ padding: size - png({ padding: 1 }).length + 1 });
const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

describe('the accent colour against white text', () => {
  it('computes WCAG contrast ratios, in either order', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBe(1);
    expect(contrastRatio('#1864ab', '#FFFFFF')).toBeCloseTo(contrastRatio('#FFFFFF', '#1864AB'), 10);
  });

  it('accepts #767676 (4.54:1) and refuses #777777 (4.48:1) with the measured ratio cut, not rounded', () => {
    expect(contrastRatio('#767676', '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeLessThan(4.5);
    expect(issuesOf({ ...valid, accentColor: '#767676' })).toEqual([]);
    expect(issuesOf({ ...valid, accentColor: '#777777' })).toEqual([
      {
        path: 'accentColor',
        message:
          'This colour is too light for white text (contrast 4.4:1; WCAG AA needs 4.5:1). Choose a darker colour.',
      },
    ]);
  });

  it('names the ratio of a light colour, upper-cases a valid one and refuses what is not #RRGGBB', () => {
    expect(issuesOf({ ...valid, accentColor: '#339AF0' })[0]?.message).toBe(
      'This colour is too light for white text (contrast 2.9:1; WCAG AA needs 4.5:1). Choose a darker colour.',
    );
    expect(parsed({ ...valid, accentColor: '#1864ab' }).accentColor).toBe('#1864AB');
    expect(parsed({ ...valid, accentColor: null }).accentColor).toBeNull();
    for (const bad of ['1864AB', '#1864A', '#1864ABC', 'blue', '#GGGGGG', ''])
      expect(issuesOf({ ...valid, accentColor: bad }), bad).toEqual([
        { path: 'accentColor', message: BRAND_TEXTS.accentFormat },
      ]);
  });
});

describe('the product name', () => {
  const nameIssues = (name: string) => issuesOf({ ...valid, name }).map((i) => i.message);

  it('takes 40 characters and refuses 41, counting accents and emoji sequences as one each', () => {
    for (const unit of ['a', 'é', 'e\u0301', 'Ñ', '👩🏽‍💻', '🇫🇷', '山']) {
      expect(graphemeCount(unit.repeat(BRAND_NAME_MAX)), unit).toBe(40);
      expect(nameIssues(unit.repeat(40)), unit).toEqual([]);
      expect(nameIssues(unit.repeat(41)), unit).toEqual([BRAND_TEXTS.nameTooLong]);
    }
  });

  it('is trimmed, must not be empty, and holds no control or text-direction characters', () => {
    expect(parsed({ ...valid, name: '  Acme  ' }).name).toBe('Acme');
    expect(nameIssues(` ${'a'.repeat(40)} `)).toEqual([]);
    expect(nameIssues('')).toEqual([BRAND_TEXTS.nameRequired]);
    expect(nameIssues('   ')).toEqual([BRAND_TEXTS.nameRequired]);
    for (const hidden of ['Acme\u0000', 'Acme\u202Eevil', 'Ac\nme', '\u200B\u200B'])
      expect(nameIssues(hidden), JSON.stringify(hidden)).toEqual([hiddenCharactersMessage('Product name')]);
  });

  it('refuses a flood of combining marks by its length before counting', () => {
    expect(nameIssues(`a${'\u0301'.repeat(1000)}`)).toEqual([BRAND_TEXTS.nameTooLong]);
  });
});

describe('the logo, by its bytes', () => {
  it('keeps a PNG recognised by its signature and header', () => {
    const bytes = png({ width: 120, height: 40 });
    expect(pngProblem(bytes)).toBeUndefined();
    expect(checkLogo(dataUrl('image/png', bytes))).toEqual({ ok: true, logo: { type: 'image/png', bytes } });
  });

  it('refuses a fake PNG: other bytes, an SVG, a cut file, no IHDR, a zero or a huge side', () => {
    const real = png();
    const broken = Buffer.from(real);
    broken.write('IHDX', 12, 'latin1');
    for (const [what, bytes] of [
      ['text', Buffer.from('not a png at all, just some words to fill the header')],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>')],
      ['cut', real.subarray(0, real.length - 4)],
      ['no IHDR', broken],
      ['zero width', png({ width: 0 })],
    ] as const) {
      expect(checkLogo(dataUrl('image/png', bytes)), what).toEqual({
        ok: false,
        message: BRAND_TEXTS.logoNotPng,
      });
    }
    expect(checkLogo(dataUrl('image/png', png({ width: 4097 })))).toEqual({
      ok: false,
      message: BRAND_TEXTS.logoPngTooLarge,
    });
  });

  it('takes exactly 200 KB and refuses one byte more, in the schema and by the decoded bytes', () => {
    const atLimit = pngOfSize(BRAND_LOGO_MAX_BYTES);
    const over = pngOfSize(BRAND_LOGO_MAX_BYTES + 1);
    expect([atLimit.length, over.length]).toEqual([204800, 204801]);
    expect(issuesOf({ ...valid, logo: dataUrl('image/png', atLimit) })).toEqual([]);
    expect(checkLogo(dataUrl('image/png', atLimit)).ok).toBe(true);
    expect(checkLogo(dataUrl('image/png', over))).toEqual({ ok: false, message: BRAND_TEXTS.logoTooLarge });
    // Past what any 200 KB file encodes to, the schema refuses before decoding anything.
    const far = dataUrl('image/png', pngOfSize(BRAND_LOGO_MAX_BYTES + 16));
    expect(issuesOf({ ...valid, logo: far })).toEqual([{ path: 'logo', message: BRAND_TEXTS.logoTooLarge }]);
  });

  it('refuses other types, another encoding and an empty file', () => {
    for (const logo of ['data:image/jpeg;base64,/9j/4AAQ', 'data:image/png,rawbytes', 'https://x.test/l.png'])
      expect(issuesOf({ ...valid, logo }), logo).toEqual([{ path: 'logo', message: BRAND_TEXTS.logoFormat }]);
    expect(checkLogo('data:image/png;base64,')).toEqual({ ok: false, message: BRAND_TEXTS.logoEmpty });
  });
});

describe('an SVG logo', () => {
  const svg = (inner: string, attributes = '') =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40"${attributes}>${inner}</svg>`;
  const sanitised = (text: string) => sanitiseSvg(Buffer.from(text));
  const refusal = (text: string) => {
    const result = sanitised(text);
    return result.ok ? `kept: ${result.bytes.toString()}` : result.message;
  };

  it('keeps a clean logo, drawing and text intact, and leaves out editor metadata and comments', () => {
    const input = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: an editor -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 100 40" inkscape:version="1.3">
<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
<defs><linearGradient id="g"><stop offset="0" stop-color="#1864AB"/></linearGradient><style>.a{fill:url(#g)}</style></defs>
<path class="a" d="M0 0h10v10z"/><use xlink:href="#g" x="3"/><text x="1" y="30">Acme &amp; Co &#x263A;</text>
</svg>`;
    const result = sanitised(input);
    expect(result.ok).toBe(true);
    const out = result.ok ? result.bytes.toString() : '';
    expect(out).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40">\n\n' +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#1864AB"/></linearGradient><style>.a{fill:url(#g)}</style></defs>\n' +
        '<path class="a" d="M0 0h10v10z"/><use xlink:href="#g" x="3"/><text x="1" y="30">Acme &amp; Co ☺</text>\n' +
        '</svg>',
    );
    // Sanitising what was kept changes nothing (a stored logo sent back by the form is kept as it is).
    const again = sanitiseSvg(Buffer.from(out));
    expect(again.ok && again.bytes.toString()).toBe(out);
    expect(checkLogo(dataUrl('image/svg+xml', input))).toMatchObject({
      ok: true,
      logo: { type: 'image/svg+xml' },
    });
  });

  it.each([
    ['a <script> element', svg('<script>alert(1)</script>'), '<script>'],
    [
      'a <script> inside left-out metadata',
      svg('<metadata><script>alert(1)</script></metadata>'),
      '<script>',
    ],
    [
      'an onload attribute',
      svg('<rect width="1" height="1"/>', ' onload="alert(1)"'),
      'the event attribute onload',
    ],
    ['a javascript: href', svg('<a href="javascript:alert(1)"><rect/></a>'), 'a javascript: link'],
    [
      'a javascript: href spelt with a reference',
      svg('<a href="&#106;ava&#x09;script:x"><rect/></a>'),
      'a javascript: link',
    ],
    [
      'a <foreignObject>',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
      '<foreignObject>',
    ],
    [
      'an external <use>',
      svg('<use href="https://evil.test/sprite.svg#logo"/>'),
      'a link to another file in <use>',
    ],
    [
      'another file by xlink:href',
      svg('<use xlink:href="sprite.svg#logo"/>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'),
      'a link to another file in <use>',
    ],
    [
      'an outside url() in a style',
      svg('<rect style="fill:url(https://evil.test/p.svg#a)"/>'),
      'a reference to another file',
    ],
    ['an @import', svg('<style>@import url(https://evil.test/a.css);</style>'), 'an @import of another file'],
    [
      'an xml-stylesheet instruction',
      `<?xml-stylesheet href="https://evil.test/a.css"?>${svg('')}`,
      'the processing instruction <?xml-stylesheet>',
    ],
    [
      'a DOCTYPE with an entity',
      `<!DOCTYPE svg [<!ENTITY x "boom">]>${svg('<text>&x;</text>')}`,
      'a DOCTYPE or entity declaration',
    ],
  ])('refuses %s, naming it', (_, text, found) => {
    expect(refusal(text)).toBe(BRAND_TEXTS.logoUnsafe(found));
  });

  it('refuses what is not one well-formed <svg>: HTML, two roots, an undefined entity, nesting past the bound', () => {
    for (const text of [
      '<html><body/></html>',
      `${svg('')}${svg('')}`,
      svg('<text>&nbsp;</text>'),
      svg('<g>'),
      svg(`${'<g>'.repeat(80)}${'</g>'.repeat(80)}`),
      '<svg xmlns="http://evil.test/ns"/>',
    ])
      expect(refusal(text), text).toBe(BRAND_TEXTS.logoNotSvg);
    expect(sanitiseSvg(Buffer.from([0xff, 0xfe, 0x3c, 0x00]))).toEqual({
      ok: false,
      message: BRAND_TEXTS.logoNotSvg,
    });
  });

  it('adds the SVG namespace an <img> needs and drops animation that could rewrite a link', () => {
    expect(refusal('<svg width="10"><animate attributeName="x" to="5"/><rect width="1"/></svg>')).toBe(
      'kept: <svg xmlns="http://www.w3.org/2000/svg" width="10"><rect width="1"/></svg>',
    );
  });
});
