// From the form's state to what is sent (docs/product.md, Attachments): the order JSON and the files,
// each file's bytes once, never inside the JSON.
import {
  cleanFileName,
  extensionOf,
  locationAttachmentName,
  mockupAttachmentName,
  uniqueName,
  viewAttachmentName,
} from '../../../shared/attachment-names.js';
import { METHOD_MEASURES } from '../../../shared/decoration-methods.js';
import { VIEWS, type ViewName } from '../../../shared/constants.js';
import type { ExtraDecoration, FileRef, OrderBody, OrderLayout, ViewDatum } from '../../../shared/order.js';
import {
  emptyAddress,
  showsPlacements,
  showsShippingAddress,
  showsViewEditor,
  vectorAnswerShown,
  type FileEntry,
  type LayoutState,
  type OrderState,
} from './order-state.js';

interface OutgoingAttachment {
  /** The form's file entry (its background upload is keyed by it). */
  id: string;
  name: string;
  type: string;
  file: Blob;
}

export interface Submission {
  order: OrderBody;
  attachments: OutgoingAttachment[];
}

type ReusedFile = NonNullable<OrderBody['reorder']>['files'][number];

export function isImage(file: Blob): boolean {
  return file.type.startsWith('image/');
}

/**
 * Layouts are numbered by position, as the customer saw them ("Design Layout 2" is layout 2
 * even after an earlier one was removed), so layout 1 always exists and carries the details.
 * Files of options the customer moved away from (mockups after choosing "Build my own",
 * a PO after choosing "Pick my selection here") are kept in the form but not sent.
 */
