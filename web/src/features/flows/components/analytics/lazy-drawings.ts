import { lazy } from 'react';

/** The chart drawings, one chunk (chart-drawings.tsx), asked for when the first chart shows. */
const drawings = () => import('./chart-drawings');

export const DailyDrawing = lazy(() => drawings().then((m) => ({ default: m.DailyDrawing })));
export const AcceptanceDrawing = lazy(() => drawings().then((m) => ({ default: m.AcceptanceDrawing })));
export const QualityDrawing = lazy(() => drawings().then((m) => ({ default: m.QualityDrawing })));
