import { useEffect, useState, type RefObject } from 'react';

/** How far below the visible area a box counts as near: about a short scroll. */
const MARGIN = '200px';

/**
 * Whether the box has come within a short scroll of the visible area; once true it stays
 * true. Costly drawings below the fold (charts) wait for it, so a phone's first screen is
 * not held up by what it cannot show yet. Without IntersectionObserver every box is near.
 */
export const useNearViewport = (ref: RefObject<Element | null>): boolean => {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const box = ref.current;
    if (near || !box) {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
        }
      },
      { rootMargin: MARGIN },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
};
