// The order form's behaviour (docs/product.md, Transitions) as a pure reducer: one action per transition.
// Components render this state and dispatch; nothing here touches the DOM or the network.
import {
  VIEWS,
  type DecorationMethod,
  type GarmentOption,
  type MockupOption,
  type ViewName,
  type YesNo,
} from '../../../shared/constants.js';
import type { TeamName } from '../../../shared/collections-api.js';
import { sizesToText, teamSizesWithExtras, type SizeBox } from '../../../shared/prices/size-grid.js';
import type { Location } from '../../../shared/locations.js';
import type { Address, Billing, Shipping } from '../../../shared/order.js';
import type { RepeatedDecoration } from '../../../shared/prices/repeated-decorations.js';

/** A file the customer chose. The preview URL (images only) is made by the caller. */
export interface FileEntry {
  id: string;
  file: File;
  previewUrl: string | null;
  /**
   * A file of a past order reused by "Order again" (docs/portal.md): the server copies its stored
   * attachment, so `file` is only its name and type, and nothing is uploaded.
   */
  stored?: StoredFile;
}

/** A past order's stored attachment, by id, with its size (the form shows it). */
export interface StoredFile {
  attachmentId: string;
  size: number;
}

/**
 * The state is generic in how it holds a file (`F`): the form holds the chosen File
 * (FileEntry); the stored draft keeps its files apart and holds none (draft-store.ts).
 */
interface ViewState<F = FileEntry> {
  file: F | null;
  dimensions: string;
  decoration: DecorationMethod | '';
  /** Ink colours of a screen-printed view, as chosen ('' until chosen; absent in older drafts). */
  colours?: string;
  /** The named location (docs/product.md, Locations); absent or '' until chosen. */
  location?: Location | '';
  /**
   * The view's own graphic's proportions, width ÷ height to three decimals, as the browser read
   * its pixels (image-size.ts) for the file chosen; absent until read, or when it cannot be read.
   * Sent as the view's `aspect` and priced with (docs/prices.md, "One number").
   */
  aspect?: number;
}

/** A decoration beyond the view's own: a left-chest logo beside a full-front print. */
export interface ExtraState<F = FileEntry> extends ViewState<F> {
  id: string;
  view: ViewName;
  location: Location;
}

/** What the customer can change in a view's own decoration or an extra one. */
export type DecorationField = 'dimensions' | 'decoration' | 'colours' | 'location';

interface VariationState {
  id: string;
  type: string;
  color: string;
  sizes: string;
  supplyingGoods: YesNo | '';
  itemPO: string;
}

export interface LayoutState<F = FileEntry> {
  /** The layout's key: 1 for the first, then the counter's next number. */
  number: number;
  mockupOption: MockupOption | '';
  garmentOption: GarmentOption | '';
  /** Starts empty in the order state; the form shows "no" until answered (docs/product.md, Design layouts). */
  hasVectorFiles: YesNo | '';
  variations: VariationState[];
  mockupFiles: F[];
  poFiles: F[];
  views: Record<ViewName, ViewState<F>>;
  /** Extra decorations, in the order added (absent in older drafts). */
  extras?: ExtraState<F>[];
  /** The team's size collection for this layout, its secrets kept in this draft (docs/collections.md). */
  collection?: CollectionHandle;
  /** The names and numbers the collection gathered; sent with the layout. */
  teamNames?: TeamName[];
}

/** What the organiser's browser keeps of a collection: both secrets, shown and used from here. */
export interface CollectionHandle {
  link: string;
  organiserKey: string;
  title: string;
  closesOn: string;
  /** The variation whose sizes the roll-up fills. */
  variationId: string;
  /** Whether entries were open when last read (absent until read): the order waits while they are. */
  open?: boolean;
  /** The organiser chose to send the order before entries close: the server updates it when they do. */
  sendWhileOpen?: boolean;
  /**
   * The organiser's own pieces ("Extra pieces the organiser adds"), as sizes text: what the
   * variation held when the collection was made, then edited beside the entries. Added to the
   * entries' counts unless `replaceOwn` (docs/collections.md). Absent in older drafts: none.
   */
  extras?: string;
  /** The organiser chose to let the entries replace her own counts. */
  replaceOwn?: boolean;
  /** Whether members are asked for a name and number to print. */
  asksPrint?: boolean;
  /** The entries' count per size as last read (absent until read). */
  counts?: SizeBox[];
}

/**
 * The variation's sizes while a collection fills it: the entries' counts plus the organiser's own
 * pieces, by the same function the server writes them with (shared/prices/size-grid.ts).
 */
