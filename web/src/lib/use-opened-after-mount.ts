import { useEffect, useState } from 'react';

/**
 * `opened`, but false in a dialog's first render. A dialog whose code loads on first use mounts while it
 * is already wanted open, and Mantine's focus return notes the element to give focus back to only when
 * a mounted dialog opens: mounted open, it closed with the focus on the page's body instead of on the
 * button that opened it. Mounted closed and opened a render later, it gives the focus back.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return opened && mounted;
}
