import { textLength } from '../ai-outreach-rules';

/**
 * How the local writer (outreach-writer.ts) fits a text to its limit: whole sentences dropped, the least
 * needed first, and a cut only when no whole text fits.
 */

/** A sentence and when it goes: 0 never, else the higher first. */
export interface Part {
  text: string;
  drop: number;
}

/** Drops the droppable parts, highest first (the later one on a tie), until `render` fits `max`. */
export function fitWithin<T extends Part>(
  parts: readonly T[],
  max: number,
  render: (kept: readonly T[]) => string,
): string | undefined {
  const kept = [...parts];
  for (;;) {
    const text = render(kept);
    if (textLength(text) <= max) return text;
    let worst = -1;
    kept.forEach((p, i) => {
      if (p.drop > 0 && (worst < 0 || p.drop >= kept[worst]!.drop)) worst = i;
    });
    if (worst < 0) return undefined;
    kept.splice(worst, 1);
  }
}

const TRAILING = /[\s,;:—–-]+$|\s+(?:and|or|for|with|to|of|in|on|by|the|a|an|that|as|at)$/i;

/**
 * The text cut to `max` characters: after its last whole sentence when that keeps at least 40% of the
 * room, else at a word boundary with '…'.
 */
export function cutText(text: string, max: number): string {
  const room = Math.max(1, Math.floor(max));
  if (textLength(text) <= room) return text;
  const chars = [...text];
  const head = chars.slice(0, room).join('');
  const ends = [...head.matchAll(/[.!?](?=\s|$)/g)];
  const lastEnd = ends.length ? ends[ends.length - 1]!.index + 1 : -1;
  if (lastEnd > 0 && textLength(head.slice(0, lastEnd)) >= room * 0.4) return head.slice(0, lastEnd);
  const before = chars.slice(0, room - 1).join('');
  const space = before.lastIndexOf(' ');
  let cut = space > 0 ? before.slice(0, space) : before;
  for (let previous = ''; previous !== cut; ) {
    previous = cut;
    cut = cut.replace(TRAILING, '');
  }
  return `${cut || before}…`;
}
