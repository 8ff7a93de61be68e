import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, type PDFPage } from 'pdf-lib';
import type { Lead } from '../../../../../shared/leads';
import { type CsvColumn, csvColumns, type OptionalColumn } from './csv-columns';
import type { FileBuilder } from './file-builder';
import { type FallbackFonts, NEEDS_LAYOUT, PageFont, PdfFontSet } from './pdf-fonts-set';
import { DEFAULT_PDF_BRAND, PAPER_SIZES, type Paper, type PdfBrand } from './pdf-page';
import { flowed, oneLine, widthOf, wrapped } from './pdf-text';

/**
 * The leads PDF (DECISIONS 30 and 32): a paged table of the CSV's columns on landscape A4 or Letter,
 * headed on every page by the brand and the column names, with 'n leads · Page i of N' at the foot.
 * Each cell wraps at word boundaries to at most three lines (pdf-text.ts). The text font is DejaVu
 * Sans Condensed (Latin with every accent, Greek, Cyrillic, Hebrew, Arabic, Armenian, Georgian),
 * embedded as a subset of the glyphs used.
 *
 * pdf-lib makes the document and embeds and subsets the fonts; the pages' text operators are written
 * here, one string a page, with each character's glyph code looked up once.
 * pdf-lib's drawText lays every string out anew and took about 50 s for 50,000 leads; issue 22 allows 10.
 * Text in a script that needs shaping or runs right to left is laid out whole by the font engine.
 */

export const PDF_MIME = 'application/pdf';

export interface PdfFonts {
  regular: Uint8Array | ArrayBuffer;
  bold: Uint8Array | ArrayBuffer;
}

export interface PdfOptions {
  fonts: PdfFonts;
  /** Where the characters the text font lacks are found (Chinese, Japanese, Korean). */
  fallback?: FallbackFonts;
  brand?: PdfBrand;
  paper?: Paper;
  /** The export's date in the heading (the local date of `now`). */
  now?: Date;
}

const MARGIN = 28;
const SIZE = 7;
const LINE = 8.6;
const PAD = 3;
const MAX_LINES = 3;
const BRAND_SIZE = 13;
/** The brand's logo fits in this box, left of the name. */
const LOGO_HEIGHT = 20;
const LOGO_MAX_WIDTH = 80;
const LOGO_GAP = 6;
const SMALL = 7.5;
const HEAD_HEIGHT = 34;
const FOOT_HEIGHT = 18;

/** How much of the width each column gets, relative to the others: the long texts get more. */
const COLUMN_WEIGHTS: Record<string, number> = {
  name: 1.3,
  headline: 1.7,
  skills: 1.3,
  description: 2,
  profileUrl: 1.6,
  website: 1.1,
  title: 1.2,
  company: 1.1,
  location: 1,
  extractedAt: 0.9,
  enrichedAt: 0.9,
  handle: 0.8,
  followersCount: 0.65,
  verified: 0.55,
  engagement: 1.5,
};

/** Web addresses and handles: a word of theirs broken across lines takes no hyphen, which would read as part of it. */
const NO_HYPHEN = new Set(['profileUrl', 'website', 'handle']);

/**
 * A text column is at least as wide as this word: a common word fits a line of every column (the
 * DECISIONS 26 columns narrow the others, and 'Cambridge,' was broken in Location); a longer one is
 * broken with a hyphen.
 */
const TEXT_MIN_SAMPLE = 'Engineering,';

/** The widest value of the columns that are as wide as it (their header words too). */
const FIXED_SAMPLES: Record<string, string> = {
  extractedAt: '0000-00-00 00:00',
  enrichedAt: '0000-00-00 00:00',
  followersCount: '000000000',
  verified: 'Yes',
};

const num = (n: number) => (Math.round(n * 100) / 100).toString();

function rgb(hex: string): string {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? '3b5bdb';
  return [0, 2, 4].map((at) => num(Number.parseInt(value.slice(at, at + 2), 16) / 255)).join(' ');
}

interface Page {
  page: PDFPage;
  graphics: string[];
  text: string[];
  font: string;
  /** The fonts the page's resources name so far. */
  fonts: Set<string>;
  y: number;
  /** Where the text's current line starts: each text moves there from the one before (Td). */
  lineX: number;
  lineY: number;
}

function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The text columns' widths: `room` shared by weight, none below `least` (a column whose share falls
 * short gets `least`, and the others share what is left), unless there is not room for that.
 * `undefined` weights are the fixed columns, answered as 0.
 */
