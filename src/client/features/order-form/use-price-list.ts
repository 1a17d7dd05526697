// The shop's published price list, for the live estimate (docs/prices.md): fetched once after
// the page is up, revalidated by the browser with its ETag. None published, the estimate turned
// off, or any failure: null, and the form works as it does without one.
import { useEffect, useState } from 'react';
import type { PublicPriceList } from '../../../shared/price-list-api.js';

let shared: Promise<PublicPriceList | null> | null = null;

function fetchPriceList(): Promise<PublicPriceList | null> {
  shared ??= fetch('/api/price-list', { headers: { accept: 'application/json' } })
    // 204: the shop shows no estimate.
    .then((res) => (res.status === 200 ? (res.json() as Promise<PublicPriceList>) : null))
    .then((body) => (body && typeof body.version === 'number' && body.priceList ? body : null))
    .catch(() => null);
  return shared;
}

export function usePriceList(): PublicPriceList | null {
  const [priceList, setPriceList] = useState<PublicPriceList | null>(null);
  useEffect(() => {
    let live = true;
    void fetchPriceList().then((list) => live && setPriceList(list));
    return () => {
      live = false;
    };
  }, []);
  return priceList;
}

/** The shop's garment that a variation's type names (its id or name, without regard to case). */
export function garmentNamed(priceList: PublicPriceList | null, type: string) {
  const wanted = type.trim().toLowerCase();
  if (!priceList || !wanted) return undefined;
  return priceList.priceList.garments.find((g) => g.id.toLowerCase() === wanted || g.name.toLowerCase() === wanted);
}
