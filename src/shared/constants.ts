// Business constants of docs/product.md, shared by the form and the server.

export const VIEWS = ['Front', 'Back', 'Left Sleeve', 'Right Sleeve'] as const;
export type ViewName = (typeof VIEWS)[number];

export const DECORATION_METHODS = ['embroidery', 'screen-printing', 'dtf', 'sewing'] as const;
export type DecorationMethod = (typeof DECORATION_METHODS)[number];

export const MOCKUP_OPTIONS = ['upload', 'create'] as const;
export type MockupOption = (typeof MOCKUP_OPTIONS)[number];

export const GARMENT_OPTIONS = ['po', 'pick'] as const;
export type GarmentOption = (typeof GARMENT_OPTIONS)[number];

export const YES_NO = ['yes', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];

/** The 13 provinces and territories, in the order Canada Post lists them. */
export const PROVINCES = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
] as const;
export type ProvinceCode = (typeof PROVINCES)[number]['code'];

/** Layout accents cycle through these 8 colours (docs/product.md). */
export const ACCENT_COLOURS = [
  '#2563eb',
  '#db2777',
  '#059669',
  '#d97706',
  '#7c3aed',
  '#0891b2',
  '#dc2626',
  '#4d7c0f',
] as const;

export function accentFor(position: number): string {
  return ACCENT_COLOURS[(position - 1) % ACCENT_COLOURS.length]!;
}

export const STANDARD_TURNAROUND_DAYS = 10;
export const POLY_BAG_PRICE_CAD = 0.35;
/** The same price as whole cents, for every amount that is computed. */
export const POLY_BAG_PRICE_CENTS = Math.round(POLY_BAG_PRICE_CAD * 100);

/** Path of the submit-order function, as on the hosted backend the shop used before (docs/architecture.md). */
export const SUBMIT_ORDER_PATH = '/functions/v1/submit-order';
/** The tus 1.0 endpoint for resumable uploads (the hosted backend's path for them, docs/architecture.md). */
export const UPLOAD_PATH = '/storage/v1/upload/resumable';

/** The shop's workflow for an order, in order. */
export const ORDER_STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'quoted', label: 'Quoted' },
  { value: 'approved', label: 'Approved' },
  { value: 'in_production', label: 'In production' },
  { value: 'ready', label: 'Ready' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number]['value'];

/** The steps of an order as the customer follows them on their order's page (no Cancelled). */
export const CUSTOMER_STEPS = ['new', 'quoted', 'approved', 'in_production', 'ready', 'completed'] as const;

/** The longest full name an approval takes, and the longest change request (the page's fields stop there). */
export const MAX_APPROVAL_NAME_CHARS = 200;
export const MAX_CHANGE_REQUEST_CHARS = 4000;
