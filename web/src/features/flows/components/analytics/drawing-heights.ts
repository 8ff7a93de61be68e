/**
 * Each chart drawing's height, which its place keeps while the code loads (no shift of the page): read
 * by the charts around the drawings and by the drawings themselves (chart-drawings.tsx), which the
 * lazy loader (lazy-drawings.ts) asks for.
 */
export const DRAWING_HEIGHTS = { daily: 240, acceptance: 220, quality: 220 } as const;
