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

  // The CSS of a <style> element and of a style= attribute is an allowlist (issue 34): the same
  // value is tried in both, as a way around a denylist needs no url( at all.
  const inStyle = (css: string) => svg(`<style>.a{${css}}</style><rect class="a"/>`);
  const inAttribute = (css: string) => svg(`<rect style="${css.replace(/"/g, '&quot;')}"/>`);

  it.each([
    [
      'image-set() of a bare string',
      'fill:image-set("https://evil.test/a.png" 1x)',
      'the style function image-set()',
    ],
    [
      'image-set() of a url()',
      'fill:image-set(url(https://evil.test/a.png) 1x)',
      'the style function image-set()',
    ],
    [
      '-webkit-image-set() of a bare string',
      "fill:-webkit-image-set('https://evil.test/a.png' 1x)",
      'the style function -webkit-image-set()',
    ],
    [
      '-webkit-image-set() of a url()',
      'fill:-webkit-image-set(url("https://evil.test/a.png") 2x)',
      'the style function -webkit-image-set()',
    ],
    [
      'IMAGE-SET() in capitals',
      'fill:IMAGE-SET("https://evil.test/a.png" 1x)',
      'the style function IMAGE-SET()',
    ],
    ['var()', 'fill:var(--x)', 'the style function var()'],
    ['a custom property', '--x:url(https://evil.test/a.png)', 'the custom property --x'],
    ['attr()', 'fill:attr(data-x)', 'the style function attr()'],
    ['paint()', 'fill:paint(checkers)', 'the style function paint()'],
    ['element()', 'fill:element(#x)', 'the style function element()'],
    ['-moz-element()', 'fill:-moz-element(#x)', 'the style function -moz-element()'],
    ['cross-fade()', 'fill:cross-fade(url(#a), url(#b), 50%)', 'the style function cross-fade()'],
    ['image()', "fill:image('https://evil.test/a.png')", 'the style function image()'],
    ['env()', 'stroke-width:env(safe-area-inset-top)', 'the style function env()'],
    ['a function inside calc()', 'stroke-width:calc(1px + rgb(0,0,0))', 'the style function rgb()'],
    ['an unknown property', 'background:red', 'the style property background'],
    ['a property that can fetch, in capitals', 'CURSOR:auto', 'the style property CURSOR'],
    ['a vendor property', '-webkit-mask-image:none', 'the style property -webkit-mask-image'],
    [
      'a string where no font is named',
      'fill:"https://evil.test/a.png"',
      'a quoted text in the style property fill',
    ],
    ['an outside url()', 'fill:url(https://evil.test/p.svg#a)', 'a reference to another file'],
    ['an outside quoted URL()', 'mask:URL( "//evil.test/m.svg#m" )', 'a reference to another file'],
    ['a value the parser cannot read', 'fill:red) blue', 'a style that cannot be checked'],
    ['a word inside calc()', 'stroke-width:calc(1px + pi)', 'a style that cannot be checked'],
  ])('refuses %s in a <style> and in a style=, naming it', (_, css, found) => {
    expect(refusal(inStyle(css)), 'style element').toBe(BRAND_TEXTS.logoUnsafe(found));
    expect(refusal(inAttribute(css)), 'style attribute').toBe(BRAND_TEXTS.logoUnsafe(found));
  });

  it.each([
    [
      '@font-face',
      '@font-face{font-family:x;src:url(https://evil.test/f.woff)}',
      'the rule @font-face in a style',
    ],
    ['@media', '@media (min-width:1px){.a{fill:red}}', 'the rule @media in a style'],
    ['@namespace', '@namespace svg url(http://www.w3.org/2000/svg);', 'the rule @namespace in a style'],
    ['@supports', '@supports (fill:red){.a{fill:red}}', 'the rule @supports in a style'],
    ['an @import without url()', '@import "https://evil.test/a.css";', 'an @import of another file'],
    ['a pseudo-element', '.a::before{fill:red}', 'the selector ::before'],
    ['a pseudo-class function outside the list', '.a:has(.b){fill:red}', 'the selector :has()'],
    ['a nesting selector', '&{fill:red}', 'the selector &'],
    ['a nested rule', '.a{fill:red;.b{fill:url(https://evil.test/p.svg)}}', 'a style that cannot be checked'],
    ['HTML comment markers', '<!-- .a{fill:red} -->', 'a style that cannot be checked'],
    ['an escape', '.a{fill:u\\72l(https://evil.test/p.svg)}', 'escaped characters in a style'],
    ['expression()', '.a{width:expression(alert(1))}', 'a script in a style'],
    ['-moz-binding', '.a{-moz-binding:url(#x)}', 'a script in a style'],
    ['behavior', '.a{behavior:url(#x)}', 'a script in a style'],
    ['a javascript: url', '.a{fill:url(javascript:alert(1))}', 'a javascript: link'],
  ])('refuses %s in a <style>, naming it', (_, css, found) => {
    expect(refusal(svg(`<style><![CDATA[${css}]]></style>`))).toBe(BRAND_TEXTS.logoUnsafe(found));
  });

  it('checks a presentation attribute by the same allowlist: image-set() in mask= or fill= is refused', () => {
    expect(refusal(svg('<rect mask="image-set(&quot;https://evil.test/m.png&quot; 1x)"/>'))).toBe(
      BRAND_TEXTS.logoUnsafe('the style function image-set()'),
    );
    expect(refusal(svg('<rect fill="-webkit-image-set(&quot;//evil.test/a.png&quot; 1x)"/>'))).toBe(
      BRAND_TEXTS.logoUnsafe('the style function -webkit-image-set()'),
    );
    const kept = svg(
      '<rect fill="url(#g)" stroke="rgb(0,0,0)" stroke-width="2" transform="rotate(45 50 50)" font-family="\'Helvetica Neue\', Arial"/>',
    );
    expect(sanitiseSvg(Buffer.from(kept)).ok).toBe(true);
  });

  it('refuses @import and the script hooks in a style= as before', () => {
    for (const [css, found] of [
      ['fill:red;@import url(#a)', 'an @import of another file'],
      ['width:expression(alert(1))', 'a script in a style'],
      ['fill:u\\72l(#a)', 'escaped characters in a style'],
      ['fill:url(JavaScript:alert(1))', 'a javascript: link'],
    ])
      expect(refusal(inAttribute(css!)), css).toBe(BRAND_TEXTS.logoUnsafe(found!));
  });

  it('keeps an Illustrator-style logo with its <style> and style= as written', () => {
    const style =
      '.cls-1{fill:#1864ab;}.cls-2{fill:url(#grad);stroke:rgb(0 0 0 / 50%);stroke-width:2px}' +
      ' g > .cls-1:not(.x):nth-child(2n+1), #mark, [data-name="Layer 1"] *:first-child{opacity:.9}';
    const inline =
      "fill:#fff;opacity:.5;font-family:'Helvetica Neue',Arial,sans-serif;" +
      'transform:rotate(45deg) translate(2px,3px)';
    const more =
      'stroke-width:calc(1px + (2 * 0.5px));fill:hsla(210,75%,38%,1) !important;clip-path:url("#clip");' +
      'font:italic 700 12px/1.2 "Open Sans";mix-blend-mode:multiply;isolation:isolate;' +
      'transform:matrix(1,0,0,1,3,4) scaleX(-1) skewY(5deg)';
    const input = svg(
      `<defs><linearGradient id="grad"><stop offset="0" stop-color="#1864ab"/></linearGradient>` +
        `<clipPath id="clip"><rect width="10" height="10"/></clipPath><style>${style}</style></defs>` +
        `<g id="mark"><path class="cls-1" d="M0 0h10v10z"/><path class="cls-2" d="M1 1h5v5z"/></g>` +
        `<text style="${inline}">Acme</text><rect style='${more}'/>`,
    );
    const out = refusal(input);
    expect(out).toBe(
      `kept: ${svg(
        `<defs><linearGradient id="grad"><stop offset="0" stop-color="#1864ab"/></linearGradient>` +
          `<clipPath id="clip"><rect width="10" height="10"/></clipPath><style>${style.replace('>', '&gt;')}</style></defs>` +
          `<g id="mark"><path class="cls-1" d="M0 0h10v10z"/><path class="cls-2" d="M1 1h5v5z"/></g>` +
          `<text style="${inline}">Acme</text><rect style="${more.replace(/"/g, '&quot;')}"/>`,
      )}`,
    );
  });

  it('adds the SVG namespace an <img> needs and drops animation that could rewrite a link', () => {
    expect(refusal('<svg width="10"><animate attributeName="x" to="5"/><rect width="1"/></svg>')).toBe(
      'kept: <svg xmlns="http://www.w3.org/2000/svg" width="10"><rect width="1"/></svg>',
    );
  });
});
