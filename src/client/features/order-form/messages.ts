// Every text the customer sees on the order form, in one place, read with useOrderFormText().
// The English texts are contracts (docs/product.md), word for word; the Canadian French
// catalogue has the same shape, checked by the type.
import { formatBytes } from '../../../shared/format-bytes.js';
import type { PixelSize, PrintSize } from '../../../shared/print-size.js';
import { textHook, type Catalogues, type Language } from '../../shared/language.js';
import {
  POLY_BAG_PRICE_CAD,
  STANDARD_TURNAROUND_DAYS,
  type ProvinceCode,
  type ViewName,
} from '../../../shared/constants.js';
import { methodNames } from '../../../shared/decoration-methods.js';
import { inches, printSizeText } from './print-size-text.js';

export const en = {
  language: {
    /** The switch offers the other language, named in that language. */
    switchTo: 'Français',
    switchToLang: 'fr' as Language,
    switchLabel: 'Afficher le formulaire en français',
  },
  page: {
    myOrders: 'Your past and current orders are in My orders',
    title: 'Place your order, your way!',
    subtitle: 'Complete the form below to submit your custom order',
    formLabel: 'Order form',
    testMode:
      'Test order: it is marked Test in the inbox, mails no customer and takes no invoice number. Only signed-in staff can send one.',
  },
  notFound: {
    heading: '404',
    text: 'Oops! Page not found',
    home: 'Return to Home',
  },
  layout: {
    title: (n: number) => `Design Layout ${n}`,
    thumbnailAlt: (n: number) => `First mockup of Design Layout ${n}`,
    remove: 'Remove Layout',
    removeNamed: (n: number) => `Remove Layout ${n}`,
    removeHeading: (n: number) => `Remove Design Layout ${n}?`,
    removeWarning: 'Its mockups, graphics, garments and sizes will be taken out of this order. This cannot be undone.',
    keep: 'Keep it',
    removeConfirm: 'Yes, remove it',
    additionalQuestion: 'Are there additional graphic layouts for this job?',
    added: (n: number) => `Design Layout ${n} added.`,
    removed: 'Layout removed.',
  },
  honeypot: 'Leave this field empty',
  yes: 'Yes',
  no: 'No',
  chooseOption: 'Select an option',
  files: {
    remove: (name: string) => `Remove ${name}`,
    chosen: (count: number) => (count === 1 ? '1 file chosen' : `${count} files chosen`),
    size: (bytes: number) => formatBytes(bytes, 'en'),
    tooLarge: (name: string, limit: number) =>
      `“${name}” was not added: it is larger than the limit of ${formatBytes(limit, 'en')} per file.`,
    added: (count: number) => (count === 1 ? '1 file added.' : `${count} files added.`),
    removed: (name: string) => `${name} removed.`,
  },
  uploads: {
    uploading: (percent: number) => `Uploading ${percent}%`,
    done: 'Uploaded',
    stored: 'Already stored, no upload needed',
    paused: 'Paused until the connection is back',
    failed: 'Upload failed',
    retry: 'Retry',
    retryLabel: (name: string) => `Retry uploading ${name}`,
    // Announcements leave the file's name out: the list beside it says which file, and a live
    // region repeating names would read every file name twice.
    announceDone: 'A file finished uploading.',
    announcePaused: 'Uploads paused until the connection is back.',
    announceFailed: 'A file could not be uploaded: use Retry beside it, or submit and it will be sent with the order.',
  },
  artwork: {
    vector: 'Vector file: prints sharp at any size.',
    embroidery: 'For embroidery, the shop digitises your artwork.',
    sharp: (px: PixelSize, ppi: number, size: PrintSize) =>
      `${px.width}×${px.height} px · ${ppi} ppi at ${printSizeText(size, 'en')}: prints sharp.`,
    acceptable: (px: PixelSize, ppi: number, size: PrintSize, neededPx: number) =>
      `${px.width}×${px.height} px · ${ppi} ppi at ${printSizeText(size, 'en')}: acceptable. An image ${neededPx} px wide would print sharp.`,
    low: (ppi: number, size: PrintSize, neededPx: number) =>
      `At ${printSizeText(size, 'en')} this image is ${ppi} ppi: it may print blurry. Send a larger image (${neededPx} px wide) or a vector file.`,
    measuredOnly: (px: PixelSize, maxSharpIn: number) =>
      `This image is ${px.width}×${px.height} px: it prints sharp up to ${inches(maxSharpIn, 'en')} in wide. Write the print size in Graphic Dimensions (e.g. 10" wide) to check it.`,
  },
  sectionA: {
    heading: 'Section A - Mockups & Artwork',
    mockupOptions: 'Mockup Options',
    upload: 'Upload Mockups and artwork',
    create: 'Build my own',
    vectorQuestion: 'Does your mockup include vector files?',
    uploadMockup: 'Upload Mockup',
    studioHeading: 'Create a mockup using our Design Studio!',
    studioNote:
      'You can place your order directly in the Design Studio, or take a screenshot of your design and upload it here to continue with this form.',
    studioBannerAlt: 'Open our Design Studio (opens in a new tab)',
    viewsLegend: 'Graphics for each view',
    placementsLegend: 'Where and how each decoration goes',
    vectorNote:
      'We take each graphic, its shapes and its colours from your vector files. Tell us where and how each one goes: for each view, its location, print size, decoration method and ink colours.',
    views: {
      Front: 'Front',
      Back: 'Back',
      'Left Sleeve': 'Left Sleeve',
      'Right Sleeve': 'Right Sleeve',
    } satisfies Record<ViewName, string>,
    noGraphic: 'No graphic uploaded',
    uploadGraphic: 'Upload Graphic',
    removeGraphic: 'Remove Graphic',
    graphicPreviewAlt: (view: string) => `${view} graphic`,
    graphicDimensions: 'Graphic Dimensions',
    dimensionsPlaceholder: 'e.g. 10" wide',
    decorationMethod: 'Decoration Method',
    inkColours: 'Ink colours',
    moreColours: (n: number) => `More than ${n} (priced on your quote)`,
    decorations: methodNames('en'),
  },
  sectionB: {
    heading: 'Section B - Garment Selection',
    garmentOptions: 'Garment Options',
    po: 'Information provided in a PO',
    pick: 'Pick my selection here',
    uploadPo: 'Upload PO',
    garmentDetails: 'Garment Details',
    variation: (n: number) => `Variation #${n}`,
    type: 'Garment Type or SKU',
    color: 'Color',
    sizes: 'Sizes and Quantities',
    sizesPlaceholder: 'e.g. S: 5, M: 10, L: 10, XL: 5',
    sizeBoxes: 'Quantities by size',
    sizeBox: (size: string) => `Quantity, size ${size}`,
    sizeBoxInvalid: 'A whole number from 0 to 100,000.',
    sizeBoxesUnread:
      'The text below names sizes this garment does not have, or cannot be read by size: edit it there, or clear it to use these boxes.',
    supplyingGoods: 'Are you supplying the goods?',
    itemPO: 'Item PO',
    removeVariation: 'Remove Garment Variation',
    addVariation: 'Add Another Garment Variation',
    teamSizes: 'Collect sizes from a team',
    teamFilled:
      'While the team’s collection is on, these sizes are filled from the entries plus the extra pieces you add in the panel below; this is what the order sends.',
  },
  sectionC: {
    heading: 'Section C - Billing & Shipping Info',
    revealed: 'Billing, shipping and deadline questions are now shown below the layouts.',
    billing: 'Billing Information',
    shipping: 'Shipping Address',
    firstName: 'First Name',
    lastName: 'Last Name',
    companyName: 'Company Name',
    address: 'Address',
    city: 'City',
    province: 'Province',
    chooseProvince: 'Select a province or territory',
    postalCode: 'Postal Code',
    phone: 'Phone',
    email: 'Email',
    requiredNote: 'Fields marked * are required.',
    sameAsBilling: 'Same as billing address',
    localPickup: 'Local Pickup',
    deadline: 'Deadline',
    deadlineQuestion: 'Do you have a critical deadline?',
    standardTurnaround: `Standard ${STANDARD_TURNAROUND_DAYS}-day turnaround`,
    rushDeadline: 'Yes, I have a critical deadline',
    requestedDate: 'Requested Completion Date',
    turnaroundNote: `Not all rush requests can be accommodated, but all dates past the ${STANDARD_TURNAROUND_DAYS}-day turnaround will be met.`,
    jobNotes: 'Job Notes and Additional Details',
    jobNotesPlaceholder: 'Any additional information we should know about your order...',
  },
  provinces: {
    AB: 'Alberta',
    BC: 'British Columbia',
    MB: 'Manitoba',
    NB: 'New Brunswick',
    NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia',
    NT: 'Northwest Territories',
    NU: 'Nunavut',
    ON: 'Ontario',
    PE: 'Prince Edward Island',
    QC: 'Quebec',
    SK: 'Saskatchewan',
    YT: 'Yukon',
  } satisfies Record<ProvinceCode, string>,
  options: {
    heading: 'Additional Options',
    resalePartner: 'Are you a resale partner of ours?',
    polyBags: `Include biodegradable poly bags at $${POLY_BAG_PRICE_CAD.toFixed(2)} a piece`,
  },
  fieldErrors: {
    summaryTitle: 'There is a problem',
    address: {
      firstName: 'Enter a first name',
      lastName: 'Enter a last name',
      companyName: 'Enter a company name of 200 characters or fewer',
      address: 'Enter a street address',
      city: 'Enter a city',
      province: 'Select a province or territory',
      postalCode: 'Enter a postal code, like B3H 1A1',
      phone: 'Enter a phone number, like 902-555-0100',
      email: 'Enter an email address, like name@example.com',
    },
    /** In the summary, where billing and shipping share the same labels. */
    inShipping: (message: string) => `Shipping address: ${message}`,
    deadlineDate: 'Enter the requested completion date: day, month and year',
    jobNotes: 'Enter job notes of 20,000 characters or fewer',
    layout: {
      mockupOption: 'Select a mockup option',
      hasVectorFiles: 'Select yes if your mockup includes vector files',
      dimensions: (view: string) => `Enter the ${view} graphic dimensions in 200 characters or fewer`,
      decoration: (view: string) => `Select a decoration method for the ${view} graphic`,
      garmentOption: 'Select a garment option',
      type: 'Enter a garment type or SKU of 200 characters or fewer',
      color: 'Enter a color of 200 characters or fewer',
      sizes: 'Enter the sizes and quantities, like S: 5, M: 10',
      supplyingGoods: 'Select yes if you are supplying the goods',
      itemPO: 'Enter an item PO of 200 characters or fewer',
      collectionOpen: 'Close the team’s size entries before you send the order',
    },
    /** In the summary, so the customer knows which layout to open. */
    inLayout: (n: number, message: string) => `Design Layout ${n}: ${message}`,
  },
  draft: {
    restored: 'We restored the order you had started on this device.',
    startOver: 'Start over',
    cleared: 'The form was cleared.',
  },
  submit: {
    button: 'Submit Order',
    sending: 'Submitting your order…',
    waiting: (count: number) => (count === 1 ? 'Waiting for 1 upload…' : `Waiting for ${count} uploads…`),
    progressLabel: 'Upload progress',
    progress: (sent: number, total: number) =>
      `${total ? Math.floor((sent / total) * 100) : 100}% sent (${formatBytes(sent, 'en')} of ${formatBytes(total, 'en')})`,
    cancel: 'Cancel sending',
    cancelled: 'Sending was cancelled. Your order is still here; submit it again when you are ready.',
    success: 'Thank you! Your order has been submitted successfully.',
    failure: 'Failed to submit order. Please try again.',
    expired: 'This page has expired. Please reload the page, then submit again: your entries and files are kept.',
    reference: (reference: string) => `Your order reference is ${reference}.`,
    dismiss: 'Dismiss',
    myOrders: 'Follow it, and all your orders, in My orders',
  },
};

export type Messages = typeof en;

let french: Messages | undefined;
let frenchLoad: Promise<Messages> | undefined;

/**
 * The French catalogue is a chunk of its own (docs/performance.md, The order page's first
 * JavaScript), loaded when the page is first shown in French; React's `use` waits for it.
 */
export function loadFrench(): Promise<Messages> {
  frenchLoad ??= import('./french-messages.js').then(
    (m) => (french = m.fr),
    (error: unknown) => {
      frenchLoad = undefined;
      throw error;
    },
  );
  return frenchLoad;
}

/** Both catalogues; the French one may be read once loadFrench() has resolved. */
export const ORDER_FORM_MESSAGES: Catalogues<Messages> = {
  en,
  get fr(): Messages {
    if (!french) throw new Error('The French catalogue is read before loadFrench() resolved.');
    return french;
  },
};

/** The order form's texts in the page's language. */
export const useOrderFormText = textHook(ORDER_FORM_MESSAGES);
