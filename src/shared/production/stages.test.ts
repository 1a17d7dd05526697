// Saved production settings read method by method (docs/production.md): a method added to the
// catalogue takes its defaults alone; what the owner set for the others is kept.
import { describe, expect, it } from 'vitest';
import { DECORATION_METHODS, type DecorationMethod } from '../constants.js';
import { DEFAULT_PRODUCTION_SETTINGS, settingsFromSaved, type ProductionSettings } from './stages.js';

const owners: ProductionSettings = {
  stages: {
    ...DEFAULT_PRODUCTION_SETTINGS.stages,
    embroidery: [
      { en: 'Punch', fr: 'Perforation' },
      { en: 'Done', fr: 'Fini' },
    ],
  },
  capacity: { 'screen-printing': 900, embroidery: 75, dtf: 40, sewing: 5 },
  overagePercent: 7,
  turnaroundDays: 15,
};

describe('settingsFromSaved', () => {
  it('keeps every method the owner set when the catalogue gains one, and gives the new one its defaults', () => {
    // Saved before sewing existed: the catalogue now has one method more than the saved settings.
    const { sewing: _stages, ...stagesBefore } = owners.stages;
    const { sewing: _capacity, ...capacityBefore } = owners.capacity;
    const saved = JSON.parse(JSON.stringify({ ...owners, stages: stagesBefore, capacity: capacityBefore }));
    const read = settingsFromSaved(saved, DECORATION_METHODS);
    expect(read.stages.embroidery).toEqual(owners.stages.embroidery);
    expect(read.capacity).toEqual({ ...owners.capacity, sewing: DEFAULT_PRODUCTION_SETTINGS.capacity.sewing });
    expect(read.stages.sewing).toEqual(DEFAULT_PRODUCTION_SETTINGS.stages.sewing);
    expect([read.overagePercent, read.turnaroundDays]).toEqual([7, 15]);
  });

  it('drops a method the catalogue no longer has, and replaces only the part that does not check', () => {
    const fewer: readonly DecorationMethod[] = ['embroidery', 'dtf'];
    const broken = { ...owners, capacity: { ...owners.capacity, dtf: -3 }, turnaroundDays: 'ten' };
    const read = settingsFromSaved(JSON.parse(JSON.stringify(broken)), fewer);
    expect(Object.keys(read.stages)).toEqual(['embroidery', 'dtf']);
    expect(read.capacity).toEqual({ embroidery: 75, dtf: DEFAULT_PRODUCTION_SETTINGS.capacity.dtf });
    expect(read.stages.embroidery).toEqual(owners.stages.embroidery);
    expect([read.overagePercent, read.turnaroundDays]).toEqual([7, DEFAULT_PRODUCTION_SETTINGS.turnaroundDays]);
  });

  it('reads nothing usable as the defaults', () => {
    expect(settingsFromSaved(null)).toEqual(DEFAULT_PRODUCTION_SETTINGS);
    expect(settingsFromSaved([1, 2])).toEqual(DEFAULT_PRODUCTION_SETTINGS);
  });
});
