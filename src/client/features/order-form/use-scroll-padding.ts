import { useEffect, useState } from 'react';

/**
 * Keeps the page's bottom scroll padding as tall as the element it is given (the sticky
 * "Estimated total" bar), so that a field focused by Tab scrolls into view above the bar rather
 * than under it (WCAG 2.2 SC 2.4.11, docs/accessibility.md). Returns the ref to put on it.
 */
export function useScrollPaddingBelow(): (element: HTMLElement | null) => void {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!element) return;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty('scroll-padding-bottom', `${Math.ceil(element.getBoundingClientRect().height) + 8}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [element]);
  return setElement;
}
