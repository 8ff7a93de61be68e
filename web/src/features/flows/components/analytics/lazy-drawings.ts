import { lazy } from 'react';

/** Each drawing's height, which its place keeps while the code loads (no shift of the page). */
export const DRAWING_HEIGHTS = { daily: 240, acceptance: 220, quality: 220 } as const;

/** The chart drawings, one chunk (chart-drawings.tsx), asked for when the first chart shows. */
const drawings = () => import('./chart-drawings');

export const DailyDrawing = lazy(() => drawings().then((m) => ({ default: m.DailyDrawing })));
export const AcceptanceDrawing = lazy(() => drawings().then((m) => ({ default: m.AcceptanceDrawing })));
export const QualityDrawing = lazy(() => drawings().then((m) => ({ default: m.QualityDrawing })));
