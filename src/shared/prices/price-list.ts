// The shop's price list: one JSON document, the contract of docs/prices.md. The zod schema says
// its shape (and generates docs/price-list.schema.json); readPriceList adds the rules a JSON
// Schema cannot say (sorted breaks, one row per break, upcharges only for sizes the garment has…)
// and refuses the whole document on the first doubt, naming every place at fault in English and
// French. The customer's bundle imports the types only: zod stays on the server's side.
import { z } from 'zod';
import { DECORATION_METHODS, type DecorationMethod } from '../constants.js';
import { deepFreeze } from '../deep-freeze.js';
import { MAX_PRINT_INCHES } from '../print-size.js';
import { readQuantity } from '../quantities.js';
import { sizeKey } from './size-grid.js';

/** The largest price of anything in the list, $10,000.00: with the order's limits, every total stays an exact integer. */
export const MAX_PRICE_CENTS = 1_000_000;
/** The largest break or column list, and the most garments: a price list a person can still read. */
export const PRICE_LIST_LIMITS = { values: 50, garments: 5_000, sizes: 30, colours: 200, text: 200 } as const;

/** Each method's one column measure (decoration-methods.ts). */
import { METHOD_MEASURES, type Measure } from '../decoration-methods.js';

export { METHOD_MEASURES, type Measure };

// Messages are keys into MESSAGES, so a refusal reads the same in both languages whichever check made it.
const cents = () =>
  z
    .number({ error: 'cents' })
    .int({ error: 'cents' })
    .min(0, { error: 'negative' })
    .max(MAX_PRICE_CENTS, { error: 'tooMuch' });
const pieces = () => z.number({ error: 'pieces' }).int({ error: 'pieces' }).min(1, { error: 'pieces' }).max(100_000);
const percent = (max: number) => {
  const error = `percent:${max}`;
  return z.number({ error }).int({ error }).min(0, { error }).max(max, { error });
};
const text = () => z.string().trim().min(1, { error: 'empty' }).max(PRICE_LIST_LIMITS.text);
const list = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, { error: 'emptyList' }).max(PRICE_LIST_LIMITS.values);

const garmentSchema = z
  .strictObject({
    id: text().meta({ description: 'The style or SKU customers type, e.g. "G5000". Matched without regard to case.' }),
    name: text().meta({ description: 'The name customers see, e.g. "Gildan 5000 T-shirt". Also matched.' }),
    nameFr: text().optional().meta({
      description:
        'The name in French, e.g. "T-shirt Gildan 5000": French estimates and quote lines use it (a Quebec shop\'s documents print it beside the English). The name when absent.',
    }),
    colours: z
      .array(text())
      .max(PRICE_LIST_LIMITS.colours)
      .meta({ description: 'Colours offered (suggestions only).' }),
    sizes: z
      .array(text())
      .min(1, { error: 'emptyList' })
      .max(PRICE_LIST_LIMITS.sizes)
      .meta({ description: 'Sizes offered, in the order the form shows them, e.g. ["S", "M", "L", "XL", "2XL"].' }),
    unitCents: cents().meta({ description: 'Price of one garment, in cents.' }),
    sizeUpchargeCents: z
      .record(z.string(), cents())
      .optional()
      .meta({ description: 'Cents added to unitCents for some sizes, e.g. {"2XL": 200}. Only sizes the garment has.' }),
    supplier: text().optional().meta({
      description: 'Who the shop buys this garment from, e.g. "SanMar Canada": its purchase orders group by it.',
    }),
    supplierSku: text()
      .optional()
      .meta({ description: "The supplier's own style or SKU, printed on purchase orders (the id when absent)." }),
    childrens: z.boolean().optional().meta({
      description:
        "Sized for children: each province's rule for children's clothing applies to its taxes (exempt from BC PST and MB RST up to $150 an item; the provincial part of the HST rebated in ON, NS and PE).",
    }),
  })
  .meta({ description: 'A garment the shop sells.' });

function methodSchema<M extends Measure, E extends z.ZodRawShape>(measure: M, columns: z.ZodType<number>, extra: E) {
  return z.strictObject({
    measure: z.literal(measure, { error: `measure:${measure}` }),
    minimumPieces: pieces()
      .optional()
      .meta({ description: 'The fewest pieces the shop takes; below it the estimate notes the minimum.' }),
    breaks: list(pieces()).meta({
      description: 'Quantity breaks in pieces, increasing: row n applies from breaks[n] pieces of the layout.',
    }),
    columns: list(columns).meta({
      description: 'Column limits, increasing: a location takes the first column not below its measure.',
    }),
    unitCents: list(list(cents())).meta({
      description: 'Price per piece in cents: one row per break, one price per column.',
    }),
    setupCents: cents().meta({
      description: 'Once per decorated location (screen printing: per colour, one screen each), in cents.',
    }),
    setupWaivedFromPieces: pieces()
      .optional()
      .meta({ description: 'From this many pieces of the layout, no setup is charged.' }),
    ...extra,
  });
}

