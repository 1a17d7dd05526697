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

/**
 * Saved settings read against today's methods (docs/production.md): each part the owner saved that
 * still checks is kept, method by method; a method added since (or a part that no longer checks)
 * takes its default; a method no longer offered is dropped. Never all-or-nothing: adding a method
 * keeps the owner's stage names, capacities, overage and turnaround.
 */
export function settingsFromSaved(
  saved: unknown,
  methods: readonly DecorationMethod[] = DECORATION_METHODS,
  defaults: ProductionSettings = DEFAULT_PRODUCTION_SETTINGS,
): ProductionSettings {
  const shape = productionSettingsSchema.shape;
  const record = (v: unknown): Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const s = record(saved);
  const part = <T>(schema: z.ZodType<T>, value: unknown, fallback: T): T => {
    const read = schema.safeParse(value);
    return read.success ? read.data : fallback;
  };
  const stages = shape.stages.shape['screen-printing'];
  const capacity = shape.capacity.shape['screen-printing'];
  return {
    stages: Object.fromEntries(
      methods.map((m) => [m, part(stages, record(s.stages)[m], defaults.stages[m])]),
    ) as ProductionSettings['stages'],
    capacity: Object.fromEntries(
      methods.map((m) => [m, part(capacity, record(s.capacity)[m], defaults.capacity[m])]),
    ) as ProductionSettings['capacity'],
    overagePercent: part(shape.overagePercent, s.overagePercent, defaults.overagePercent),
    turnaroundDays: part(shape.turnaroundDays, s.turnaroundDays, defaults.turnaroundDays),
  };
}

/** The last stage's index: an imprint there is packed. */
export const packIndex = (settings: ProductionSettings, method: DecorationMethod): number =>
  settings.stages[method].length - 1;