function teamSizesText(collection: CollectionHandle): string {
  const extras = collection.replaceOwn ? '' : (collection.extras ?? '');
  if (!collection.counts) return extras;
  return teamSizesWithExtras(collection.counts, extras) ?? sizesToText(collection.counts);
}

export type DeadlineChoice = 'standard' | 'yes';

/** Billing, shipping, deadline and notes: once per order, bound to layout 1. */
export interface OrderDetails {
  billing: Billing;
  shipping: Shipping;
  deadline: { hasCriticalDeadline: boolean; date: string };
  jobNotes: string;
}

export interface OrderState<F = FileEntry> {
  layouts: LayoutState<F>[];
  openLayout: number | null;
  nextLayoutNumber: number;
  detailsRevealed: boolean;
  details: OrderDetails;
  isResalePartner: boolean;
  includePolyBags: boolean;
  /** "Order again": the past order this one repeats (absent for a new order). */
  reorderOf?: {
    orderId: string;
    reference: string;
    placedOn: string;
    /** Its decorations, for the setup waiver (docs/prices.md); absent in drafts older than it. */
    decorations?: RepeatedDecoration[];
    /** Its stored files' SHA-256 by attachment id: which reused file is which artwork. */
    stored?: Record<string, string>;
    /** Its stored files the server made a thumbnail of, by attachment id (shown as their previews). */
    previews?: string[];
    /** The job notes copied from it, as copied: the form says so beside them until they are gone. */
    copiedNotes?: string;
  };
}

type BillingField = keyof Billing;
type ShippingTextField = Exclude<keyof Shipping, 'sameAsBilling' | 'localPickup'>;
export type VariationField = Exclude<keyof VariationState, 'id'>;

export type OrderAction =
  | { type: 'layoutToggled'; layout: number }
  | { type: 'additionalLayoutsAnswered'; answer: YesNo; variationId: string }
  | { type: 'layoutRemoved'; layout: number }
  | { type: 'mockupOptionChanged'; layout: number; option: MockupOption | '' }
  | { type: 'vectorFilesAnswered'; layout: number; answer: YesNo }
  | { type: 'mockupFilesAdded'; layout: number; files: FileEntry[] }
  | { type: 'mockupFileRemoved'; layout: number; fileId: string }
  | { type: 'viewGraphicChosen'; layout: number; view: ViewName; file: FileEntry | null }
  | { type: 'viewGraphicMeasured'; layout: number; view: ViewName; fileId: string; aspect: number | null }
  | { type: 'viewDimensionsChanged'; layout: number; view: ViewName; value: string }
  | { type: 'viewDecorationChanged'; layout: number; view: ViewName; value: DecorationMethod | '' }
  | { type: 'viewColoursChanged'; layout: number; view: ViewName; value: string }
  | { type: 'viewLocationChanged'; layout: number; view: ViewName; value: Location | '' }
  | { type: 'extraAdded'; layout: number; view: ViewName; location: Location; id: string }
  | { type: 'extraRemoved'; layout: number; id: string }
  | { type: 'extraGraphicChosen'; layout: number; id: string; file: FileEntry | null }
  | { type: 'extraChanged'; layout: number; id: string; field: DecorationField; value: string }
  | { type: 'garmentOptionChanged'; layout: number; option: GarmentOption | '' }
  | { type: 'poFilesAdded'; layout: number; files: FileEntry[] }
  | { type: 'poFileRemoved'; layout: number; fileId: string }
  | { type: 'variationAdded'; layout: number; variationId: string }
  | { type: 'variationRemoved'; layout: number; variationId: string }
  | { type: 'variationChanged'; layout: number; variationId: string; field: VariationField; value: string }
  | { type: 'collectionCreated'; layout: number; collection: CollectionHandle }
  | { type: 'collectionChecked'; layout: number; open: boolean }
  | { type: 'teamSizesFilled'; layout: number; counts: SizeBox[]; teamNames: TeamName[] }
  | {
      type: 'teamExtrasChanged';
      layout: number;
      change: Partial<Pick<CollectionHandle, 'extras' | 'replaceOwn'>>;
    }
  | { type: 'billingChanged'; field: BillingField; value: string }
  | { type: 'shippingChanged'; field: ShippingTextField; value: string }
  | { type: 'sameAsBillingToggled'; checked: boolean }
  | { type: 'localPickupToggled'; checked: boolean }
  | { type: 'deadlineChoiceChanged'; choice: DeadlineChoice }
  | { type: 'deadlineDateChanged'; date: string }
  | { type: 'jobNotesChanged'; value: string }
  | { type: 'resalePartnerToggled'; checked: boolean }
  | { type: 'polyBagsToggled'; checked: boolean }
  | { type: 'orderSubmitted'; variationId: string }
  | { type: 'formReset'; variationId: string }
  | { type: 'draftRestored'; state: OrderState };

