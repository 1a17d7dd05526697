// The decoration methods, each described once (docs/decoration-methods.md): its names in both
// languages, its measure (what a price-list column counts and what a job records), its default
// production stages and capacity. Everything else reads this record, or is made by the type checker
// to name each method (an exhaustive Record or switch). Adding a method: its key in
// DECORATION_METHODS (constants.ts), its description here, then what the compiler names.
import type { DecorationMethod } from './constants.js';

type Words = Readonly<Record<'en' | 'fr', string>>;

export interface StageName {
  en: string;
  fr: string;
}

/**
 * What a method is measured in, one for each: a price-list column's value and the fact a job
 * records for each imprint (docs/prices.md, docs/production.md).
 * - colours: ink colours (screens); the job records `inkColours`;
 * - stitches: stitches, estimated from the size and the list's density; the job records `stitches`;
 * - inches: a transfer's longest side; the job records `transferInches`;
 * - none: one price; the job records nothing more than the print size.
 */
export type Measure = 'colours' | 'stitches' | 'inches' | 'none';

export interface MethodDescription {
  /** Its name, as a label and at the head of a sentence ("Screen printing"): one spelling each. */
  name: Words;
  /** French, opening a sentence with its article: "La sérigraphie commence à 12 pièces". */
  frenchWithArticle: string;
  measure: Measure;
  /** The price list's column, in words: "ink colours", "longest side (inches)". */
  columnWords: Words;
  /** The stages a shop starts with; the last one is Pack (an imprint there is done). */
  stages: readonly StageName[];
  /** Pieces a day the shop starts with (0: not counted). */
  capacity: number;
}

const stage = (en: string, fr: string): StageName => ({ en, fr });

export const METHODS: Readonly<Record<DecorationMethod, MethodDescription>> = {
  embroidery: {
    name: { en: 'Embroidery', fr: 'Broderie' },
    frenchWithArticle: 'La broderie',
    measure: 'stitches',
    columnWords: { en: 'stitches', fr: 'points' },
    stages: [
      stage('Digitize', 'Numérisation'),
      stage('Sew', 'Broderie'),
      stage('Trim and QC', 'Finition et contrôle'),
      stage('Pack', 'Emballage'),
    ],
    capacity: 150,
  },
  'screen-printing': {
    name: { en: 'Screen printing', fr: 'Sérigraphie' },
    frenchWithArticle: 'La sérigraphie',
    measure: 'colours',
    columnWords: { en: 'ink colours', fr: 'couleurs d’encre' },
    stages: [
      stage('Art', 'Infographie'),
      stage('Screens', 'Écrans'),
      stage('Print', 'Impression'),
      stage('Cure and QC', 'Séchage et contrôle'),
      stage('Pack', 'Emballage'),
    ],
    capacity: 600,
  },
  dtf: {
    name: { en: 'DTF', fr: 'DTF' },
    frenchWithArticle: 'Le DTF',
    measure: 'inches',
    columnWords: { en: 'longest side (inches)', fr: 'côté le plus long (pouces)' },
    stages: [
      stage('Print transfers', 'Impression des transferts'),
      stage('Press', 'Pressage'),
      stage('QC', 'Contrôle'),
      stage('Pack', 'Emballage'),
    ],
    capacity: 300,
  },
  sewing: {
    name: { en: 'Sewing', fr: 'Couture' },
    frenchWithArticle: 'La couture',
    measure: 'none',
    columnWords: { en: 'one price', fr: 'un seul prix' },
    stages: [stage('Sew', 'Couture'), stage('QC', 'Contrôle'), stage('Pack', 'Emballage')],
    capacity: 100,
  },
};

/** Each method's value of one property: `perMethod((d) => d.name.en)`. */
export function perMethod<T>(pick: (d: MethodDescription, method: DecorationMethod) => T): Record<DecorationMethod, T> {
  return Object.fromEntries(Object.entries(METHODS).map(([m, d]) => [m, pick(d, m as DecorationMethod)])) as Record<
    DecorationMethod,
    T
  >;
}

/** Each method's name in `language`: the labels of every list and select. */
export const methodNames = (language: 'en' | 'fr'): Record<DecorationMethod, string> =>
  perMethod((d) => d.name[language]);

/** Each method's measure. */
export const METHOD_MEASURES: Readonly<Record<DecorationMethod, Measure>> = perMethod((d) => d.measure);
