import { readFileSync } from 'node:fs';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPagesText } from '../../../scripts/pdf-text';
import type { Lead } from '../../../shared/leads';
import { optionalColumnsOf } from '../../../web/src/features/leads/export/csv-columns';
import { PDF_MIME, pdfBuilder, textWidths } from '../../../web/src/features/leads/export/leads-pdf';
import { unicodeRanges } from '../../../web/src/features/leads/export/pdf-fonts';
import type { FallbackFonts } from '../../../web/src/features/leads/export/pdf-fonts-set';
import { PAPER_SIZES, paperFor } from '../../../web/src/features/leads/export/pdf-page';
import { leadOf as lead } from './lead-of';

const FONT_DIR = 'node_modules/dejavu-fonts-ttf/ttf/';
const FONTS = {
  regular: new Uint8Array(readFileSync(`${FONT_DIR}DejaVuSansCondensed.ttf`)),
  bold: new Uint8Array(readFileSync(`${FONT_DIR}DejaVuSansCondensed-Bold.ttf`)),
};

/** The app's CJK fallback (pdf-fonts.ts), its files read from the package instead of fetched. */
const CJK_DIR = 'node_modules/@fontsource-variable/noto-sans-sc/';
const loaded: string[] = [];
const CJK: FallbackFonts = (() => {
  const unicode = JSON.parse(readFileSync(`${CJK_DIR}unicode.json`, 'utf8')) as Record<string, string>;
  const files = Object.entries(unicode).map(([key, ranges]) => ({
    file: `noto-sans-sc-${key.replace(/[[\]]/g, '')}-wght-normal.woff2`,
    ranges: unicodeRanges(ranges),
  }));
  return {
    fileOf: (cp) => files.find(({ ranges }) => ranges.some(([a, b]) => cp >= a && cp <= b))?.file,
    load: async (file) => {
      loaded.push(file);
      return new Uint8Array(readFileSync(`${CJK_DIR}files/${file}`));
    },
  };
})();

async function pdfOf(leads: Lead[], options: Partial<Parameters<typeof pdfBuilder>[1]> = {}) {
  const builder = await pdfBuilder(optionalColumnsOf(leads), {
    fonts: FONTS,
    fallback: CJK,
    now: new Date(2026, 10, 27, 9, 0),
    ...options,
  });
  for (let at = 0; at < leads.length; at += 50) await builder.add(leads.slice(at, at + 50));
  return builder.finish();
}

/** Each page's text as pdf.js extracts it (what a reader's search and copy see). */
const pagesText = async (blob: Blob) => pdfPagesText(new Uint8Array(await blob.arrayBuffer()));

