import type { CssNode, List, WalkContext } from 'css-tree';
import parseCss from 'css-tree/parser';
import walkCss from 'css-tree/walker';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  BRAND_LOGO_MAX_BYTES,
  BRAND_LOGO_MAX_SIDE,
  BRAND_TEXTS,
  type BrandLogoType,
  LOGO_DATA_URL,
} from '../../shared/brand';
import {
  SVG_ATTRIBUTES,
  SVG_ELEMENTS,
  SVG_REFUSED_ELEMENTS,
  SVG_STYLE_FUNCTIONS,
  SVG_STYLE_PROPERTIES,
  SVG_STYLE_STRING_PROPERTIES,
} from './svg-allowlist';

/**
 * A brand's logo (DECISIONS 32) is checked by its bytes, never by the type it claims: a PNG by its
 * signature, its IHDR header (the dimensions, bounded) and its IEND trailer; an SVG by parsing it.
 *
 * The SVG is parsed with fast-xml-parser (pinned in package.json): a maintained, dependency-light XML
 * parser with no DOM, so it runs in a Lambda as it is. DOMPurify needs a DOM (jsdom in Node), and
 * sanitize-html reads HTML, not XML. Nothing the parser keeps is trusted: the logo is written anew
 * from an allowlist (svg-allowlist.ts) by the serialiser below, which escapes every text and value.
 * What can carry script or reach outside the file is refused with a message naming it, so the owner
 * knows why and no logo is changed behind their back: <script>, <foreignObject> and the other
 * embedding elements, on* attributes, javascript: values, hrefs other than `#id` (a `<use>` of
 * another file included), url() to anything but `#id`, @import, processing instructions, and a
 * DOCTYPE or entity declaration (refused before parsing: no entity is ever expanded). What is merely
 * unknown (editor metadata, comments, animation, namespaced elements and attributes) is left out.
 *
 * CSS (a <style> element, a style= attribute) is the exception: it is read with css-tree (pinned)
 * and checked against an allowlist, and anything outside it is refused, never dropped, so the CSS is
 * kept as the owner's file wrote it, byte for byte. A <style> holds rules only (no at-rule: no
 * @import, @font-face or @media), with plain selectors; a declaration sets a property of
 * SVG_STYLE_PROPERTIES (no custom property), to a value of words, numbers, lengths, percentages, hash
 * colours, quoted strings only where a font is named, url(#id), and the functions of
 * SVG_STYLE_FUNCTIONS (no var(), image-set(), image(), element(), paint(), attr(), env()...).
 */

export type LogoCheck =
  | { ok: true; logo: { type: BrandLogoType; bytes: Buffer } }
  | { ok: false; message: string };

const refuse = (message: string): LogoCheck => ({ ok: false, message });

/** A logo sent as a base64 data URL (the request schema already bounded its length). */
export function checkLogo(dataUrl: string): LogoCheck {
  const match = LOGO_DATA_URL.exec(dataUrl);
  if (!match) return refuse(BRAND_TEXTS.logoFormat);
  const type = match[1] as BrandLogoType;
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length === 0) return refuse(BRAND_TEXTS.logoEmpty);
  if (bytes.length > BRAND_LOGO_MAX_BYTES) return refuse(BRAND_TEXTS.logoTooLarge);
  if (type === 'image/png') {
    const problem = pngProblem(bytes);
    return problem ? refuse(problem) : { ok: true, logo: { type, bytes } };
  }
  const svg = sanitiseSvg(bytes);
  if (!svg.ok) return svg;
  if (svg.bytes.length > BRAND_LOGO_MAX_BYTES) return refuse(BRAND_TEXTS.logoTooLarge);
  return { ok: true, logo: { type, bytes: svg.bytes } };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** Why these bytes are not a PNG logo: signature, IHDR first (13 bytes, sides 1..max), IEND last. */
