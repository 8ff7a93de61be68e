import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * What Mantine's ScrollArea reads of floating-ui: `useMergeRefs`, to give its viewport to several
 * refs. Vite hands ScrollArea this module in its place (web/vite.config.ts): every table (Mantine's
 * Table holds a scroll container) otherwise loaded the whole floating layer (14.6 KB compressed) for
 * one small hook (issue 38 point 2). Mantine's own `useMergedRef` does the same, cleanups included.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