function emptyVariation(id: string): VariationState {
  return { id, type: '', color: '', sizes: '', supplyingGoods: 'no', itemPO: '' };
}

/** One value per view, made by `make`: every view is there, as the type says. */
export function byView<T>(make: (view: ViewName) => T): Record<ViewName, T> {
  return {
    Front: make('Front'),
    Back: make('Back'),
    'Left Sleeve': make('Left Sleeve'),
    'Right Sleeve': make('Right Sleeve'),
  };
}

function emptyLayout(number: number, variationId: string): LayoutState {
  const views = byView((): ViewState => ({ file: null, dimensions: '', decoration: '' }));
  return {
    number,
    mockupOption: '',
    garmentOption: '',
    hasVectorFiles: '',
    variations: [emptyVariation(variationId)],
    mockupFiles: [],
    poFiles: [],
    views,
  };
}

/** An address nobody has filled in: the form's start, and what is sent when shipping has none. */
export function emptyAddress(): Address {
  return {
    firstName: '',
    lastName: '',
    companyName: '',
    address: '',
    city: '',
    province: '',
    postalCode: '',
    phone: '',
  };
}

function emptyDetails(): OrderDetails {
  return {
    billing: { ...emptyAddress(), email: '' },
    shipping: { sameAsBilling: true, localPickup: false, ...emptyAddress() },
    deadline: { hasCriticalDeadline: false, date: '' },
    jobNotes: '',
  };
}

/** The state the page opens with, and returns to after a successful submission. */
export function initialOrderState(variationId: string): OrderState {
  return {
    layouts: [emptyLayout(1, variationId)],
    openLayout: 1,
    nextLayoutNumber: 2,
    detailsRevealed: false,
    details: emptyDetails(),
    isResalePartner: false,
    includePolyBags: false,
  };
}

/** The separate shipping address shows only when neither box is checked (docs/product.md, Transitions). */
/** A picture's proportions as the form sends them: the shared reading, as the server measures them. */
export { aspectOf } from '../../../shared/aspect.js';

export function showsShippingAddress(shipping: Shipping): boolean {
  return !shipping.sameAsBilling && !shipping.localPickup;
}

/** What the vector question shows: "no" until the customer answers (docs/product.md, Design layouts). */
export function vectorAnswerShown(layout: LayoutState): YesNo {
  return layout.hasVectorFiles === 'yes' ? 'yes' : 'no';
}

export function showsViewEditor(layout: LayoutState): boolean {
  return layout.mockupOption === 'upload' && vectorAnswerShown(layout) === 'no';
}

/**
 * With vector files ("yes"), each view still says where and how its decoration goes (location,
 * size, method, ink colours) without a graphic of its own: the shop takes the graphics from the
 * vector files. What the customer entered stays in the state either way, so changing the answer
 * back loses nothing (docs/product.md, Design layouts).
 */
export function showsPlacements(layout: LayoutState): boolean {
  return layout.mockupOption === 'upload' && vectorAnswerShown(layout) === 'yes';
}

/** The collection's variation showing the entries with the organiser's pieces (teamSizesText). */
function withTeamSizes(l: LayoutState): LayoutState {
  const c = l.collection;
  if (!c) return l;
  const sizes = teamSizesText(c);
  return { ...l, variations: l.variations.map((v) => (v.id === c.variationId ? { ...v, sizes } : v)) };
}

function updateLayout(state: OrderState, number: number, change: (layout: LayoutState) => LayoutState): OrderState {
  return { ...state, layouts: state.layouts.map((l) => (l.number === number ? change(l) : l)) };
}

function updateView(state: OrderState, number: number, view: ViewName, change: Partial<ViewState>): OrderState {
  return updateLayout(state, number, (l) => ({ ...l, views: { ...l.views, [view]: { ...l.views[view], ...change } } }));
}

function updateExtra(state: OrderState, number: number, id: string, change: Partial<ExtraState>): OrderState {
  return updateLayout(state, number, (l) => ({
    ...l,
    extras: (l.extras ?? []).map((e) => (e.id === id ? { ...e, ...change } : e)),
  }));
}

