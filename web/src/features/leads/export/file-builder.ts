import type { Lead } from '../../../../../shared/leads';

/**
 * What every export format's builder does: take the leads in chunks, as the export worker receives
 * them, then make the file. The columns (DECISIONS 26) are decided over the whole export before the
 * first chunk, so each builder is made with them.
 */
export interface FileBuilder {
  /** May wait (the PDF loads the fonts a chunk's names need). */
  add: (leads: readonly Lead[]) => void | Promise<void>;
  finish: () => Promise<Blob>;
}
