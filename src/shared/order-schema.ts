// The server's validation of an order (docs/product.md), one schema for both transports.
// The client imports types from order.ts only, so zod never reaches the customer's bundle.
import { z } from 'zod';
import { COLLECTION_LIMITS } from './collections-api.js';
import { isCalendarDate } from './dates.js';
import { DECORATION_METHODS, GARMENT_OPTIONS, MOCKUP_OPTIONS, VIEWS, YES_NO } from './constants.js';
import { isLocationOf, LOCATIONS, VIEW_LOCATIONS } from './locations.js';
import { provinceCodeOf } from './order-details.js';
import type { OrderBody } from './order.js';

export const LIMITS = {
  layouts: 50,
  variations: 100,
  /** Decorations beyond the four views' own, per layout. */
  extraDecorations: 20,
  filesPerLayout: 200,
  shortText: 200,
  longText: 20_000,
  // An image reference is an attachment name or, in the JSON transport, a whole data URL;
  // the request's own size limit bounds the latter.
  imageRef: 1_000_000_000,
} as const;

/** Absent or null string fields (older clients send some as undefined) become ''. */
const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ?? '').trim());

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum([...values, ''] as [string, ...string[]])
    .nullish()
    .transform((v) => (v ?? '') as T[number] | '');

const flag = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);

const variationSchema = z.object({
  type: text(LIMITS.shortText),
  color: text(LIMITS.shortText),
  sizes: text(2_000),
  supplyingGoods: choice(YES_NO),
  itemPO: text(LIMITS.shortText),
});

const imageRef = z
  .string()
  .max(LIMITS.imageRef)
  .nullish()
  .transform((v) => v ?? '');

const viewDatumSchema = z.object({
  image: imageRef,
  dimensions: text(LIMITS.shortText),
  decoration: choice(DECORATION_METHODS),
  /** Ink colours of a screen-printed view: what its price depends on. */
  colours: z
    .number()
    .int('must be a whole number of ink colours, from 1 to 100')
    .min(1, 'must be a whole number of ink colours, from 1 to 100')
    .max(100, 'must be a whole number of ink colours, from 1 to 100')
    .nullish()
    .transform((v) => v ?? undefined),
  location: z.enum(LOCATIONS).optional(),
  /** The graphic's proportions, width ÷ height of its pixels, as the form measured them (docs/prices.md, "One number"). */
  aspect: z.number().positive('must be the graphic’s width ÷ height').max(1000).optional(),
});

const extraDecorationSchema = viewDatumSchema
  .extend({ view: z.enum(VIEWS), location: z.enum(LOCATIONS) })
  .refine((d) => isLocationOf(d.view, d.location), {
    path: ['location'],
    message: `must be a location of its view (${VIEWS.map((v) => `${v}: ${VIEW_LOCATIONS[v].join(', ')}`).join('; ')})`,
  });

// Older clients (the JSON body, docs/architecture.md) serialised browser File objects, which become {} in JSON: every field optional.
const fileRefSchema = z.object({
  name: text(1_000),
  type: text(LIMITS.shortText),
  size: z.number().int().nonnegative().optional(),
  role: z.enum(['mockup', 'po']).optional(),
});

const provinceSchema = text(LIMITS.shortText).refine(
  (v) => v === '' || provinceCodeOf(v) !== null,
  'must be one of the 13 provinces and territories',
);

const addressSchema = z.object({
  firstName: text(LIMITS.shortText),
  lastName: text(LIMITS.shortText),
  companyName: text(LIMITS.shortText),
  address: text(LIMITS.shortText),
  city: text(LIMITS.shortText),
  province: provinceSchema,
  postalCode: text(20),
  phone: text(40),
});

const billingSchema = addressSchema.extend({
  email: text(254).refine((v) => v === '' || z.email().safeParse(v).success, 'must be an email address'),
});

const shippingSchema = addressSchema.extend({
  sameAsBilling: flag(true),
  localPickup: flag(false),
});

const deadlineSchema = z.object({
  hasCriticalDeadline: flag(false),
  date: text(40).refine((v) => v === '' || isIsoDate(v), 'must be a date like 2026-12-31'),
});

