// The colours' French names (shared/colour-names.ts), loaded once a price list offers colours: the
// order page's first download stays within its budget (docs/performance.md). Until they arrive, or
// if their chunk cannot load, the suggestions show the shop's own names, which the order keeps anyway.
import { useEffect, useState } from 'react';
import type { colourName } from '../../../shared/colour-names.js';

type ColourName = typeof colourName;

export function useColourNames(wanted: boolean): ColourName | null {
  const [named, setNamed] = useState<ColourName | null>(null);
  useEffect(() => {
    if (!wanted || named) return;
    let live = true;
    import('../../../shared/colour-names.js').then(
      (m) => {
        if (live) setNamed(() => m.colourName);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted, named]);
  return named;
}
