import * as z from 'zod/mini';
import { nameText } from './text';

/**
 * White label (DECISIONS 32, issue 22 point 3): a PLUS owner's brand for their workspace, a product
 * name, a logo (PNG or SVG) and an accent colour that white text stays readable on (WCAG AA). The
 * API's words, limits and request schema, and the contrast arithmetic, read by the handlers and the
 * Brand section alike: this file stays free of heavy imports, the browser bundles it.
 */

/** The product name's limit, in graphemes (what a person counts as characters: 👩🏽‍💻 is one). */
export const BRAND_NAME_MAX = 40;
/** A bound in UTF-16 code units before the grapheme count: 40 long emoji sequences fit, a flood does not. */
export const BRAND_NAME_MAX_UNITS = 400;
export const BRAND_LOGO_MAX_BYTES = 200 * 1024;
/** A PNG logo's largest side in pixels: a small file must not unpack to a huge bitmap in every tab. */
export const BRAND_LOGO_MAX_SIDE = 4096;
/** WCAG 2.x AA for normal text: white text on the accent reaches at least this contrast. */
export const BRAND_MIN_CONTRAST = 4.5;
export const BRAND_TEXT_COLOR = '#FFFFFF';

export const BRAND_LOGO_TYPES = ['image/png', 'image/svg+xml'] as const;
export type BrandLogoType = (typeof BRAND_LOGO_TYPES)[number];

/** What the file input accepts: the extensions and the media types. */
export const BRAND_LOGO_ACCEPT = '.png,.svg,image/png,image/svg+xml';

/** A ratio as the messages show it: cut (not rounded) to one decimal, so 4.47 never reads as 4.5. */
export const formatContrast = (ratio: number): string => (Math.floor(ratio * 10) / 10).toFixed(1);

export const BRAND_TEXTS = {
  notInPlan: 'White label is available on the Plus plan. Upgrade to show your own brand.',
  nameRequired: 'Enter a product name.',
  nameTooLong: `The product name can be at most ${BRAND_NAME_MAX} characters.`,
  accentFormat: 'Enter the accent colour as #RRGGBB, for example #1864AB.',
  accentTooLight: (ratio: number) =>
    `This colour is too light for white text (contrast ${formatContrast(ratio)}:1; ` +
    `WCAG AA needs ${BRAND_MIN_CONTRAST}:1). Choose a darker colour.`,
  logoFormat: 'The logo must be a PNG or SVG file.',
  logoTooLarge: 'The logo must be 200 KB or smaller.',
  logoEmpty: 'The logo file is empty.',
  logoNotPng: 'This file is not a valid PNG image.',
  logoPngTooLarge: `The logo can be at most ${BRAND_LOGO_MAX_SIDE} × ${BRAND_LOGO_MAX_SIDE} pixels.`,
  logoNotSvg: 'This file is not a valid SVG image.',
  logoUnsafe: (found: string) =>
    `SVG logos cannot contain scripts, event handlers, links or outside references (found ${found}). ` +
    'Export the logo again as a plain SVG.',
  saved: 'Brand saved',
  reset: 'Brand reset to the default',
  section: {
    title: 'Brand',
    intro:
      'Your product name, logo and accent colour replace ours in the app and the browser tab for you ' +
      'and your teammates, and head your PDF exports. E-mails keep our name.',
    viewPricing: 'View pricing plans',
    nameLabel: 'Product name',
    nameDescription: `Up to ${BRAND_NAME_MAX} characters.`,
    accentLabel: 'Accent colour',
    accentDescription: 'A hex colour such as #1864AB. White text must stay readable on it.',
    accentPickerLabel: 'Pick the accent colour',
    contrastOk: (ratio: number) =>
      `Contrast with white text: ${formatContrast(ratio)}:1, meets WCAG AA (${BRAND_MIN_CONTRAST}:1).`,
    logoLabel: 'Logo',
    logoDescription: 'PNG or SVG, up to 200 KB.',
    logoPreviewAlt: 'Your logo',
    removeLogo: 'Remove logo',
    noLogo: 'No logo',
    previewLabel: 'Preview of the app header',
    save: 'Save brand',
    resetButton: 'Reset to default',
    resetTitle: 'Reset your brand?',
    resetConfirm: 'Your product name, logo and accent colour are removed. The app shows its own again.',
    cancel: 'Cancel',
    loading: 'Loading your brand',
    loadError: 'Could not load your brand',
    retry: 'Retry',
    saveFailed: 'Could not save your brand',
    resetFailed: 'Could not reset your brand',
    readFailed: 'The file could not be read. Choose it again.',
  },
} as const;

