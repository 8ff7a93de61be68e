import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element has come near the screen (stays true once it has): a chart or card below the fold
 * is drawn when the user scrolls to it, so its code and its render stay out of the page's first load.
 * Where the browser cannot tell (no IntersectionObserver), at once.
 */
export function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '150px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}
