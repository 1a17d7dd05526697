import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCTION_SETTINGS, productionSettingsSchema } from '../../../../shared/production/stages.js';
import { addStage, checkDraft, draftOf, removeStage, renameStage } from './settings-draft.js';

describe('the production settings as the owner edits them', () => {
  it('gives back the settings it was made from, as the server accepts them', () => {
    const checked = checkDraft(draftOf(DEFAULT_PRODUCTION_SETTINGS));
    expect(checked.settings).toEqual(DEFAULT_PRODUCTION_SETTINGS);
    expect(productionSettingsSchema.safeParse(checked.settings).success).toBe(true);
  });

  it('adds a stage before Pack, keeps at least two, and names it in both languages', () => {
    let draft = addStage(draftOf(DEFAULT_PRODUCTION_SETTINGS), 'sewing');
    expect(draft.stages.sewing.map((s) => s.en)).toEqual(['Sew', 'QC', '', 'Pack']);
    expect(checkDraft(draft).problems).toEqual([
      { path: 'stages.sewing.2.en', problem: 'stageEn' },
      { path: 'stages.sewing.2.fr', problem: 'stageFr' },
    ]);
    draft = renameStage(renameStage(draft, 'sewing', 2, 'en', ' Press '), 'sewing', 2, 'fr', 'Repassage');
    expect(checkDraft(draft).settings?.stages.sewing[2]).toEqual({ en: 'Press', fr: 'Repassage' });
    draft = removeStage(removeStage(removeStage(draft, 'sewing', 0), 'sewing', 0), 'sewing', 0);
    expect(draft.stages.sewing.map((s) => s.en)).toEqual([' Press ', 'Pack']);
  });

  it('refuses numbers out of range or not whole, each beside its field', () => {
    const draft = {
      ...draftOf(DEFAULT_PRODUCTION_SETTINGS),
      overagePercent: '51',
      turnaroundDays: '2.5',
    };
    draft.capacity = { ...draft.capacity, dtf: '' };
    expect(checkDraft(draft).problems.map((p) => p.path)).toEqual(['capacity.dtf', 'overagePercent', 'turnaroundDays']);
  });
});
