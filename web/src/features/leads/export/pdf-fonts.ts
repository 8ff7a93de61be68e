/// <reference types="vite/client" />

import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf?url';
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf?url';
import type { PdfFonts } from './leads-pdf';
import type { FallbackFonts } from './pdf-fonts-set';

/**
 * The PDF export's fonts, built into the app as files of their own and fetched only when a PDF is made.
 *
 * - The text font, DejaVu Sans Condensed (about 650 KB a weight): Latin with every accent, Greek,
 *   Cyrillic, Hebrew, Arabic, Armenian, Georgian. Its licence (Bitstream Vera's; DejaVu's changes in
 *   the public domain) allows embedding.
 * - For Chinese, Japanese and Korean characters, Noto Sans SC (SIL Open Font License) as Fontsource
 *   splits it: about a hundred files of 30 to 80 KB by the characters they hold, so a PDF with a few
 *   such names fetches a few of them.
 */

const CJK_FILES = import.meta.glob<string>(
  '../../../../../node_modules/@fontsource-variable/noto-sans-sc/files/noto-sans-sc-*-wght-normal.woff2',
  // Eager: the hundred addresses are a few KB of text, not a hundred modules to load.
  { query: '?url', import: 'default', eager: true },
);

async function fetched(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`A PDF font could not be loaded (${response.status})`);
  return response.arrayBuffer();
}

export async function loadPdfFonts(): Promise<PdfFonts> {
  const [regular, bold] = await Promise.all([fetched(regularUrl), fetched(boldUrl)]);
  return { regular, bold };
}

/** `U+4e00-4e8c,U+4e8e` as [first, last] code point pairs. */
export function unicodeRanges(text: string): Array<[number, number]> {
  return text.split(',').flatMap((part) => {
    const match = /^\s*U\+([0-9a-f]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!match) return [];
    const first = Number.parseInt(match[1]!, 16);
    return [[first, match[2] ? Number.parseInt(match[2], 16) : first]];
  });
}

/** The fallback for the characters the text font lacks: the Noto Sans SC file holding each. */
export async function loadCjkFallback(): Promise<FallbackFonts> {
  // The characters of each file, as Fontsource lists them ({ "[113]": "U+...", ... }).
  const { default: unicode } = (await import('@fontsource-variable/noto-sans-sc/unicode.json')) as {
    default: Record<string, string>;
  };
  const files = Object.entries(unicode).map(([key, ranges]) => ({
    file: `noto-sans-sc-${key.replace(/[[\]]/g, '')}-wght-normal.woff2`,
    ranges: unicodeRanges(ranges),
  }));
  const urls = new Map(
    Object.entries(CJK_FILES).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]),
  );
  const urlOf = (file: string) => urls.get(file);
  return {
    fileOf: (codePoint) =>
      files.find(
        ({ file, ranges }) => urlOf(file) && ranges.some(([a, b]) => codePoint >= a && codePoint <= b),
      )?.file,
    load: (file) => fetched(urlOf(file)!),
  };
}