export function pngProblem(bytes: Buffer): string | undefined {
  if (bytes.length < PNG_SIGNATURE.length + 25 + PNG_IEND.length) return BRAND_TEXTS.logoNotPng;
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return BRAND_TEXTS.logoNotPng;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR')
    return BRAND_TEXTS.logoNotPng;
  if (!bytes.subarray(bytes.length - PNG_IEND.length).equals(PNG_IEND)) return BRAND_TEXTS.logoNotPng;
  const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  if (width === 0 || height === 0) return BRAND_TEXTS.logoNotPng;
  if (width > BRAND_LOGO_MAX_SIDE || height > BRAND_LOGO_MAX_SIDE) return BRAND_TEXTS.logoPngTooLarge;
  return undefined;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Entities are decoded below, by a rule that knows only XML's five and character references.
  processEntities: false,
  htmlEntities: false,
  commentPropName: '#comment',
  cdataPropName: '#cdata',
  ignorePiTags: false,
  ignoreDeclaration: false,
  // A logo is never deep; the parser throws past this, before anything recurses on it.
  maxNestedTags: 64,
});

type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };

class Refused extends Error {}
const unsafe = (found: string): never => {
  throw new Refused(BRAND_TEXTS.logoUnsafe(found));
};
const invalid = (): never => {
  throw new Refused(BRAND_TEXTS.logoNotSvg);
};

const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/**
 * Controls but tab and line breaks (XML 1.0 allows no C0 control; DEL and C1 are refused too, no logo
 * needs them), lone surrogates and the non-characters U+FFFE/U+FFFF.
 */
const NOT_XML_CHAR = /(?![\t\n\r])\p{Cc}|\p{Cs}|[\uFFFE\uFFFF]/u;

/** XML's five entities and character references decoded; anything else with `&` or a `<` is invalid. */
function decode(raw: string, attribute: boolean): string {
  if (raw.replace(ENTITY, '').includes('&') || (attribute && raw.includes('<'))) invalid();
  const text = raw.replace(ENTITY, (_, hex?: string, dec?: string, name?: string) => {
    if (name) return NAMED[name]!;
    const code = Number.parseInt(hex ?? dec!, hex ? 16 : 10);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) invalid();
    return String.fromCodePoint(code);
  });
  if (NOT_XML_CHAR.test(text)) invalid();
  return text;
}

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) =>
  escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');

