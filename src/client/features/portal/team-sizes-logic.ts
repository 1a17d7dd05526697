// What My orders decides about a team's size collection for an order already sent
// (docs/portal.md, Sizes from a team): which orders are asked about, where this browser keeps
// the members' link, and the outcome in words once entries close.
import type { OrderCollection, TeamSizesChoice } from '../../../shared/collections-api.js';
import { sizesToText } from '../../../shared/prices/size-grid.js';
import type { PORTAL_MESSAGES } from './messages.js';

type TeamText = (typeof PORTAL_MESSAGES)['en']['team'];

/**
 * The orders whose card asks the server about team sizes: a collection starts only while the
 * order is New, and one started then may close after the quote (its outcome still shows while
 * the order is Quoted). Later orders make no request, so a long list costs no rate limit.
 */
export const asksAboutTeamSizes = (status: string): boolean => status === 'new' || status === 'quoted';

/** The key of a choice in the garment picker: its layout and variation. */
export const choiceKey = (c: Pick<TeamSizesChoice, 'layout' | 'variation'>): string => `${c.layout}:${c.variation}`;

const linkKey = (collectionId: string) => `aof.team-link.${collectionId}`;

/**
 * The members' link of a collection, kept in this browser only (the server keeps its hash):
 * null when this browser never had it, or has no storage (private windows may refuse it).
 */
export function storedTeamLink(
  collectionId: string,
  storage: Pick<Storage, 'getItem'> | null = localStorage,
): string | null {
  try {
    return storage?.getItem(linkKey(collectionId)) ?? null;
  } catch {
    return null;
  }
}

/** Keeps a collection's members' link (the token of /c/<link>) in this browser. */
export function keepTeamLink(
  collectionId: string,
  link: string,
  storage: Pick<Storage, 'setItem'> | null = localStorage,
): void {
  try {
    storage?.setItem(linkKey(collectionId), link);
  } catch {
    // No storage: the link shows until the page is left; "Make a new link" makes another.
  }
}

/**
 * The sizes the order now holds for a collection's garment: the variation's text as the server
 * answers it after closing, else the entries counted (the same text the server writes).
 */
export function sizesNow(collection: OrderCollection, choices: readonly TeamSizesChoice[]): string {
  const choice = choices.find((c) => c.layout === collection.layout && c.variation === collection.variation);
  return choice?.sizes || sizesToText(collection.counts);
}

/** What became of a closed collection, in words; null while entries are open. */
export function outcomeText(
  t: TeamText,
  collection: OrderCollection,
  choices: readonly TeamSizesChoice[],
): string | null {
  switch (collection.outcome) {
    case 'applied':
      return t.applied(collection.entries.length, sizesNow(collection, choices));
    case 'quoted_first':
      return t.quotedFirst;
    case 'no_entries':
      return t.closedEmpty;
    default:
      return null;
  }
}