export function textWidths(weights: readonly (number | undefined)[], room: number, least: number): number[] {
  const floored = new Set<number>();
  for (;;) {
    const left = room - floored.size * least;
    const weight = weights.reduce<number>(
      (sum, w, at) => sum + (w === undefined || floored.has(at) ? 0 : w),
      0,
    );
    if (left <= 0 || weight <= 0) break;
    const short = weights.findIndex(
      (w, at) => w !== undefined && !floored.has(at) && (left * w) / weight < least,
    );
    if (short < 0)
      return weights.map((w, at) => (w === undefined ? 0 : floored.has(at) ? least : (left * w) / weight));
    floored.add(short);
  }
  // Not room for every column's least: by weight alone.
  const total = weights.reduce<number>((sum, w) => sum + (w ?? 0), 0);
  return weights.map((w) => (w === undefined || total <= 0 ? 0 : (room * w) / total));
}

/** Builds the PDF as the export worker receives the leads: each page is written once it is full. */
export async function pdfBuilder(
  optional: readonly OptionalColumn[],
  options: PdfOptions,
): Promise<FileBuilder> {
  const brand = options.brand ?? DEFAULT_PDF_BRAND;
  const [pageWidth, pageHeight] = PAPER_SIZES[options.paper ?? 'a4'];
  const date = localDate(options.now ?? new Date());
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${brand.name}: leads export ${date}`);
  doc.setProducer(brand.name);
  doc.setCreator(brand.name);
  const regular = await PageFont.embed(doc, options.fonts.regular, 'F1');
  const bold = await PageFont.embed(doc, options.fonts.bold, 'F2');
  const fonts = new PdfFontSet(doc, options.fallback);
  await fonts.prepare(regular, [brand.name]);
  // A logo that is not a readable PNG is left out: the name still heads the page.
  const logo = brand.logoPng ? await doc.embedPng(brand.logoPng).catch(() => undefined) : undefined;
  const logoSize = logo ? logo.scaleToFit(LOGO_MAX_WIDTH, LOGO_HEIGHT) : { width: 0, height: 0 };
  const brandLeft = MARGIN + (logo ? logoSize.width + LOGO_GAP : 0);

  const columns: CsvColumn[] = csvColumns(optional);
  const usable = pageWidth - 2 * MARGIN;
  const bodyWidth = fonts.width(regular, SIZE);
  const headWidth = fonts.width(bold, SIZE);
  // Dates and the short columns are as wide as their widest value or header word; the text columns
  // share the rest by weight.
  const fixed = columns.map((c) => {
    const sample = FIXED_SAMPLES[c.field];
    if (sample === undefined) return undefined;
    const words = c.header.split(' ').map((word) => widthOf(word, headWidth));
    return Math.max(widthOf(sample, bodyWidth), ...words) + 2 * PAD + 1;
  });
  const fixedTotal = fixed.reduce<number>((sum, w) => sum + (w ?? 0), 0);
  const widths = textWidths(
    columns.map((c, at) => (fixed[at] === undefined ? (COLUMN_WEIGHTS[c.field] ?? 1) : undefined)),
    usable - fixedTotal,
    widthOf(TEXT_MIN_SAMPLE, bodyWidth) + 2 * PAD + 1,
  ).map((width, at) => fixed[at] ?? width);
  const lefts = widths.map((_, at) => MARGIN + widths.slice(0, at).reduce((sum, w) => sum + w, 0));
  const headerLines = columns.map((column, at) =>
    wrapped(column.header, widths[at]! - 2 * PAD, 2, headWidth),
  );
  const bandHeight = Math.max(...headerLines.map((lines) => lines.length)) * LINE + 2 * PAD;
  const tableTop = pageHeight - MARGIN - HEAD_HEIGHT;
  const tableBottom = MARGIN + FOOT_HEIGHT;

  const pages: Page[] = [];
  let current: Page | undefined;

  const write = (target: Page, font: PageFont, size: number, x: number, y: number, text: string) => {
    // A relative move is shorter than a whole text matrix: the page content is mostly these lines.
    target.text.push(`${num(x - target.lineX)} ${num(y - target.lineY)} Td`);
    target.lineX = x;
    target.lineY = y;
    for (const [runFont, run] of fonts.runs(font, text)) {
      if (!target.fonts.has(runFont.key)) {
        target.page.node.setFontDictionary(PDFName.of(runFont.key), runFont.pdf.ref);
        target.fonts.add(runFont.key);
      }
      const select = `/${runFont.key} ${size} Tf${runFont.outlined ? ' 2 Tr 0 G 0.25 w' : ' 0 Tr'}`;
      if (target.font !== select) {
        target.text.push(select);
        target.font = select;
      }
      target.text.push(`${runFont.hex(run)} Tj`);
    }
  };

  // Each page's content is compressed by the platform's own zlib (CompressionStream), off this task,
  // and added to its page before the document is saved. pdf-lib's flateStream (pako, in JavaScript)
  // spent most of the export's time compressing.
  const contents: Array<Promise<{ page: PDFPage; bytes: Uint8Array }>> = [];
  const close = (target: Page) => {
    const content = `${target.graphics.join('\n')}\nBT\n${target.text.join('\n')}\nET\n`;
    const { page } = target;
    contents.push(
      new Response(new Response(content).body!.pipeThrough(new CompressionStream('deflate')))
        .arrayBuffer()
        .then((buffer) => ({ page, bytes: new Uint8Array(buffer) })),
    );
    target.graphics = [];
    target.text = [];
  };

  const startPage = (): Page => {
    if (current) close(current);
    const page = doc.addPage([pageWidth, pageHeight]);
    const next: Page = {
      page,
      graphics: [],
      text: [],
      font: '',
      fonts: new Set(),
      y: tableTop,
      lineX: 0,
      lineY: 0,
    };
    // The heading: the brand, and what the file is, on the right.
    next.text.push(`${rgb(brand.accent)} rg`);
    write(
      next,
      bold,
      BRAND_SIZE,
      brandLeft,
      pageHeight - MARGIN - BRAND_SIZE,
      oneLine(brand.name, usable / 2 - (brandLeft - MARGIN), (t) =>
        widthOf(t, fonts.width(bold, BRAND_SIZE)),
      ),
    );
    // The logo beside it, its foot on the name's baseline (pdf-lib draws it in its own content stream).
    if (logo) {
      next.page.drawImage(logo, {
        x: MARGIN,
        y: pageHeight - MARGIN - BRAND_SIZE - (logoSize.height - BRAND_SIZE) / 2 - 2,
        ...logoSize,
      });
    }
    next.text.push('0.35 g');
    const title = `Leads export · ${date}`;
    write(
      next,
      regular,
      SMALL,
      pageWidth - MARGIN - widthOf(title, fonts.width(regular, SMALL)),
      pageHeight - MARGIN - BRAND_SIZE,
      title,
    );
    next.text.push('0 g');
    // The column names on a light band.
    next.graphics.push(
      `0.93 g ${num(MARGIN)} ${num(next.y - bandHeight)} ${num(usable)} ${num(bandHeight)} re f 0 g`,
    );
    headerLines.forEach((lines, at) => {
      lines.forEach((line, index) => {
        write(next, bold, SIZE, lefts[at]! + PAD, next.y - PAD - SIZE - index * LINE, line);
      });
    });
    next.y -= bandHeight;
    pages.push(next);
    current = next;
    return next;
  };

  const cellLines = (column: CsvColumn, lead: Lead, width: number): string[] => {
    const text = flowed(column.cell(lead));
    if (text === '') return [];
    if (NEEDS_LAYOUT.test(text)) return [oneLine(text, width, (t) => regular.pdf.widthOfTextAtSize(t, SIZE))];
    return wrapped(text, width, MAX_LINES, bodyWidth, !NO_HYPHEN.has(column.field));
  };

  const texts = function* (leads: readonly Lead[]) {
    for (const lead of leads) for (const column of columns) yield column.cell(lead);
  };

  let count = 0;
  return {
    add: async (leads: readonly Lead[]) => {
      await fonts.prepare(regular, texts(leads));
      for (const lead of leads) {
        const cells = columns.map((column, at) => cellLines(column, lead, widths[at]! - 2 * PAD));
        const height = Math.max(1, ...cells.map((lines) => lines.length)) * LINE + 2 * PAD;
        let page = current ?? startPage();
        if (page.y - height < tableBottom) page = startPage();
        cells.forEach((lines, at) => {
          lines.forEach((line, index) => {
            write(page, regular, SIZE, lefts[at]! + PAD, page.y - PAD - SIZE - index * LINE, line);
          });
        });
        page.y -= height;
        page.graphics.push(
          `0.85 G 0.4 w ${num(MARGIN)} ${num(page.y)} m ${num(MARGIN + usable)} ${num(page.y)} l S`,
        );
        count++;
      }
    },
    finish: async () => {
      if (!current) startPage();
      // The foot of every page, now that the number of pages and of leads is known.
      const leadsText = `${count.toLocaleString('en-US')} ${count === 1 ? 'lead' : 'leads'}`;
      pages.forEach((target, index) => {
        if (target === current) close(target);
        const foot: Page = {
          page: target.page,
          graphics: [],
          text: ['0.35 g'],
          font: '',
          // The page's resources already name the fonts its text used.
          fonts: target.fonts,
          y: 0,
          lineX: 0,
          lineY: 0,
        };
        const right = `${leadsText} · Page ${index + 1} of ${pages.length}`;
        write(foot, regular, SMALL, MARGIN, MARGIN, `${brand.name} · ${date}`);
        write(
          foot,
          regular,
          SMALL,
          pageWidth - MARGIN - widthOf(right, fonts.width(regular, SMALL)),
          MARGIN,
          right,
        );
        close(foot);
      });
      for (const { page, bytes } of await Promise.all(contents)) {
        const stream = doc.context.stream(bytes, { Filter: 'FlateDecode' });
        page.node.addContentStream(doc.context.register(stream));
      }
      const bytes = await doc.save();
      return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: PDF_MIME });
    },
  };
}
