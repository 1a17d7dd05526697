import { useCallback, useEffect, useRef } from 'react';

type Target = () => HTMLElement | null | undefined;

/**
 * Focus for an element the next render brings (a layout just added, a field in a panel being
 * opened): `focusAfterRender(() => element)` focuses it once React has drawn it.
 */
export function useFocusAfterRender(): (target: Target) => void {
  const pending = useRef<Target | null>(null);
  useEffect(() => {
    if (pending.current) {
      pending.current()?.focus();
      pending.current = null;
    }
  });
  return useCallback((target: Target) => {
    pending.current = target;
  }, []);
}
