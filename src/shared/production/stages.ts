// The production floor's settings (docs/production.md): the stages each decoration method's
// imprints move through, in both languages, the pieces a day the shop can do by method, the
// overage it orders on blanks, and its standard turnaround. Owners set them; shared so the inbox
// edits exactly what the server checks.
import { z } from 'zod';
import { DECORATION_METHODS, STANDARD_TURNAROUND_DAYS, type DecorationMethod } from '../constants.js';
import { perMethod, type StageName } from '../decoration-methods.js';

export type { StageName } from '../decoration-methods.js';

/** The stages a shop starts with (decoration-methods.ts); the last one of each method is Pack: an imprint there is done. */
export const DEFAULT_STAGES: Readonly<Record<DecorationMethod, readonly StageName[]>> = perMethod((d) => d.stages);

const stageNameSchema = z.object({
  en: z.string().trim().min(1, 'Name the stage in English.').max(40),
  fr: z.string().trim().min(1, 'Name the stage in French.').max(40),
});

const eachMethod = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(DECORATION_METHODS.map((m) => [m, value])) as Record<DecorationMethod, T>);

export const productionSettingsSchema = z.object({
  /** Each method's stages, in order: 2 to 12, the last being the one where the imprint is packed. */
  stages: eachMethod(z.array(stageNameSchema).min(2, 'A method has at least two stages.').max(12)),
  /** Pieces a day the shop can decorate by method; 0 means the shop does not count that method. */
  capacity: eachMethod(z.number().int().min(0).max(1_000_000)),
  /** Percent more blanks ordered than the jobs need (misprints), rounded up per size. */
  overagePercent: z.number().int().min(0).max(50),
  /** Business days from approval to the due date when the customer gave no critical deadline. */
  turnaroundDays: z.number().int().min(1).max(120),
});

export type ProductionSettings = z.infer<typeof productionSettingsSchema>;

export const DEFAULT_PRODUCTION_SETTINGS: ProductionSettings = {
  stages: Object.fromEntries(DECORATION_METHODS.map((m) => [m, DEFAULT_STAGES[m].map((s) => ({ ...s }))])) as Record<
    DecorationMethod,
    StageName[]
  >,
  capacity: perMethod((d) => d.capacity),
  overagePercent: 2,
  turnaroundDays: STANDARD_TURNAROUND_DAYS,
};

/** The last stage's index: an imprint there is packed. */
export const packIndex = (settings: ProductionSettings, method: DecorationMethod): number =>
  settings.stages[method].length - 1;
