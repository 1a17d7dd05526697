// Sizes collected from a team by a link (docs/collections.md): what the member's page, the
// organiser's panel and the server say to one another. Types and limits only: no validator
// reaches the customer's bundle.

/** The caps a collection keeps (docs/collections.md, Limits). */
export const COLLECTION_LIMITS = {
  /** Entries in one collection. */
  entries: 500,
  title: 80,
  memberName: 80,
  printName: 30,
  /** A number to print: up to 3 digits ("00", "7", "99"). */
  printNumber: 3,
  /** How far ahead a closing date may be, for a collection made for an order already sent (My orders). */
  daysAhead: 120,
  /** How far ahead for one made from the order form, which no order has yet: its page lives less long. */
  daysAheadWithoutOrder: 30,
} as const;

/** One member's entry as the organiser (and the order) sees it. */
export interface TeamName {
  name: string;
  size: string;
  /** The name to print on the garment; '' for none. */
  printName: string;
  /** The number to print; '' for none. */
  printNumber: string;
}

/** What a member's page shows: the collection, and their own entry when their key is theirs. */
export interface MemberView {
  title: string;
  /** The shop's garment, by its name in the price list. */
  garment: string;
  sizes: string[];
  /** The last day entries are taken, in the shop's calendar (YYYY-MM-DD). */
  closesOn: string;
  open: boolean;
  /** Whether the member is asked for a name and number to print (docs/collections.md). */
  asksPrint: boolean;
  entry: TeamName | null;
}

/** What the organiser made: the members' link and the organiser's own key (only hashes are kept). */
export interface CreatedCollection {
  /** The members' token: the page is /c/<link>. */
  link: string;
  /** The organiser's key: sent as x-organiser-key to read the roll-up or close it. */
  organiserKey: string;
}

/** An entry as the organiser sees it: with its id, by which the organiser may remove it. */
export interface RollUpEntry extends TeamName {
  id: string;
}

/** The organiser's roll-up: every entry, and the count per size in the garment's order. */
export interface RollUp {
  title: string;
  garment: string;
  sizes: string[];
  closesOn: string;
  open: boolean;
  /** Whether members are asked for a name and number to print. */
  asksPrint: boolean;
  entries: RollUpEntry[];
  counts: { size: string; quantity: number }[];
}

/** An entry as the order keeps it: the roll-up's entry without its id. */
export const asTeamName = ({ name, size, printName, printNumber }: TeamName): TeamName => ({
  name,
  size,
  printName,
  printNumber,
});

/** A member's entry saved: the key that lets this browser change it later. */
export interface SavedEntry {
  memberKey: string;
  entry: TeamName;
}

// A collection started from My orders for a garment of an order already sent
// (docs/collections.md, "After the order is sent"): the signed-in customer is its organiser.

/** A garment of the order whose sizes a team can fill: one variation of a layout with a shop garment. */
export interface TeamSizesChoice {
  /** The layout's key in the order ("1", "2", …). */
  layout: string;
  /** The variation's index in that layout (0-based). */
  variation: number;
  /** The shop's garment, by its name in the price list. */
  garment: string;
  color: string;
  /** The variation's "Sizes and Quantities" text as the order holds it now. */
  sizes: string;
}

/**
 * What became of a collection's final entries for its order: null while entries are open;
 * 'applied': the order's sizes and names were replaced by the entries; 'quoted_first': the shop
 * had already sent its quote, so the order was not changed; 'no_entries': closed with no entry.
 */
export type CollectionOutcome = 'applied' | 'quoted_first' | 'no_entries' | null;

/** A collection made from My orders: its roll-up, the garment it fills, and its outcome. */
export interface OrderCollection extends RollUp {
  id: string;
  layout: string;
  variation: number;
  outcome: CollectionOutcome;
}

/** GET /api/portal/orders/:orderId/team-sizes */
export interface OrderTeamSizes {
  /** A new collection may start only while the order is not yet quoted (status New). */
  canStart: boolean;
  choices: TeamSizesChoice[];
  /** Newest first. */
  collections: OrderCollection[];
}

/**
 * POST /api/portal/orders/:orderId/team-sizes {layout, variation, title, closesOn} answers 201 with
 * the collection and its members' link; POST …/team-sizes/:collectionId/link answers a new link
 * (the old one stops working). Only the link's hash is kept: the page keeps the link in the browser.
 */
export interface OrderCollectionLink {
  collection: OrderCollection;
  link: string;
}