/** What a browser reads a scheme through: whitespace and controls inside it are skipped. */
const squeezed = (value: string) => value.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();
const SCRIPT_SCHEME = /(?:java|vb)script:/;
/** url( to anything but a fragment of this file (#id), quoted or not. */
const OUTSIDE_URL = /url\(\s*(?!['"]?\s*#)/i;
const EMBEDDED_RASTER = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

/** CSS of a style attribute or element: first what the old denylist named, then the allowlist. */
function checkCss(css: string, context: 'stylesheet' | 'declarationList'): void {
  const lower = squeezed(css);
  if (SCRIPT_SCHEME.test(lower)) unsafe('a javascript: link');
  if (lower.includes('@import')) unsafe('an @import of another file');
  if (css.includes('\\')) unsafe('escaped characters in a style');
  if (lower.includes('expression(') || lower.includes('-moz-binding') || lower.includes('behavior:'))
    unsafe('a script in a style');
  let unreadable = false;
  const ast = parseCss(css, {
    context,
    parseValue: true,
    parseRulePrelude: true,
    parseCustomProperty: false,
    onParseError: () => {
      unreadable = true;
    },
  });
  if (unreadable) unsafe(UNREADABLE);
  if (ast.type === 'DeclarationList') checkDeclarations(ast.children);
  else if (ast.type === 'StyleSheet') {
    for (const node of ast.children) {
      if (node.type === 'Atrule') unsafe(`the rule @${node.name} in a style`);
      else if (node.type !== 'Rule') unsafe(UNREADABLE);
      else {
        walkCss(node.prelude, checkSelectorPart);
        checkDeclarations(node.block.children);
      }
    }
  } else unsafe(UNREADABLE);
}

const UNREADABLE = 'a style that cannot be checked';
const SELECTOR_NODES = new Set([
  'SelectorList',
  'Selector',
  'TypeSelector',
  'ClassSelector',
  'IdSelector',
  'AttributeSelector',
  'Combinator',
  'Identifier',
  'String',
  'Nth',
  'AnPlusB',
]);
/** Pseudo-classes that may take an argument (of selectors, or an An+B). */
const PSEUDO_FUNCTIONS = new Set([
  'not',
  'is',
  'where',
  'nth-child',
  'nth-last-child',
  'nth-of-type',
  'nth-last-of-type',
]);

function checkSelectorPart(node: CssNode): void {
  if (node.type === 'PseudoClassSelector') {
    if (node.children !== null && !PSEUDO_FUNCTIONS.has(node.name.toLowerCase()))
      unsafe(`the selector :${node.name}()`);
    return;
  }
  if (node.type === 'PseudoElementSelector') unsafe(`the selector ::${node.name}`);
  if (node.type === 'NestingSelector') unsafe('the selector &');
  if (!SELECTOR_NODES.has(node.type)) unsafe(UNREADABLE);
}

function checkDeclarations(children: List<CssNode>): void {
  for (const node of children) {
    if (node.type !== 'Declaration') unsafe(UNREADABLE);
    else {
      const property = node.property.toLowerCase();
      if (property.startsWith('--')) unsafe(`the custom property ${node.property}`);
      if (!SVG_STYLE_PROPERTIES.has(property)) unsafe(`the style property ${node.property}`);
      walkCss(node.value, function (this: WalkContext, value: CssNode) {
        checkValuePart(value, property, this.function);
      });
    }
  }
}

/** What a value holds besides functions, url(#id) and strings; inside calc(), numbers only. */
const VALUE_NODES = new Set([
  'Value',
  'Identifier',
  'Number',
  'Dimension',
  'Percentage',
  'Hash',
  'Operator',
  'WhiteSpace',
]);
const CALC_NODES = new Set(['Number', 'Dimension', 'Percentage', 'Operator', 'WhiteSpace', 'Parentheses']);

/** One node of a declaration's value, inside the function `within` (the nearest, if any). */
function checkValuePart(node: CssNode, property: string, within: CssNode | null): void {
  const calc = within?.type === 'Function' && within.name.toLowerCase() === 'calc';
  if (node.type === 'Function') {
    const name = node.name.toLowerCase();
    if (!SVG_STYLE_FUNCTIONS.has(name) || (calc && name !== 'calc'))
      unsafe(`the style function ${node.name}()`);
  } else if (node.type === 'Url') {
    if (!node.value.trim().startsWith('#')) unsafe('a reference to another file');
  } else if (node.type === 'String') {
    if (!SVG_STYLE_STRING_PROPERTIES.has(property) || within !== null)
      unsafe(`a quoted text in the style property ${property}`);
  } else if (!(calc ? CALC_NODES : VALUE_NODES).has(node.type)) unsafe(UNREADABLE);
}

const localName = (name: string) => (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name);

function checkedAttribute(element: string, name: string, value: string): string | undefined {
  const local = localName(name);
  if (/^on/i.test(local)) unsafe(`the event attribute ${name}`);
  if (SCRIPT_SCHEME.test(squeezed(value))) unsafe('a javascript: link');
  if (local === 'href') {
    const target = value.trim();
    const raster = element === 'image' && EMBEDDED_RASTER.test(target);
    if (!target.startsWith('#') && !raster) unsafe(`a link to another file in <${element}>`);
    return name === 'href' || name === 'xlink:href' ? target : undefined;
  }
  if (name === 'style') checkCss(value, 'declarationList');
  else if (OUTSIDE_URL.test(value)) unsafe('a reference to another file');
  // A presentation attribute is a CSS value too (fill="...", mask="..."): the same allowlist.
  else if (SVG_STYLE_PROPERTIES.has(name)) checkCss(`${name}:${value}`, 'declarationList');
  return SVG_ATTRIBUTES.has(name) ? value : undefined;
}

interface Serialised {
  out: string;
  usesXlink: boolean;
}

function serialise(node: XmlNode, state: Serialised): void {
  const tag = Object.keys(node).find((key) => key !== ':@')!;
  const children = (node[tag] ?? []) as XmlNode[];
  if (tag === '#text') {
    state.out += escapeText(decode(String(node[tag]), false));
    return;
  }
  if (tag === '#cdata') {
    const text = children.map((child) => String(child['#text'] ?? '')).join('');
    if (NOT_XML_CHAR.test(text)) invalid();
    state.out += escapeText(text);
    return;
  }
  if (tag === '#comment') return;
  if (tag.startsWith('?')) unsafe(`the processing instruction <${tag}>`);
  if (SVG_REFUSED_ELEMENTS.has(localName(tag).toLowerCase())) unsafe(`<${tag}>`);
  // Every attribute is checked, also those of an element that is left out below.
  const attributes: string[] = [];
  for (const [name, raw] of Object.entries(node[':@'] ?? {})) {
    const value = checkedAttribute(tag, name, decode(String(raw), true));
    if (name.startsWith('xmlns')) continue;
    if (value === undefined) continue;
    if (name.startsWith('xlink:')) state.usesXlink = true;
    attributes.push(` ${name}="${escapeAttribute(value)}"`);
  }
  if (tag === 'style') {
    const css = children.map((child) =>
      '#cdata' in child
        ? (child['#cdata'] as XmlNode[]).map((part) => String(part['#text'] ?? '')).join('')
        : decode(String(child['#text'] ?? ''), false),
    );
    checkCss(css.join(''), 'stylesheet');
  }
  const kept = SVG_ELEMENTS.has(tag);
  const inner: Serialised = { out: '', usesXlink: false };
  for (const child of children) serialise(child, inner);
  if (!kept) return;
  state.usesXlink ||= inner.usesXlink;
  const open = `<${tag}${attributes.join('')}`;
  state.out += inner.out === '' ? `${open}/>` : `${open}>${inner.out}</${tag}>`;
}

/**
 * The SVG written anew from what the allowlist keeps, or why it is refused. UTF-8 only (a BOM is
 * dropped); one root, an <svg> in the SVG namespace (added when missing, as an <img> needs it).
 */
export function sanitiseSvg(bytes: Buffer): { ok: true; bytes: Buffer } | { ok: false; message: string } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, message: BRAND_TEXTS.logoNotSvg };
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    return { ok: false, message: BRAND_TEXTS.logoUnsafe('a DOCTYPE or entity declaration') };
  if (XMLValidator.validate(text, { allowBooleanAttributes: false }) !== true)
    return { ok: false, message: BRAND_TEXTS.logoNotSvg };
  try {
    const nodes = parser.parse(text) as XmlNode[];
    const roots = nodes.filter((node) => {
      const tag = Object.keys(node).find((key) => key !== ':@')!;
      if (tag === '#text') return String(node[tag]).trim() !== '' ? invalid() : false;
      if (tag.startsWith('?') && tag !== '?xml') unsafe(`the processing instruction <${tag}>`);
      return tag !== '#comment' && tag !== '?xml';
    });
    if (roots.length !== 1) invalid();
    const root = roots[0]!;
    if (!('svg' in root)) invalid();
    const ns = root[':@']?.xmlns;
    if (ns !== undefined && ns !== SVG_NS) invalid();
    const state: Serialised = { out: '', usesXlink: false };
    serialise(root, state);
    const namespaces = ` xmlns="${SVG_NS}"${state.usesXlink ? ` xmlns:xlink="${XLINK_NS}"` : ''}`;
    const svg = state.out.replace(/^<svg/, `<svg${namespaces}`);
    return { ok: true, bytes: Buffer.from(svg, 'utf8') };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.message };
    // The parser's own refusals (nesting past the bound, a construct it cannot read).
    return { ok: false, message: BRAND_TEXTS.logoNotSvg };
  }
}
