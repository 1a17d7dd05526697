import { useEffect, useRef } from 'react';
import { previewUrls, type OrderState } from './order-state.js';

/** Releases the object URL of every preview that left the state (removed file, layout, reset), and all at the end. */
export function useReleasedPreviewUrls(state: OrderState): void {
  const held = useRef(new Set<string>());
  useEffect(() => {
    const now = previewUrls(state);
    for (const url of held.current) if (!now.has(url)) URL.revokeObjectURL(url);
    held.current = now;
  }, [state]);
  useEffect(() => {
    const urls = held;
    return () => urls.current.forEach((url) => URL.revokeObjectURL(url));
  }, []);
}