export function orderReducer(state: OrderState, action: OrderAction): OrderState {
  switch (action.type) {
    case 'layoutToggled':
      return { ...state, openLayout: state.openLayout === action.layout ? null : action.layout };

    case 'additionalLayoutsAnswered': {
      if (action.answer === 'no') return { ...state, detailsRevealed: true };
      const number = state.nextLayoutNumber;
      return {
        ...state,
        layouts: [...state.layouts, emptyLayout(number, action.variationId)],
        openLayout: number,
        nextLayoutNumber: number + 1,
      };
    }

    case 'layoutRemoved': {
      if (state.layouts.length <= 1) return state;
      const layouts = state.layouts.filter((l) => l.number !== action.layout);
      if (layouts.length === state.layouts.length) return state;
      const openLayout = state.openLayout === action.layout ? layouts[0]!.number : state.openLayout;
      return { ...state, layouts, openLayout };
    }

    case 'mockupOptionChanged':
      return updateLayout(state, action.layout, (l) => ({ ...l, mockupOption: action.option }));

    case 'vectorFilesAnswered':
      return updateLayout(state, action.layout, (l) => ({ ...l, hasVectorFiles: action.answer }));

    case 'mockupFilesAdded':
      return updateLayout(state, action.layout, (l) => ({ ...l, mockupFiles: [...l.mockupFiles, ...action.files] }));

    case 'mockupFileRemoved':
      return updateLayout(state, action.layout, (l) => ({
        ...l,
        mockupFiles: l.mockupFiles.filter((f) => f.id !== action.fileId),
      }));

    case 'viewGraphicChosen':
      // Another picture: its proportions are read again (viewGraphicMeasured).
      return updateView(state, action.layout, action.view, { file: action.file, aspect: undefined });

    case 'viewGraphicMeasured': {
      const v = state.layouts.find((l) => l.number === action.layout)?.views[action.view];
      // Only for the picture still chosen, and only when it changes anything.
      if (!v || v.file?.id !== action.fileId || (v.aspect ?? null) === action.aspect) return state;
      return updateView(state, action.layout, action.view, { aspect: action.aspect ?? undefined });
    }

    case 'viewDimensionsChanged':
      return updateView(state, action.layout, action.view, { dimensions: action.value });

    case 'viewDecorationChanged':
      return updateView(state, action.layout, action.view, { decoration: action.value });

    case 'viewColoursChanged':
      return updateView(state, action.layout, action.view, { colours: action.value });

    case 'viewLocationChanged':
      return updateView(state, action.layout, action.view, { location: action.value });

    case 'extraAdded': {
      const extra: ExtraState = {
        id: action.id,
        view: action.view,
        location: action.location,
        file: null,
        dimensions: '',
        decoration: '',
      };
      return updateLayout(state, action.layout, (l) => ({ ...l, extras: [...(l.extras ?? []), extra] }));
    }

    case 'extraRemoved':
      return updateLayout(state, action.layout, (l) => ({
        ...l,
        extras: (l.extras ?? []).filter((e) => e.id !== action.id),
      }));

    case 'extraGraphicChosen':
      return updateExtra(state, action.layout, action.id, { file: action.file });

    case 'extraChanged':
      // A location is never '' for an extra: its select has no empty choice.
      return updateExtra(state, action.layout, action.id, { [action.field]: action.value });

    case 'garmentOptionChanged':
      return updateLayout(state, action.layout, (l) => ({ ...l, garmentOption: action.option }));

    case 'poFilesAdded':
      return updateLayout(state, action.layout, (l) => ({ ...l, poFiles: [...l.poFiles, ...action.files] }));

    case 'poFileRemoved':
      return updateLayout(state, action.layout, (l) => ({
        ...l,
        poFiles: l.poFiles.filter((f) => f.id !== action.fileId),
      }));

    case 'variationAdded':
      return updateLayout(state, action.layout, (l) => ({
        ...l,
        variations: [...l.variations, emptyVariation(action.variationId)],
      }));

    case 'variationRemoved':
      return updateLayout(state, action.layout, (l) =>
        l.variations.length <= 1 ? l : { ...l, variations: l.variations.filter((v) => v.id !== action.variationId) },
      );

    case 'variationChanged':
      return updateLayout(state, action.layout, (l) => ({
        ...l,
        variations: l.variations.map((v) => {
          if (v.id !== action.variationId) return v;
          const next = { ...v, [action.field]: action.value };
          // Item PO exists only while the customer supplies the goods (docs/product.md, Design layouts).
          if (action.field === 'supplyingGoods' && action.value !== 'yes') next.itemPO = '';
          return next;
        }),
      }));

    case 'collectionCreated':
      return updateLayout(state, action.layout, (l) => {
        // A new collection keeps the organiser's own counts as her extra pieces, never lost.
        const own = l.variations.find((v) => v.id === action.collection.variationId)?.sizes ?? '';
        const collection = l.collection ? action.collection : { extras: own, ...action.collection };
        return withTeamSizes({ ...l, collection });
      });

    case 'teamExtrasChanged':
      return updateLayout(state, action.layout, (l) =>
        l.collection ? withTeamSizes({ ...l, collection: { ...l.collection, ...action.change } }) : l,
      );

    case 'collectionChecked':
      return updateLayout(state, action.layout, (l) =>
        l.collection ? { ...l, collection: { ...l.collection, open: action.open } } : l,
      );

    case 'teamSizesFilled':
      return updateLayout(state, action.layout, (l) =>
        l.collection
          ? withTeamSizes({ ...l, teamNames: action.teamNames, collection: { ...l.collection, counts: action.counts } })
          : l,
      );

    case 'billingChanged':
      return {
        ...state,
        details: { ...state.details, billing: { ...state.details.billing, [action.field]: action.value } },
      };

    case 'shippingChanged':
      return {
        ...state,
        details: { ...state.details, shipping: { ...state.details.shipping, [action.field]: action.value } },
      };

    case 'sameAsBillingToggled':
      return {
        ...state,
        details: { ...state.details, shipping: { ...state.details.shipping, sameAsBilling: action.checked } },
      };

    case 'localPickupToggled':
      return {
        ...state,
        details: { ...state.details, shipping: { ...state.details.shipping, localPickup: action.checked } },
      };

    case 'deadlineChoiceChanged':
      return {
        ...state,
        details: {
          ...state.details,
          deadline: { ...state.details.deadline, hasCriticalDeadline: action.choice === 'yes' },
        },
      };

    case 'deadlineDateChanged':
      return { ...state, details: { ...state.details, deadline: { ...state.details.deadline, date: action.date } } };

    case 'jobNotesChanged':
      return { ...state, details: { ...state.details, jobNotes: action.value } };

    case 'resalePartnerToggled':
      return { ...state, isResalePartner: action.checked };

    case 'polyBagsToggled':
      return { ...state, includePolyBags: action.checked };

    case 'orderSubmitted':
    case 'formReset':
      return initialOrderState(action.variationId);

    case 'draftRestored':
      return action.state;
  }
}