/** One member's line of a team's names-and-numbers list (docs/collections.md). */
const teamNameSchema = z.object({
  name: z.string().trim().min(1, 'must be a name').max(COLLECTION_LIMITS.memberName),
  size: z.string().trim().min(1, 'must be a size').max(40),
  printName: z.string().trim().max(COLLECTION_LIMITS.printName),
  printNumber: z
    .string()
    .trim()
    .regex(/^\d{0,3}$/, 'must be up to 3 digits'),
});

const layoutSchema = z.object({
  mockupOption: choice(MOCKUP_OPTIONS),
  garmentOption: choice(GARMENT_OPTIONS),
  hasVectorFiles: choice(YES_NO),
  variations: z
    .array(variationSchema)
    .max(LIMITS.variations)
    .nullish()
    .transform((v) => v ?? []),
  files: z
    .array(fileRefSchema)
    .max(LIMITS.filesPerLayout)
    .nullish()
    .transform((v) => v ?? []),
  mockupImages: z
    .array(imageRef)
    .max(LIMITS.filesPerLayout)
    .nullish()
    .transform((v) => v ?? []),
  viewData: z
    .partialRecord(z.enum(VIEWS), viewDatumSchema)
    .nullish()
    .transform((v) => v ?? {})
    .superRefine((views, ctx) => {
      for (const view of VIEWS) {
        const location = views[view]?.location;
        if (location && !isLocationOf(view, location))
          ctx.addIssue({
            code: 'custom',
            path: [view, 'location'],
            message: `must be one of ${VIEW_LOCATIONS[view].join(', ')}`,
          });
      }
    }),
  extraDecorations: z.array(extraDecorationSchema).max(LIMITS.extraDecorations).optional(),
  billing: billingSchema.optional(),
  shipping: shippingSchema.optional(),
  deadline: deadlineSchema.optional(),
  jobNotes: text(LIMITS.longText).optional(),
  teamNames: z.array(teamNameSchema).max(COLLECTION_LIMITS.entries).optional(),
  /**
   * The team's size collection that fills one of this layout's variations (docs/collections.md),
   * named by its organiser's key: the server checks its entries are closed and takes the sizes
   * and names from them. Never stored with the order.
   */
  teamCollection: z
    .object({
      organiserKey: z.string().max(100),
      variation: z
        .number()
        .int()
        .min(0)
        .max(LIMITS.variations - 1),
      /** Sent before entries close: the order takes the final entries when they do (until quoted). */
      whileOpen: z.boolean().optional(),
      /**
       * The organiser's own pieces, as sizes text ("S:3, M:7"), added to the entries' counts
       * (docs/collections.md); absent: the entries replace the variation's sizes.
       */
      extraSizes: z.string().max(2_000).optional(),
    })
    .optional(),
});

/** A finished resumable upload the order adopts: its URL as the creation answered it, the attachment's name. */
const uploadRefSchema = z.object({
  url: z.string().min(1, 'must be the upload URL').max(2_000),
  /** The secret the upload's creation answered (Upload-Secret): only its page may name it. */
  secret: z.string().max(200).optional(),
  name: text(1_000),
  type: text(LIMITS.shortText),
});

/**
 * "Order again" (docs/portal.md): the signed-in customer's past order this one repeats, and its
 * stored files the new order reuses without a new upload, each under the name the order gives it.
 */
const reorderSchema = z.object({
  orderId: z.string().max(100),
  files: z
    .array(z.object({ id: z.string().max(100), name: text(1_000) }))
    .max(LIMITS.filesPerLayout * 5)
    .default([]),
});

export const orderBodySchema = z.object({
  layouts: z
    .record(z.string().regex(/^[1-9]\d{0,3}$/, 'layout keys must be positive whole numbers'), layoutSchema)
    .refine((l) => Object.keys(l).length >= 1, 'an order needs at least one layout')
    .refine((l) => Object.keys(l).length <= LIMITS.layouts, `an order has at most ${LIMITS.layouts} layouts`),
  isResalePartner: flag(false),
  includePolyBags: flag(false),
  language: z.enum(['en', 'fr']).optional().catch(undefined),
  uploads: z
    .array(uploadRefSchema)
    .max(LIMITS.filesPerLayout * 5)
    .nullish()
    .transform((v) => v ?? []),
  reorder: reorderSchema.optional(),
});

