// "Order again" (docs/portal.md): a past order, as the server stored it, turned into the form's
// state: layouts, garments, views and locations, methods, ink colours, extra decorations, notes,
// billing and shipping; the sizes kept or emptied as the customer chose; each stored file an
// entry that names the stored attachment, so nothing is uploaded again. Pure: the caller fetches.
import { VIEWS, type ViewName } from '../../../shared/constants.js';
import type { ValidOrderBody } from '../../../shared/order-schema.js';
import type { ReorderSource } from '../../../shared/portal-api.js';
import { repeatedDecorations } from '../../../shared/prices/repeated-decorations.js';
import { byView, type ExtraState, type FileEntry, type LayoutState, type OrderState } from './order-state.js';

type StoredLayout = ValidOrderBody['layouts'][string];
type StoredView = NonNullable<StoredLayout['viewData'][ViewName]>;

export function reorderState(source: ReorderSource, keepSizes: boolean, makeId: () => string): OrderState {
  const byName = new Map(source.files.map((f) => [f.name.toLowerCase(), f]));
  /** The stored attachment an image or file reference names, as a file entry; null when none. */
  const entry = (name: string | undefined): FileEntry | null => {
    const stored = name ? byName.get(name.toLowerCase()) : undefined;
    if (!stored) return null;
    return {
      id: makeId(),
      file: new File([], stored.name, { type: stored.mediaType }),
      previewUrl: null,
      stored: { attachmentId: stored.id, size: stored.size },
    };
  };
  const entries = (layout: StoredLayout, role: 'mockup' | 'po') =>
    layout.files.filter((f) => (f.role ?? 'mockup') === role).flatMap((f) => entry(f.name) ?? []);
  const decoration = (d: StoredView | undefined) => ({
    dimensions: d?.dimensions ?? '',
    decoration: d?.decoration ?? '',
    colours: d?.colours ? String(d.colours) : '',
    location: d?.location ?? ('' as const),
  });

  const keys = Object.keys(source.document.layouts).sort((a, b) => Number(a) - Number(b));
  const layouts = keys.map((key, index): LayoutState => {
    const l = source.document.layouts[key]!;
    const extras = (l.extraDecorations ?? []).map((e): ExtraState => ({
      id: makeId(),
      view: e.view,
      file: entry(e.image),
      ...decoration(e),
      location: e.location,
    }));
    return {
      number: index + 1,
      mockupOption: l.mockupOption,
      garmentOption: l.garmentOption,
      hasVectorFiles: l.hasVectorFiles,
      variations: l.variations.map((v) => ({
        id: makeId(),
        type: v.type,
        color: v.color,
        sizes: keepSizes ? v.sizes : '',
        supplyingGoods: v.supplyingGoods,
        itemPO: v.itemPO ?? '',
      })),
      mockupFiles: entries(l, 'mockup'),
      poFiles: entries(l, 'po'),
      views: byView((view) => {
        const d = VIEWS.includes(view) ? l.viewData[view] : undefined;
        return { file: entry(d?.image), ...decoration(d) };
      }),
      ...(extras.length ? { extras } : {}),
    };
  });
  const first = source.document.layouts[keys[0]!]!;
  const billing = first.billing!;
  const shipping = first.shipping;
  return withStoredPreviews({
    layouts,
    openLayout: 1,
    nextLayoutNumber: layouts.length + 1,
    detailsRevealed: true,
    details: {
      billing: { ...billing },
      shipping: {
        sameAsBilling: shipping?.sameAsBilling ?? true,
        localPickup: shipping?.localPickup ?? false,
        firstName: shipping?.firstName ?? '',
        lastName: shipping?.lastName ?? '',
        companyName: shipping?.companyName ?? '',
        address: shipping?.address ?? '',
        city: shipping?.city ?? '',
        province: shipping?.province ?? '',
        postalCode: shipping?.postalCode ?? '',
        phone: shipping?.phone ?? '',
      },
      // A deadline belongs to the past order: the new one starts with the standard turnaround.
      deadline: { hasCriticalDeadline: false, date: '' },
      jobNotes: first.jobNotes ?? '',
    },
    isResalePartner: source.document.isResalePartner,
    includePolyBags: source.document.includePolyBags,
    reorderOf: {
      orderId: source.orderId,
      reference: source.reference,
      placedOn: source.placedOn,
      // What the setup waiver compares the new order with (docs/prices.md), as the server does.
      decorations: repeatedDecorations(source.document, source.files),
      stored: Object.fromEntries(source.files.map((f) => [f.id, f.sha256])),
      previews: source.files.filter((f) => f.preview).map((f) => f.id),
      // Last time's notes may not hold this time: the form says they were copied (copiedNotesOf).
      ...(first.jobNotes?.trim() ? { copiedNotes: first.jobNotes } : {}),
    },
  });
}

/** Where the form shows the server's thumbnail of a past order's stored file (the portal session's own). */
export const storedPreviewUrl = (orderId: string, attachmentId: string) =>
  `/api/portal/orders/${encodeURIComponent(orderId)}/files/${encodeURIComponent(attachmentId)}/thumbnail`;

/**
 * The state with a preview for each reused stored file the server made a thumbnail of (a draft
 * keeps no preview URL: restored, it gets them again); the same state when none is missing.
 */
export function withStoredPreviews(state: OrderState): OrderState {
  const of = state.reorderOf;
  const previews = new Set(of?.previews ?? []);
  let changed = false;
  const withPreview = <F extends FileEntry | null>(f: F): F => {
    if (!of || !f?.stored || f.previewUrl || !previews.has(f.stored.attachmentId)) return f;
    changed = true;
    return { ...f, previewUrl: storedPreviewUrl(of.orderId, f.stored.attachmentId) };
  };
  const layouts = state.layouts.map((l) => ({
    ...l,
    mockupFiles: l.mockupFiles.map(withPreview),
    poFiles: l.poFiles.map(withPreview),
    views: byView((view) => ({ ...l.views[view], file: withPreview(l.views[view].file) })),
    ...(l.extras ? { extras: l.extras.map((e) => ({ ...e, file: withPreview(e.file) })) } : {}),
  }));
  return changed ? { ...state, layouts } : state;
}