/** Every preview URL the state holds, so the caller can release the ones that go away. */
export function previewUrls(state: OrderState): Set<string> {
  const urls = new Set<string>();
  for (const layout of state.layouts) {
    const viewFiles = [...VIEWS.map((v) => layout.views[v].file), ...(layout.extras ?? []).map((e) => e.file)];
    for (const f of [...layout.mockupFiles, ...layout.poFiles, ...viewFiles]) {
      if (f?.previewUrl) urls.add(f.previewUrl);
    }
  }
  return urls;
}

/** True while the customer has entered nothing: no draft worth keeping. */
export function isPristine(state: OrderState): boolean {
  const withoutIds = (s: OrderState) =>
    JSON.stringify({
      ...s,
      layouts: s.layouts.map((l) => ({ ...l, variations: l.variations.map((v) => ({ ...v, id: '' })) })),
    });
  return withoutIds(state) === withoutIds(initialOrderState(''));
}

/** Canadian postal codes as Canada Post writes them ("a1a1a1" becomes "A1A 1A1"); anything else is left as typed. */
export function formatPostalCode(value: string): string {
  const compact = value.replace(/[\s-]+/g, '').toUpperCase();
  return /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : value;
}

/** The same state with each file entry mapped; an entry mapped to null is dropped. */
export function mapFiles<A, B>(state: OrderState<A>, map: (f: A) => B | null): OrderState<B> {
  const some = (files: A[]) => files.map(map).filter((f): f is B => f !== null);
  return {
    ...state,
    layouts: state.layouts.map((l) => ({
      ...l,
      mockupFiles: some(l.mockupFiles),
      poFiles: some(l.poFiles),
      views: byView((v) => {
        const file = l.views[v].file;
        return { ...l.views[v], file: file === null ? null : map(file) };
      }),
      extras: l.extras?.map((e) => ({ ...e, file: e.file === null ? null : map(e.file) })),
    })),
  };
}

/** Every file entry of the form, in order. */
export function filesOf<F>(state: OrderState<F>): F[] {
  const out: F[] = [];
  mapFiles(state, (f) => (out.push(f), f));
  return out;
}
