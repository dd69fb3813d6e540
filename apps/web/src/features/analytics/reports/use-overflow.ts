import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether a box's content overflows it, either way, watched as the box and its content resize.
 * A box that scrolls has to be reachable by keyboard (arrow keys scroll it once it has focus),
 * but a tab stop on every table that fits would only be noise.
 */
export function useOverflow<T extends HTMLElement>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [isOverflowing, setIsOverflowing] = useState(false);
  useEffect(() => {
    const box = ref.current;
    // No ResizeObserver (jsdom): nothing to measure either.
    if (!box || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () =>
      setIsOverflowing(box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of Array.from(box.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, []);
  return [ref, isOverflowing];
}