/** GET /api/team/brand's answer: the stored brand, or null while the workspace has none. */
export type BrandView = {
  name: string;
  /** #RRGGBB, upper case; null: the app's own accent. */
  accentColor: string | null;
  logo: { dataUrl: string; type: BrandLogoType } | null;
  updatedAt: string;
} | null;

/** Graphemes as a person counts them (accents, flags and emoji sequences count once). */
export function graphemeCount(value: string): number {
  let count = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)) count++;
  return count;
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const isHexColor = (value: string): boolean => HEX_COLOR.test(value);

/** WCAG 2.x relative luminance of an sRGB #RRGGBB colour (0 for black, 1 for white). */
export function relativeLuminance(hex: string): number {
  if (!isHexColor(hex)) throw new RangeError(`not a #RRGGBB colour: ${hex}`);
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #RRGGBB colours, from 1 (same) to 21 (black on white); order does not matter. */
export function contrastRatio(hexA: string, hexB: string): number {
  const [a, b] = [relativeLuminance(hexA), relativeLuminance(hexB)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Why white text on this accent is refused, or undefined when it reaches WCAG AA. */
export function accentProblem(hex: string): string | undefined {
  if (!isHexColor(hex)) return BRAND_TEXTS.accentFormat;
  const ratio = contrastRatio(hex, BRAND_TEXT_COLOR);
  return ratio < BRAND_MIN_CONTRAST ? BRAND_TEXTS.accentTooLight(ratio) : undefined;
}

/** `data:image/png;base64,…` or `data:image/svg+xml;base64,…`, nothing else. */
export const LOGO_DATA_URL = /^data:(image\/png|image\/svg\+xml);base64,([A-Za-z0-9+/]*={0,2})$/;
/** The longest data URL a logo of BRAND_LOGO_MAX_BYTES makes; the server counts the decoded bytes. */
export const BRAND_LOGO_MAX_DATA_URL =
  'data:image/svg+xml;base64,'.length + Math.ceil(BRAND_LOGO_MAX_BYTES / 3) * 4;

export const brandName = z.string({ error: BRAND_TEXTS.nameRequired }).check(
  z.maxLength(BRAND_NAME_MAX_UNITS, { error: BRAND_TEXTS.nameTooLong, abort: true }),
  nameText(BRAND_TEXTS.section.nameLabel),
  z.trim(),
  z.minLength(1, BRAND_TEXTS.nameRequired),
  z.refine((value) => graphemeCount(value) <= BRAND_NAME_MAX, BRAND_TEXTS.nameTooLong),
);

export const brandAccentColor = z.nullable(
  z.string({ error: 'accentColor is required (null for the default)' }).check(
    z.regex(HEX_COLOR, { error: BRAND_TEXTS.accentFormat, abort: true }),
    z.toUpperCase(),
    z.superRefine((value, ctx) => {
      const problem = accentProblem(value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
    }),
  ),
);

export const brandLogo = z.nullable(
  z
    .string({ error: 'logo is required (null for none)' })
    .check(
      z.maxLength(BRAND_LOGO_MAX_DATA_URL, { error: BRAND_TEXTS.logoTooLarge, abort: true }),
      z.regex(LOGO_DATA_URL, BRAND_TEXTS.logoFormat),
    ),
);

/**
 * PUT /api/team/brand: the whole brand at once. `logo` is the file as a base64 data URL (the stored one
 * sent back keeps it), null for none; `accentColor` null keeps the app's own accent.
 */
export const brandInput = z.object({ name: brandName, accentColor: brandAccentColor, logo: brandLogo });
export type BrandInput = z.input<typeof brandInput>;
export type BrandOutput = z.output<typeof brandInput>;