const whole = () => z.number({ error: 'whole' }).int({ error: 'whole' }).min(1, { error: 'whole' });

const methodsSchema = z
  .strictObject({
    'screen-printing': methodSchema('colours', whole().max(100), {}).optional(),
    embroidery: methodSchema('stitches', whole().max(10_000_000), {
      stitchesPerSquareInch: whole()
        .max(100_000)
        .meta({ description: 'Stitches per square inch of the design, to estimate stitches from its size.' }),
    }).optional(),
    dtf: methodSchema(
      'inches',
      z.number({ error: 'inches' }).gt(0, { error: 'inches' }).max(MAX_PRINT_INCHES),
      {},
    ).optional(),
    sewing: methodSchema('none', whole().max(10_000_000), {}).optional(),
  } satisfies Record<DecorationMethod, z.ZodType>)
  .meta({
    description:
      'Matrices by decoration method. Column measure: ink colours (screen-printing), estimated stitches (embroidery), the longest side in inches (dtf), none (sewing: one column). A method left out is priced on the quote.',
  });

export const priceListSchema = z
  .strictObject({
    currency: z.literal('CAD', { error: 'currency' }),
    showEstimate: z
      .boolean()
      .meta({ description: 'Whether the order form shows the customer a live estimate from this list.' }),
    garments: z
      .array(garmentSchema)
      .max(PRICE_LIST_LIMITS.garments)
      .meta({ description: 'Garments the shop sells; a garment not listed is priced on the quote.' }),
    customerGoodsCents: cents().meta({
      description: 'Per piece, in cents, when the customer supplies the garments.',
    }),
    methods: methodsSchema,
    rush: z
      .strictObject({
        businessDays: z
          .number({ error: 'businessDays' })
          .int({ error: 'businessDays' })
          .min(1, { error: 'businessDays' })
          .max(60, { error: 'businessDays' }),
        percent: percent(100),
      })
      .meta({
        description:
          'A critical deadline fewer than businessDays business days (Monday to Friday) after the pricing date adds percent of garments, decoration and setup.',
      }),
    resalePartnerPercentOff: percent(100).meta({
      description: 'Percent off garments, decoration and setup for resale partners.',
    }),
    reorderSetupWaiverMonths: z
      .number({ error: 'reorderSetupWaiverMonths' })
      .int({ error: 'reorderSetupWaiverMonths' })
      .min(1, { error: 'reorderSetupWaiverMonths' })
      .max(120, { error: 'reorderSetupWaiverMonths' })
      .optional()
      .meta({
        description:
          'On a reorder placed within this many months of the order it repeats, no setup is charged for the decorations that order had (same place, method and artwork: the shop keeps their screens and digitized files); a new decoration pays its setup.',
      }),
    supplierMarkup: z
      .strictObject({
        markupPercent: percent(1000).meta({ description: 'The factor on the cost: 40 makes it 1.40.' }),
        fixedCents: cents().meta({ description: 'Cents added after the factor.' }),
        endingCents: z
          .number({ error: 'ending' })
          .int({ error: 'ending' })
          .min(0, { error: 'ending' })
          .max(99, { error: 'ending' })
          .optional()
          .meta({ description: 'Every price raised to end in these cents (99 for $x.99, 0 for $x.00).' }),
      })
      .optional()
      .meta({
        description:
          "The owner's markup on a supplier's cost when a supplier's price file is imported (src/shared/prices/markup.ts).",
      }),
  })
  .meta({
    title: 'Price list',
    description:
      'The price list of an apparel decoration shop (docs/prices.md). Amounts are integer cents (CAD); percents are whole numbers.',
  });

export type PriceList = z.infer<typeof priceListSchema>;
export type PriceListGarment = PriceList['garments'][number];
export type PriceListMethods = PriceList['methods'];
export type PriceListMethod = NonNullable<PriceListMethods[DecorationMethod]>;

export interface Bilingual {
  en: string;
  fr: string;
}

export interface PriceListError {
  /** Where, as `methods.dtf.unitCents[1][3]`; empty for the document itself. */
  path: string;
  /** The whole sentence, path included: `methods.dtf.unitCents[1][3]: must be a whole number of cents`. */
  message: Bilingual;
}

export type PriceListReading = { ok: true; priceList: PriceList } | { ok: false; errors: PriceListError[] };

