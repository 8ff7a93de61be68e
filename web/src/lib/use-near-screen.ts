import { useCallback, useEffect, useState } from 'react';

/**
 * Whether the element given to `ref` has come on screen, or the keyboard has been used on the page (a
 * keyboard user reaches it by Tab, without scrolling first); true from then on. For content below the
 * fold that loads its code when wanted (issue 38 point 2). Where the browser has no
 * IntersectionObserver (the test DOM), true at once.
 */
export function useNearScreen<T extends Element>() {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  // A callback ref: the element may be drawn after the first render (once the data it waits for is in).
  const ref = useCallback((node: T | null) => setElement(node), []);
  useEffect(() => {
    if (near || !element) return;
    const show = () => setNear(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) show();
    });
    observer.observe(element);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') show();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', onKey);
    };
  }, [near, element]);
  return { ref, near };
}