describe('leads PDF (DECISIONS 30 and 32)', () => {
  it('holds exactly the leads across its pages, each page headed by the brand and the columns', async () => {
    const leads = Array.from({ length: 130 }, (_, i) =>
      lead(`p${i}`, { name: `Person ${String(i).padStart(3, '0')}`, company: 'Acme', title: 'CTO' }),
    );
    const blob = await pdfOf(leads);
    expect(blob.type).toBe(PDF_MIME);
    const pages = await pagesText(blob);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join(' ');
    const names = [...all.matchAll(/Person (\d{3})/g)].map((m) => Number(m[1]));
    expect(names).toEqual(leads.map((_, i) => i));
    pages.forEach((text, index) => {
      expect(text).toContain('Trobly');
      expect(text).toContain('Leads export · 2026-11-27');
      expect(text).toContain('Name Headline Skills Description Profile URL Website Title Company Location');
      expect(text).toContain(`130 leads · Page ${index + 1} of ${pages.length}`);
    });
  });

  it('writes names in accented Latin, Greek and Cyrillic as they are', async () => {
    const names = [
      'Zoë Çelik-Ångström',
      'Jürgen Groß',
      'Ελένη Παπαδοπούλου',
      'Дмитрий Иванов',
      'Łukasz Żółć',
    ];
    const text = (await pagesText(await pdfOf(names.map((name, i) => lead(`n${i}`, { name }))))).join(' ');
    for (const name of names) expect(text).toContain(name);
  });

  it('writes Chinese, Japanese and Korean names in the fallback font, fetching only the files they need', async () => {
    loaded.length = 0;
    const names = ['李雷 Wang', '山田 太郎', 'Zoë 韩梅梅'];
    const text = (await pagesText(await pdfOf(names.map((name, i) => lead(`c${i}`, { name }))))).join(' ');
    for (const name of names) expect(text).toContain(name);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.length).toBeLessThan(10);
    expect(new Set(loaded).size).toBe(loaded.length);
  });

  it('wraps a long cell to at most three lines and ends it with … when text is left', async () => {
    const description = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const text = (await pagesText(await pdfOf([lead('long', { name: 'Ann Lee', description })])))[0]!;
    expect(text).toContain('word0 word1');
    expect(text).toContain('…');
    expect(text).not.toContain('word59');
  });

  it('wraps a cell at word boundaries: a word is never split inside, only one wider than its cell, with a hyphen', async () => {
    // The DECISIONS 26 columns narrow Location: 'Massachusetts' no longer fits a line of it.
    const narrow = lead('n', {
      name: 'Ann Lee',
      location: 'Cambridge, Massachusetts, United States',
      handle: 'ann',
      followersCount: 12,
      verified: false,
      engagement: { type: 'liked' },
    });
    const text = (await pagesText(await pdfOf([narrow])))[0]!;
    // Lines break between words ('Cambridge,' whole), and inside the one word wider than the cell
    // with a hyphen and more than a letter or two carried ('Massachu…-' 'tts,'), never 'Massachusett s'.
    expect(text).toMatch(/ Cambridge, Massachu[a-z]+- [a-z]{3,}, United/);
    expect(text).not.toMatch(/Massachu[a-z]* [a-z]/);
  });

  it('gives each text column its share by weight, none below the least, unless there is no room for that', () => {
    // Fixed columns (undefined) get 0 here; 100 shared 1:3 would give 25 and 75.
    expect(textWidths([1, undefined, 3], 100, 20)).toEqual([25, 0, 75]);
    // A share under 30 is raised to it and the others share the rest: 12.5 is raised, then 70 by 2:5
    // gives 20, raised too, and the last takes the 40 left.
    expect(textWidths([1, 2, 5], 100, 30)).toEqual([30, 30, 40]);
    expect(textWidths([1, 1, 1], 60, 30)).toEqual([20, 20, 20]);
  });

  it('adds the DECISIONS 26 columns the leads have', async () => {
    const x = lead('x', {
      name: 'Ada X',
      handle: 'ada',
      followersCount: 1234,
      verified: true,
      engagement: { type: 'liked' },
    });
    const text = (await pagesText(await pdfOf([x])))[0]!;
    expect(text).toContain('Handle Followers Verified Engagement');
    expect(text).toContain('ada 1234 Yes liked');
  });

  it('is landscape A4 or Letter as asked, and says an empty export has no leads', async () => {
    for (const paper of ['a4', 'letter'] as const) {
      const blob = await pdfOf([], { paper });
      const doc = await PDFDocument.load(new Uint8Array(await blob.arrayBuffer()));
      const { width, height } = doc.getPage(0).getSize();
      expect([width, height]).toEqual([...PAPER_SIZES[paper]]);
      expect(doc.getPageCount()).toBe(1);
      expect((await pagesText(blob))[0]).toContain('0 leads · Page 1 of 1');
    }
  });

  it("heads every page with the workspace's brand name (DECISIONS 32)", async () => {
    const blob = await pdfOf([lead('a', { name: 'Ann' })], {
      brand: { name: 'Northwind Sales', accent: '#0b7285' },
    });
    const text = (await pagesText(blob))[0]!;
    expect(text).toContain('Northwind Sales');
    expect(text).not.toContain('Trobly');
  });
});

describe("the brand's logo (DECISIONS 32)", () => {
  /** A 2 × 1 RGB PNG: the smallest real image pdf-lib embeds. */
  const PNG = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGNgYPgPRgxQCgBP9Af5j09ksQAAAABJRU5ErkJggg==',
    ),
    (c) => c.charCodeAt(0),
  );
  const imagesOn = async (blob: Blob) => {
    const doc = await PDFDocument.load(new Uint8Array(await blob.arrayBuffer()));
    return doc.getPages().map((page) => {
      const resources = page.node.Resources();
      const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
      return xObjects ? xObjects.keys().length : 0;
    });
  };

  it('draws the PNG logo beside the name on every page, and the name still reads', async () => {
    const leads = Array.from({ length: 60 }, (_, i) => lead(`l${i}`, { name: `Lead ${i}` }));
    const blob = await pdfOf(leads, { brand: { name: 'Northwind Sales', accent: '#0b7285', logoPng: PNG } });
    const images = await imagesOn(blob);
    expect(images.length).toBeGreaterThan(1);
    expect(images.every((count) => count === 1)).toBe(true);
    for (const text of await pagesText(blob)) expect(text).toContain('Northwind Sales');
  });

  it('leaves out a logo that is not a readable PNG, and has no image without one', async () => {
    const broken = await pdfOf([lead('a', { name: 'Ann' })], {
      brand: { name: 'Northwind Sales', accent: '#0b7285', logoPng: new Uint8Array([1, 2, 3]) },
    });
    expect(await imagesOn(broken)).toEqual([0]);
    expect((await pagesText(broken))[0]).toContain('Northwind Sales');
    expect(await imagesOn(await pdfOf([lead('a', { name: 'Ann' })]))).toEqual([0]);
  });
});

describe('a Fontsource unicode-range', () => {
  it('reads single code points and ranges, and skips what is not one', () => {
    expect(unicodeRanges('U+4e00-4e8c,U+4e8e, U+1f1e9-1f1f5,nonsense')).toEqual([
      [0x4e00, 0x4e8c],
      [0x4e8e, 0x4e8e],
      [0x1f1e9, 0x1f1f5],
    ]);
  });
});

describe('the PDF paper of a locale', () => {
  it('is Letter in the US and Canada and A4 elsewhere or when unknown', () => {
    expect(paperFor('en-US')).toBe('letter');
    expect(paperFor('fr-CA')).toBe('letter');
    expect(paperFor('en-GB')).toBe('a4');
    expect(paperFor('de')).toBe('a4');
    expect(paperFor(undefined)).toBe('a4');
  });
});