const MESSAGES: Record<string, Bilingual> = {
  cents: { en: 'must be a whole number of cents', fr: 'doit être un nombre entier de cents' },
  negative: { en: 'must not be negative', fr: 'ne doit pas être négatif' },
  tooMuch: { en: 'must be at most 1000000 cents ($10,000.00)', fr: 'doit être d’au plus 1000000 cents (10 000,00 $)' },
  pieces: { en: 'must be a whole number of pieces, 1 or more', fr: 'doit être un nombre entier de pièces, 1 ou plus' },
  whole: { en: 'must be a whole number, 1 or more', fr: 'doit être un nombre entier, 1 ou plus' },
  inches: { en: 'must be a number of inches above 0', fr: 'doit être un nombre de pouces supérieur à 0' },
  businessDays: {
    en: 'must be a whole number of business days from 1 to 60',
    fr: 'doit être un nombre entier de jours ouvrables de 1 à 60',
  },
  reorderSetupWaiverMonths: {
    en: 'must be a whole number of months from 1 to 120',
    fr: 'doit être un nombre entier de mois de 1 à 120',
  },
  empty: { en: 'must not be empty', fr: 'ne doit pas être vide' },
  emptyList: { en: 'must not be an empty list', fr: 'ne doit pas être une liste vide' },
  currency: { en: 'must be "CAD"', fr: 'doit être «\u00a0CAD\u00a0»' },
  required: { en: 'is required', fr: 'est obligatoire' },
  unknownField: { en: 'is not a field of the price list', fr: 'n’est pas un champ de la liste de prix' },
  unknownMethod: {
    en: `is not a decoration method (${DECORATION_METHODS.join(', ')})`,
    fr: `n’est pas une méthode de décoration (${DECORATION_METHODS.join(', ')})`,
  },
  increasing: {
    en: 'must be in increasing order, each value once',
    fr: 'doit être en ordre croissant, chaque valeur une seule fois',
  },
  oneColumn: { en: 'must have exactly one column', fr: 'doit avoir exactement une colonne' },
  upchargeSize: { en: 'is not one of this garment’s sizes', fr: 'n’est pas une des tailles de ce vêtement' },
  sizeTwice: { en: 'repeats a size of this garment', fr: 'répète une taille de ce vêtement' },
  unreadableSize: {
    en: 'is not a size the order form can read (such as XS, S, M, L, XL, 2XL, YS, P, G, TG, OS)',
    fr: 'n’est pas une taille que le formulaire sait lire (comme XS, S, M, L, XL, 2XL, YS, P, G, TG, OS)',
  },
  ending: {
    en: 'must be the cents every price ends with, from 0 to 99',
    fr: 'doit être les cents qui terminent chaque prix, de 0 à 99',
  },
  tooLarge: { en: 'is too large', fr: 'est trop grand' },
  tooLong: { en: 'is too long', fr: 'est trop long' },
  invalid: { en: 'is not valid here', fr: 'n’est pas valide ici' },
};

const TYPE_MESSAGES: Record<string, Bilingual> = {
  number: { en: 'must be a number', fr: 'doit être un nombre' },
  string: { en: 'must be text', fr: 'doit être du texte' },
  boolean: { en: 'must be true or false', fr: 'doit être true ou false' },
  array: { en: 'must be a list', fr: 'doit être une liste' },
  object: { en: 'must be an object', fr: 'doit être un objet' },
  record: { en: 'must be an object', fr: 'doit être un objet' },
};

/** `methods.dtf.unitCents[1][3]`: names by dots, list positions in brackets. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  return out;
}

function valueAt(document: unknown, path: readonly PropertyKey[]): unknown {
  let value = document;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/** At most this many errors are listed: enough to fix a document, not a flood from a broken one. */
const MAX_ERRORS = 50;

class Refusals {
  readonly errors: PriceListError[] = [];
  private readonly seen = new Set<string>();

  add(path: readonly PropertyKey[], message: Bilingual): void {
    const where = formatPath(path);
    // One message per place: a fractional negative cent is one mistake to the person fixing it.
    if (this.seen.has(where) || this.errors.length >= MAX_ERRORS) return;
    this.seen.add(where);
    // French puts a space before its colon.
    const at = (m: string, colon: string) => (where ? `${where}${colon} ${m}` : m);
    this.errors.push({ path: where, message: { en: at(message.en, ':'), fr: at(message.fr, '\u00a0:') } });
  }
}

