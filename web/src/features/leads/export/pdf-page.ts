import { PRODUCT_NAME } from '../../../../../shared/product';

/**
 * The PDF export's page and heading, apart from the PDF writer so that the page choosing them does not
 * load it.
 */

/** DECISIONS 32: a PLUS workspace's brand heads its PDF exports; the product's own otherwise. */
export interface PdfBrand {
  name: string;
  /** `#rrggbb`. */
  accent: string;
  /** The logo as PNG bytes (an SVG logo is drawn to PNG first: brand-logo.ts), left of the name. */
  logoPng?: Uint8Array;
}
export const DEFAULT_PDF_BRAND: PdfBrand = { name: PRODUCT_NAME, accent: '#3b5bdb' };

/** Landscape page sizes in points. */
export const PAPER_SIZES = { a4: [841.89, 595.28], letter: [792, 612] } as const;
export type Paper = keyof typeof PAPER_SIZES;

/** Letter where it is the usual paper (the US, Canada, Mexico, the Philippines, Chile, Colombia), A4 elsewhere. */
export function paperFor(locale: string | undefined): Paper {
  const region = (locale ?? '').split(/[-_]/)[1]?.toUpperCase() ?? '';
  return ['US', 'CA', 'MX', 'PH', 'CL', 'CO'].includes(region) ? 'letter' : 'a4';
}
