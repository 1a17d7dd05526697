// The order as it travels from the form to the server (docs/product.md).
// In the multipart transport, `mockupImages` and `viewData[view].image` hold the
// names of attachment parts; in the older JSON body (docs/architecture.md) they hold data URLs.
import type { DecorationMethod, GarmentOption, MockupOption, ViewName, YesNo } from './constants.js';
import type { TeamName } from './collections-api.js';
import type { Location } from './locations.js';

export interface Variation {
  type: string;
  color: string;
  sizes: string;
  supplyingGoods: YesNo | '';
  itemPO?: string;
}

export interface ViewDatum {
  image: string;
  dimensions: string;
  decoration: DecorationMethod | '';
  /** Ink colours of a screen-printed view (1 to 20). */
  colours?: number;
  /** Where on the view (docs/product.md, Locations); absent, the view's usual place (a spec client). */
  location?: Location;
  /** The graphic's width ÷ height in pixels, as the form measured it: a missing side of the size follows it (docs/prices.md, "One number"). */
  aspect?: number;
}

/** A decoration beyond the view's own (a left-chest logo beside a full-front print): never sent by a client of the published wire format. */
export interface ExtraDecoration extends ViewDatum {
  view: ViewName;
  location: Location;
}

export type FileRole = 'mockup' | 'po';

/** A reference to an attachment by its name; never the bytes. */
export interface FileRef {
  name: string;
  type: string;
  size?: number;
  role?: FileRole;
}

/** A postal address with the person at it: the shape billing and shipping share. */
export interface Address {
  firstName: string;
  lastName: string;
  companyName: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  phone: string;
}

export interface Billing extends Address {
  email: string;
}

export interface Shipping extends Address {
  sameAsBilling: boolean;
  localPickup: boolean;
}

export interface Deadline {
  hasCriticalDeadline: boolean;
  date: string;
}

export interface OrderLayout {
  mockupOption: MockupOption | '';
  garmentOption: GarmentOption | '';
  hasVectorFiles: YesNo | '';
  variations: Variation[];
  files: FileRef[];
  mockupImages: string[];
  viewData: Partial<Record<ViewName, ViewDatum>>;
  /** More decorations on the same views, each at its named location (optional: the published wire format has none). */
  extraDecorations?: ExtraDecoration[];
  billing?: Billing;
  shipping?: Shipping;
  deadline?: Deadline;
  jobNotes?: string;
  /** Names and numbers collected from a team (docs/collections.md); never sent by a client of the published wire format. */
  teamNames?: TeamName[];
  /** The team's collection that fills a variation, by its organiser's key: the server takes the sizes and names from its closed entries. */
  teamCollection?: { organiserKey: string; variation: number; whileOpen?: boolean; extraSizes?: string };
}

/** The `order` part of a multipart submission: the order body of docs/architecture.md without `files`. */
export interface OrderBody {
  layouts: Record<string, OrderLayout>;
  isResalePartner: boolean;
  includePolyBags: boolean;
  /** The language the customer used: their confirmation email is written in it. */
  language?: 'en' | 'fr';
  /** The honeypot: a field people never see; anything in it marks a bot. */
  website?: string;
  /** Finished resumable uploads the order adopts, each named as its attachment. */
  /** `secret`: what the upload's creation answered (Upload-Secret); only its page may name it. */
  uploads?: { url: string; name: string; type: string; secret?: string }[];
  /** "Order again" (docs/portal.md): the past order repeated, and its stored files reused by id. */
  reorder?: { orderId: string; files: { id: string; name: string }[] };
}

export interface SubmitOrderSuccess {
  orderId: string;
  reference: string;
  /** A fresh form token for the page's next order (each token is used once); only when one was sent. */
  formToken?: string;
}