export function buildSubmission(state: OrderState): Submission {
  const attachments: OutgoingAttachment[] = [];
  // A past order's stored files ("Order again") travel by id: the server copies them, no upload.
  const reused: ReusedFile[] = [];
  const taken = new Set<string>();
  const attach = (entry: FileEntry, wantedName: string): FileRef => {
    const name = uniqueName(wantedName, taken);
    taken.add(name.toLowerCase());
    const type = entry.file.type || 'application/octet-stream';
    if (entry.stored) {
      reused.push({ id: entry.stored.attachmentId, name });
      return { name, type, size: entry.stored.size };
    }
    attachments.push({ id: entry.id, name, type, file: entry.file });
    return { name, type, size: entry.file.size };
  };
  const realExtension = (entry: FileEntry) => extensionOf(entry.file.name, entry.file.type);

  const layouts: Record<string, OrderLayout> = {};
  state.layouts.forEach((layout, index) => {
    const n = index + 1;
    const files: FileRef[] = [];
    const mockupImages: string[] = [];
    const viewData: Partial<Record<(typeof VIEWS)[number], ViewDatum>> = {};

    if (layout.mockupOption === 'upload') {
      for (const entry of layout.mockupFiles) {
        const name = isImage(entry.file)
          ? mockupAttachmentName(n, mockupImages.length + 1, realExtension(entry))
          : cleanFileName(entry.file.name);
        const ref = attach(entry, name);
        if (isImage(entry.file)) mockupImages.push(ref.name);
        files.push({ ...ref, role: 'mockup' });
      }
    }
    const editor = showsViewEditor(layout);
    // With vector files, each view still says where and how it goes, without a graphic of its own.
    const placed = editor || showsPlacements(layout);
    for (const view of VIEWS) {
      const v = layout.views[view];
      const image = editor && v.file ? attach(v.file, viewAttachmentName(n, view, realExtension(v.file))).name : '';
      // The graphic's proportions, when the browser read them, size and price it (docs/prices.md).
      const aspect = image && v.aspect !== undefined ? { aspect: v.aspect } : {};
      viewData[view] = placed
        ? { image, ...decorationOf(v), ...aspect }
        : { image: '', dimensions: '', decoration: '' };
    }
    // Extra decorations (docs/product.md, Locations): only when there are some, so that an order
    // without them is what a client of the published wire format (docs/architecture.md) sends.
    const extraDecorations: ExtraDecoration[] = placed
      ? (layout.extras ?? []).map((e) => ({
          view: e.view,
          location: e.location,
          image:
            editor && e.file
              ? attach(e.file, locationAttachmentName(n, e.view, e.location, realExtension(e.file))).name
              : '',
          ...decorationOf(e),
        }))
      : [];
    if (layout.garmentOption === 'po') {
      for (const entry of layout.poFiles) files.push({ ...attach(entry, cleanFileName(entry.file.name)), role: 'po' });
    }

    const teamVariation = layout.collection
      ? layout.variations.findIndex((v) => v.id === layout.collection!.variationId)
      : -1;
    const out: OrderLayout = {
      mockupOption: layout.mockupOption,
      garmentOption: layout.garmentOption,
      hasVectorFiles: layout.mockupOption === 'upload' ? vectorAnswerShown(layout) : layout.hasVectorFiles,
      variations: layout.variations.map(({ type, color, sizes, supplyingGoods, itemPO }) => ({
        type,
        color,
        sizes,
        supplyingGoods,
        ...(supplyingGoods === 'yes' ? { itemPO } : {}),
      })),
      files,
      mockupImages,
      viewData,
      ...(extraDecorations.length > 0 ? { extraDecorations } : {}),
      // A team's names and numbers (docs/collections.md): only when collected, as with extras.
      ...(layout.garmentOption === 'pick' && layout.teamNames && layout.teamNames.length > 0
        ? { teamNames: layout.teamNames }
        : {}), // Its collection by the organiser's key: the server takes the final entries from it.
      ...(layout.garmentOption === 'pick' && teamVariation >= 0
        ? {
            teamCollection: {
              organiserKey: layout.collection!.organiserKey,
              variation: teamVariation,
              ...(layout.collection!.open && layout.collection!.sendWhileOpen ? { whileOpen: true } : {}),
              // The organiser's own pieces, added to the entries as the form shows them.
              extraSizes: layout.collection!.replaceOwn ? '' : (layout.collection!.extras ?? ''),
            },
          }
        : {}),
    };
    if (n === 1) {
      const { billing, shipping, deadline, jobNotes } = state.details;
      out.billing = { ...billing };
      out.shipping = showsShippingAddress(shipping)
        ? { ...shipping }
        : { sameAsBilling: shipping.sameAsBilling, localPickup: shipping.localPickup, ...emptyAddress() };
      out.deadline = {
        hasCriticalDeadline: deadline.hasCriticalDeadline,
        date: deadline.hasCriticalDeadline ? deadline.date : '',
      };
      out.jobNotes = jobNotes;
    }
    layouts[String(n)] = out;
  });

  const order: OrderBody = { layouts, isResalePartner: state.isResalePartner, includePolyBags: state.includePolyBags };
  if (state.reorderOf) order.reorder = { orderId: state.reorderOf.orderId, files: reused };
  return { order, attachments };
}

/** A decoration's fields as sent: ink colours with a method measured in colours (screen printing) only, as a whole number (docs/prices.md). */
function decorationOf(v: LayoutState['views'][ViewName]) {
  const colours =
    v.decoration && METHOD_MEASURES[v.decoration] === 'colours' && v.colours ? Number(v.colours) : undefined;
  return {
    dimensions: v.dimensions,
    decoration: v.decoration,
    ...(colours ? { colours } : {}),
    ...(v.location ? { location: v.location } : {}),
  };
}

/** The multipart body of docs/architecture.md (the submit-order function): the `order` part first, then one `files` part per file. */
export function toFormData(submission: Submission): FormData {
  const form = new FormData();
  form.append('order', JSON.stringify(submission.order));
  for (const a of submission.attachments) {
    // A Blob with the right type, so the part's Content-Type is the file's media type.
    const blob = a.file.type === a.type ? a.file : a.file.slice(0, a.file.size, a.type);
    form.append('files', blob, a.name);
  }
  return form;
}
