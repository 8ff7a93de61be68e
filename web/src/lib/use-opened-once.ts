import { useState } from 'react';

/**
 * True from the first render where `opened` is: a dialog whose code loads on first use is drawn from
 * then on, never before, and stays, so closing plays its transition and gives the focus back.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
