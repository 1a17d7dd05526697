import { useCallback, useState } from 'react';

/** A message for screen readers, for the page's live region to read out. */
export function useAnnouncer() {
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => {
    // Cleared first, so the same message twice is still read.
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(message));
  }, []);
  return { announcement, announce };
}