export const jsonAttachmentSchema = z.object({
  name: text(1_000),
  type: text(LIMITS.shortText),
  data: z.string(),
});

export function jsonOrderBodySchema(maxFiles: number) {
  return orderBodySchema.extend({
    files: z
      .array(jsonAttachmentSchema)
      .max(maxFiles, `an order has at most ${maxFiles} files`)
      .nullish()
      .transform((v) => v ?? []),
  });
}

export type ValidOrderBody = z.infer<typeof orderBodySchema>;
export type ValidBilling = z.infer<typeof billingSchema>;

/** The billing fields the form marks required, with the labels a person knows them by. */
export const REQUIRED_BILLING_FIELDS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  address: 'Address',
  city: 'City',
  province: 'Province',
  postalCode: 'Postal Code',
  phone: 'Phone',
  email: 'Email',
} as const satisfies Partial<Record<keyof ValidBilling, string>>;

/** The same labels as the French order form prints them. */
export const REQUIRED_BILLING_FIELDS_FR = {
  firstName: 'Prénom',
  lastName: 'Nom',
  address: 'Adresse',
  city: 'Ville',
  province: 'Province',
  postalCode: 'Code postal',
  phone: 'Téléphone',
  email: 'Courriel',
} as const satisfies Record<keyof typeof REQUIRED_BILLING_FIELDS, string>;

export function missingBillingFields(billing: ValidBilling | undefined): (keyof typeof REQUIRED_BILLING_FIELDS)[] {
  return (Object.keys(REQUIRED_BILLING_FIELDS) as (keyof typeof REQUIRED_BILLING_FIELDS)[]).filter(
    (field) => !billing?.[field],
  );
}

/** A real calendar day (2026-02-30 rolls over in Date.parse, so the day is checked on its own), with an optional time. */
function isIsoDate(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) &&
    isCalendarDate(value.slice(0, 10)) &&
    !Number.isNaN(Date.parse(value))
  );
}

/** A zod error as one sentence a person can act on. */
export function describeIssues(error: z.ZodError, max = 5): string {
  const parts = error.issues.slice(0, max).map((issue) => {
    const path = issue.path.join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length > max ? ` (and ${error.issues.length - max} more)` : '';
  return `The order is not valid: ${parts.join('; ')}${more}.`;
}

/** The same refusal in Canadian French: zod's sentences are English, so the fields at fault are named by their paths. */
export function describeIssuesFr(error: z.ZodError, max = 5): string {
  const paths = [...new Set(error.issues.map((issue) => issue.path.join('.')).filter(Boolean))];
  if (paths.length === 0) return 'La commande n’est pas valide.';
  const more = paths.length > max ? ` (et ${paths.length - max} autres)` : '';
  return `La commande n’est pas valide\u202f: vérifiez ${paths.slice(0, max).join(', ')}${more}.`;
}

/**
 * The fields a zod error is about, as the submit-order contract names them: the order's
 * details (bound to layout 1) without the layout ("billing.email"), anything else by its
 * path ("layouts.2.viewData.Front.dimensions").
 */
export function issueFields(error: z.ZodError): string[] {
  const fields = error.issues.map((issue) => {
    const path = issue.path.map(String);
    if (
      path[0] === 'layouts' &&
      path[1] === '1' &&
      ['billing', 'shipping', 'deadline', 'jobNotes'].includes(path[2] ?? '')
    ) {
      return path.slice(2).join('.');
    }
    return path.join('.');
  });
  return [...new Set(fields.filter(Boolean))];
}

// The page's hand-written OrderBody (order.ts, so that zod never reaches the customer's bundle)
// and this schema cannot drift apart: what the form sends is what the schema takes, and what the
// schema gives back is an OrderBody the shared presentation code reads. tsc fails otherwise.
type Agrees<T extends true> = T;
type _SchemaAgreesWithOrderBody = [
  Agrees<OrderBody extends z.input<typeof orderBodySchema> ? true : false>,
  Agrees<ValidOrderBody extends OrderBody ? true : false>,
];
