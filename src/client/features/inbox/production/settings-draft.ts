// The production settings as the owner edits them (docs/production.md, Stages and Capacity):
// numbers kept as typed until saved, checked here by the rules the server checks again
// (shared/production/stages.ts), each problem under the path of its field. Pure, tested.
import { DECORATION_METHODS, type DecorationMethod } from '../../../../shared/constants.js';
import type { ProductionSettings, StageName } from '../../../../shared/production/stages.js';

export const MIN_STAGES = 2;
export const MAX_STAGES = 12;

export interface SettingsDraft {
  stages: Record<DecorationMethod, StageName[]>;
  capacity: Record<DecorationMethod, string>;
  overagePercent: string;
  turnaroundDays: string;
}

export type SettingsProblem = 'stageEn' | 'stageFr' | 'capacity' | 'overage' | 'turnaround';

const perMethod = <T>(make: (m: DecorationMethod) => T) =>
  Object.fromEntries(DECORATION_METHODS.map((m) => [m, make(m)])) as Record<DecorationMethod, T>;

export function draftOf(settings: ProductionSettings): SettingsDraft {
  return {
    stages: perMethod((m) => settings.stages[m].map((s) => ({ ...s }))),
    capacity: perMethod((m) => String(settings.capacity[m])),
    overagePercent: String(settings.overagePercent),
    turnaroundDays: String(settings.turnaroundDays),
  };
}

/** A new stage goes before the last one: the last stays Pack, where an imprint is done. */
export function addStage(draft: SettingsDraft, method: DecorationMethod): SettingsDraft {
  const list = draft.stages[method];
  if (list.length >= MAX_STAGES) return draft;
  const stages = [...list.slice(0, -1), { en: '', fr: '' }, ...list.slice(-1)];
  return { ...draft, stages: { ...draft.stages, [method]: stages } };
}

export function removeStage(draft: SettingsDraft, method: DecorationMethod, index: number): SettingsDraft {
  const list = draft.stages[method];
  if (list.length <= MIN_STAGES) return draft;
  return { ...draft, stages: { ...draft.stages, [method]: list.filter((_, i) => i !== index) } };
}

export function renameStage(
  draft: SettingsDraft,
  method: DecorationMethod,
  index: number,
  language: 'en' | 'fr',
  name: string,
): SettingsDraft {
  const stages = draft.stages[method].map((s, i) => (i === index ? { ...s, [language]: name } : s));
  return { ...draft, stages: { ...draft.stages, [method]: stages } };
}

const wholeIn = (text: string, min: number, max: number): number | null => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** The settings to save, or every problem by its field's path. */
export function checkDraft(
  draft: SettingsDraft,
):
  | { settings: ProductionSettings; problems: [] }
  | { settings: null; problems: { path: string; problem: SettingsProblem }[] } {
  const problems: { path: string; problem: SettingsProblem }[] = [];
  for (const m of DECORATION_METHODS) {
    draft.stages[m].forEach((s, i) => {
      if (!s.en.trim() || s.en.trim().length > 40) problems.push({ path: `stages.${m}.${i}.en`, problem: 'stageEn' });
      if (!s.fr.trim() || s.fr.trim().length > 40) problems.push({ path: `stages.${m}.${i}.fr`, problem: 'stageFr' });
    });
    if (wholeIn(draft.capacity[m], 0, 1_000_000) === null)
      problems.push({ path: `capacity.${m}`, problem: 'capacity' });
  }
  const overagePercent = wholeIn(draft.overagePercent, 0, 50);
  const turnaroundDays = wholeIn(draft.turnaroundDays, 1, 120);
  if (overagePercent === null) problems.push({ path: 'overagePercent', problem: 'overage' });
  if (turnaroundDays === null) problems.push({ path: 'turnaroundDays', problem: 'turnaround' });
  if (problems.length > 0 || overagePercent === null || turnaroundDays === null) return { settings: null, problems };
  return {
    settings: {
      stages: perMethod((m) => draft.stages[m].map((s) => ({ en: s.en.trim(), fr: s.fr.trim() }))),
      capacity: perMethod((m) => Number(draft.capacity[m].trim())),
      overagePercent,
      turnaroundDays,
    },
    problems: [],
  };
}