function messageOf(issue: z.core.$ZodIssue, document: unknown): Bilingual {
  if (issue.code === 'invalid_type' && valueAt(document, issue.path) === undefined) return MESSAGES.required!;
  const keyed = MESSAGES[issue.message];
  if (keyed) return keyed;
  const [key, argument] = issue.message.split(':');
  if (key === 'measure') {
    const method = String(issue.path.at(-2));
    return { en: `must be "${argument}" for ${method}`, fr: `doit être «\u00a0${argument}\u00a0» pour ${method}` };
  }
  if (key === 'percent') {
    return { en: `must be a whole number from 0 to ${argument}`, fr: `doit être un nombre entier de 0 à ${argument}` };
  }
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_MESSAGES[issue.expected] ?? MESSAGES.invalid!;
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? MESSAGES.tooLong! : MESSAGES.tooLarge!;
    case 'too_small':
      return issue.origin === 'string'
        ? MESSAGES.empty!
        : issue.origin === 'array'
          ? MESSAGES.emptyList!
          : MESSAGES.invalid!;
    default:
      return MESSAGES.invalid!;
  }
}

function checkIncreasing(values: readonly number[], path: PropertyKey[], refusals: Refusals): void {
  values.forEach((value, i) => {
    if (i > 0 && value <= values[i - 1]!) refusals.add([...path, i], MESSAGES.increasing!);
  });
}

function checkMethod(method: DecorationMethod, m: PriceListMethod, refusals: Refusals): void {
  const at = ['methods', method];
  checkIncreasing(m.breaks, [...at, 'breaks'], refusals);
  checkIncreasing(m.columns, [...at, 'columns'], refusals);
  if (m.measure === 'none' && m.columns.length !== 1) refusals.add([...at, 'columns'], MESSAGES.oneColumn!);
  if (m.unitCents.length !== m.breaks.length) {
    const n = m.breaks.length;
    refusals.add([...at, 'unitCents'], {
      en: `must have one row per break (${n} ${n === 1 ? 'row' : 'rows'})`,
      fr: `doit avoir une rangée par palier (${n} ${n === 1 ? 'rangée' : 'rangées'})`,
    });
  }
  m.unitCents.forEach((row, r) => {
    if (row.length === m.columns.length) return;
    const n = m.columns.length;
    refusals.add([...at, 'unitCents', r], {
      en: `must have one price per column (${n} ${n === 1 ? 'price' : 'prices'})`,
      fr: `doit avoir un prix par colonne (${n} prix)`,
    });
  });
}

function checkGarments(garments: readonly PriceListGarment[], refusals: Refusals): void {
  // A variation's type is matched against ids and names alike, so no two garments may share either.
  const owners = new Map<string, number>();
  garments.forEach((garment, g) => {
    for (const field of ['id', 'name'] as const) {
      const key = garment[field].trim().toLowerCase();
      const owner = owners.get(key);
      if (owner !== undefined && owner !== g) {
        refusals.add(['garments', g, field], {
          en: `repeats the id or name of garments[${owner}]`,
          fr: `répète l’identifiant ou le nom de garments[${owner}]`,
        });
      } else owners.set(key, g);
    }
    const sizes = new Set<string>();
    garment.sizes.forEach((size, s) => {
      const key = sizeKey(size);
      const read = readQuantity(`${size}:1`)?.parts;
      if (read?.length !== 1 || sizeKey(read[0]!.size) !== key) {
        refusals.add(['garments', g, 'sizes', s], MESSAGES.unreadableSize!);
      } else if (sizes.has(key)) refusals.add(['garments', g, 'sizes', s], MESSAGES.sizeTwice!);
      sizes.add(key);
    });
    for (const size of Object.keys(garment.sizeUpchargeCents ?? {})) {
      if (!sizes.has(sizeKey(size))) refusals.add(['garments', g, 'sizeUpchargeCents', size], MESSAGES.upchargeSize!);
    }
  });
}

/**
 * Reads a price list document (parsed JSON). Either the whole list, deeply frozen, or every reason
 * it is refused (at most 50), each naming its place: nothing of a refused document is ever used.
 */
export function readPriceList(document: unknown): PriceListReading {
  const refusals = new Refusals();
  const parsed = priceListSchema.safeParse(document);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        const unknown = formatPath(issue.path) === 'methods' ? MESSAGES.unknownMethod! : MESSAGES.unknownField!;
        for (const key of issue.keys) refusals.add([...issue.path, key], unknown);
      } else refusals.add(issue.path, messageOf(issue, document));
    }
    return { ok: false, errors: refusals.errors };
  }
  const priceList = parsed.data;
  for (const method of DECORATION_METHODS) {
    const m = priceList.methods[method];
    if (m) checkMethod(method, m, refusals);
  }
  checkGarments(priceList.garments, refusals);
  if (refusals.errors.length > 0) return { ok: false, errors: refusals.errors };
  // Frozen: priceOrder remembers its work per price list, so a list must never change once read.
  return { ok: true, priceList: deepFreeze(priceList) };
}

/** The JSON Schema of the document, as committed in docs/price-list.schema.json. */
export function priceListJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(priceListSchema, { target: 'draft-2020-12' });
}
