import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { CharWidth } from './pdf-text';

/**
 * The PDF export's fonts: the text font, and the fallback fonts loaded for characters it has no glyph
 * for (Chinese, Japanese and Korean names). Each character is written in the first font that has it.
 */

/** Fonts for the characters the text font lacks, split in files by the characters they hold. */
export interface FallbackFonts {
  /** The file holding this character, if any does. */
  fileOf: (codePoint: number) => string | undefined;
  load: (file: string) => Promise<Uint8Array | ArrayBuffer>;
}

// Scripts whose letters change shape with their neighbours or run right to left: laid out whole.
export const NEEDS_LAYOUT =
  /[\u0590-\u08ff\u0900-\u0dff\u0e00-\u0eff\u1000-\u109f\ufb1d-\ufdff\ufe70-\ufefc]/;

/** A character the text font may lack: none below U+0250 is ever written in a fallback font. */
const BEYOND_LATIN = /[\u0250-\uffff]/;

interface Face {
  unitsPerEm: number;
  glyphForCodePoint: (codePoint: number) => { advanceWidth: number };
  hasGlyphForCodePoint: (codePoint: number) => boolean;
}

const bytesOf = (bytes: Uint8Array | ArrayBuffer) =>
  bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);

/** A font as the page text uses it: its resource name, its glyph codes and its widths. */
export class PageFont {
  // Per character, looked up for every character written: arrays by UTF-16 code for speed, the few
  // characters beyond (surrogate pairs) in maps.
  private readonly codes: Array<string | undefined> = [];
  private readonly widths = new Float64Array(0x10000).fill(-1);
  private readonly farCodes = new Map<string, string>();
  private readonly farWidths = new Map<string, number>();

  constructor(
    readonly pdf: PDFFont,
    private readonly face: Face,
    readonly key: string,
    /**
     * The fallback font's files are a variable font whose default is its thinnest weight; its text is
     * drawn filled and outlined (text render mode 2), which reads as the regular weight.
     */
    readonly outlined = false,
  ) {}

  static async embed(doc: PDFDocument, bytes: Uint8Array | ArrayBuffer, key: string, outlined = false) {
    const data = bytesOf(bytes);
    const face = fontkit.create(data) as unknown as Face;
    return new PageFont(await doc.embedFont(data, { subset: true }), face, key, outlined);
  }

  has(char: string): boolean {
    return this.face.hasGlyphForCodePoint(char.codePointAt(0) ?? 0);
  }

  /** The width of one character at size 1. */
  charWidth(char: string): number {
    if (char.length === 1) {
      const code = char.charCodeAt(0);
      let width = this.widths[code]!;
      if (width < 0) {
        width = this.measure(code);
        this.widths[code] = width;
      }
      return width;
    }
    let width = this.farWidths.get(char);
    if (width === undefined) {
      width = this.measure(char.codePointAt(0) ?? 0);
      this.farWidths.set(char, width);
    }
    return width;
  }

  private measure(codePoint: number): number {
    return this.face.glyphForCodePoint(codePoint).advanceWidth / this.face.unitsPerEm;
  }

  /** The text's glyph codes as a PDF hex string (`<...>`), each character's looked up once. */
  hex(text: string): string {
    if (NEEDS_LAYOUT.test(text)) return this.pdf.encodeText(text).toString();
    let out = '<';
    for (const char of text) {
      const code = char.length === 1 ? char.charCodeAt(0) : -1;
      let hex = code >= 0 ? this.codes[code] : this.farCodes.get(char);
      if (hex === undefined) {
        hex = this.pdf.encodeText(char).toString().slice(1, -1);
        if (code >= 0) this.codes[code] = hex;
        else this.farCodes.set(char, hex);
      }
      out += hex;
    }
    return `${out}>`;
  }
}

export class PdfFontSet {
  private readonly fallbackFor = new Map<string, PageFont | null>();
  private readonly files = new Map<string, Promise<PageFont>>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly fallback: FallbackFonts | undefined,
  ) {}

  /** Loads the fallback fonts for the characters of `texts` that `base` lacks, before they are laid out. */
  async prepare(base: PageFont, texts: Iterable<string>): Promise<void> {
    const fallback = this.fallback;
    if (!fallback) return;
    const waiting: Array<Promise<unknown>> = [];
    for (const text of texts) {
      for (const char of text) {
        if (char.charCodeAt(0) < 0x250 || this.fallbackFor.has(char) || base.has(char)) continue;
        const file = fallback.fileOf(char.codePointAt(0) ?? 0);
        if (file === undefined) {
          this.fallbackFor.set(char, null);
          continue;
        }
        let font = this.files.get(file);
        if (!font) {
          // Named now: by the time the file has loaded, others may have been asked for.
          const key = `C${this.files.size}`;
          font = fallback.load(file).then((bytes) => PageFont.embed(this.doc, bytes, key, true));
          this.files.set(file, font);
        }
        waiting.push(font.then((loaded) => this.fallbackFor.set(char, loaded)));
      }
    }
    await Promise.all(waiting);
  }

  /** The font a character is written in: `base` when it has the glyph, else its fallback, else `base`. */
  fontOf(base: PageFont, char: string): PageFont {
    if (char.charCodeAt(0) < 0x250) return base;
    return this.fallbackFor.get(char) ?? base;
  }

  width(base: PageFont, size: number): CharWidth {
    return (char) => this.fontOf(base, char).charWidth(char) * size;
  }

  /** `text` cut into runs of one font each. */
  runs(base: PageFont, text: string): Array<[PageFont, string]> {
    if (this.fallbackFor.size === 0 || !BEYOND_LATIN.test(text) || NEEDS_LAYOUT.test(text))
      return [[base, text]];
    const runs: Array<[PageFont, string]> = [];
    for (const char of text) {
      const font = this.fontOf(base, char);
      const last = runs.at(-1);
      if (last && last[0] === font) last[1] += char;
      else runs.push([font, char]);
    }
    return runs;
  }
}
