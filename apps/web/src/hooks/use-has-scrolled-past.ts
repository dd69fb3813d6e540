import { useEffect, useState } from 'react';

/** Scroll threshold of 000 section 9 for the scroll-to-top button. */
export const SCROLL_TO_TOP_THRESHOLD = 100;

/** Becomes true once the window has been scrolled past `threshold` px, and stays true. */
export function useHasScrolledPast(threshold: number): boolean {
  const [hasScrolled, setHasScrolled] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    if (hasScrolled) return undefined;
    const check = () => {
      if (window.scrollY > threshold) setHasScrolled(true);
    };
    window.addEventListener('scroll', check, { passive: true });
    check();
    return () => window.removeEventListener('scroll', check);
  }, [hasScrolled, threshold]);
  return hasScrolled;
}
