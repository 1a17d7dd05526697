// Jobs and imprints from an order, due dates, readiness and the load by day.
import { describe, expect, it } from 'vitest';
import type { OrderBody } from '../order.js';
import {
  addBusinessDays,
  dueDateOf,
  firstDayWithRoom,
  imprintsOf,
  isReady,
  loadByDay,
  piecesByMethod,
} from './jobs.js';
import { DEFAULT_PRODUCTION_SETTINGS, productionSettingsSchema } from './stages.js';

const order = (): OrderBody => ({
  layouts: {
    '1': {
      mockupOption: 'upload',
      garmentOption: 'pick',
      hasVectorFiles: 'no',
      variations: [
        { type: 'G5000', color: 'Black', sizes: 'S:10, M:20', supplyingGoods: 'no' },
        { type: 'G5000', color: 'White', sizes: 'L:5', supplyingGoods: 'no' },
      ],
      files: [],
      mockupImages: [],
      viewData: {
        Front: { image: 'Layout_1_Front.png', dimensions: '10" wide', decoration: 'screen-printing', colours: 3 },
        Back: { image: '', dimensions: '3.5 x 2 in', decoration: 'embroidery' },
        'Left Sleeve': { image: '', dimensions: '4 x 3 in', decoration: 'dtf' },
        'Right Sleeve': { image: '', dimensions: '', decoration: '' },
      },
    },
    '2': {
      mockupOption: 'upload',
      garmentOption: 'po',
      hasVectorFiles: 'no',
      variations: [],
      files: [],
      mockupImages: [],
      viewData: { Front: { image: '', dimensions: '2"', decoration: 'sewing' } },
    },
  },
  isResalePartner: false,
  includePolyBags: false,
});

describe('imprints', () => {
  it('put their pieces on their methods, an unknown count as none', () => {
    expect(piecesByMethod(imprintsOf(order()))).toEqual({ 'screen-printing': 35, embroidery: 35, dtf: 35, sewing: 0 });
  });

  it('are the decorated views of every layout, with what each method needs', () => {
    expect(imprintsOf(order())).toEqual([
      expect.objectContaining({ layout: '1', location: 'Front', method: 'screen-printing', inkColours: 3, pieces: 35 }),
      expect.objectContaining({ layout: '1', location: 'Back', method: 'embroidery', stitches: 7000, pieces: 35 }),
      expect.objectContaining({ layout: '1', location: 'Left Sleeve', method: 'dtf', transferInches: 4, pieces: 35 }),
      expect.objectContaining({ layout: '2', location: 'Front', method: 'sewing', pieces: null }),
    ]);
  });
});

describe('due dates', () => {
  it('are the critical deadline, or the approval plus business days', () => {
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30'); // a Friday, then the Monday
    expect(dueDateOf('2026-11-25', { hasCriticalDeadline: false, date: '' }, 10)).toBe('2026-12-09');
    expect(dueDateOf('2026-11-25', { hasCriticalDeadline: true, date: '2026-12-01' }, 10)).toBe('2026-12-01');
    expect(dueDateOf('2026-11-25', { hasCriticalDeadline: true, date: 'soon' }, 10)).toBe('2026-12-09');
  });
});

describe('readiness', () => {
  it('needs the proof, the deposit and the blanks', () => {
    expect(isReady({ proof: 'approved', deposit: 'paid', blanks: 'in' })).toBe(true);
    expect(isReady({ proof: 'approved', deposit: 'overridden', blanks: 'customer' })).toBe(true);
    expect(isReady({ proof: 'approved', deposit: 'due', blanks: 'in' })).toBe(false);
    expect(isReady({ proof: 'approved', deposit: 'paid', blanks: 'short' })).toBe(false);
    expect(isReady({ proof: 'none', deposit: 'paid', blanks: 'in' })).toBe(false);
  });
});

describe('capacity', () => {
  const capacity = { 'screen-printing': 100, embroidery: 50, dtf: 0, sewing: 10 };
  const jobs = [
    { dueOn: '2026-12-01', imprints: [{ method: 'screen-printing' as const, pieces: 80 }] },
    {
      dueOn: '2026-12-01',
      imprints: [
        { method: 'screen-printing' as const, pieces: 40 },
        { method: 'dtf' as const, pieces: 999 },
      ],
    },
  ];
  it('says when a day is over capacity, and never for a method the shop does not count', () => {
    expect(loadByDay(jobs, capacity)).toEqual([
      { day: '2026-12-01', method: 'dtf', pieces: 999, capacity: 0, over: false },
      { day: '2026-12-01', method: 'screen-printing', pieces: 120, capacity: 100, over: true },
    ]);
  });
  it('finds the first business day with room', () => {
    const loads = loadByDay(jobs, capacity);
    expect(firstDayWithRoom('2026-11-30', { 'screen-printing': 30 }, loads, capacity)).toBe('2026-12-02');
    expect(firstDayWithRoom('2026-11-30', { 'screen-printing': 10 }, [], capacity)).toBe('2026-12-01');
  });
});

describe('settings', () => {
  it('start with the default stages, Pack last', () => {
    expect(productionSettingsSchema.safeParse(DEFAULT_PRODUCTION_SETTINGS).success).toBe(true);
    for (const stages of Object.values(DEFAULT_PRODUCTION_SETTINGS.stages)) expect(stages.at(-1)!.en).toBe('Pack');
  });
});

describe('imprints at named locations', () => {
  it('know the location of each decoration, a width alone taking the location’s usual height', () => {
    const o = order();
    o.layouts['1']!.extraDecorations = [
      {
        view: 'Front',
        location: 'left-chest',
        image: 'Layout_1_Front_left-chest.png',
        dimensions: '3.5" wide',
        decoration: 'embroidery',
      },
    ];
    o.layouts['1']!.viewData.Front!.location = 'full-front';
    expect(
      imprintsOf(o)
        .filter((i) => i.layout === '1')
        .map((i) => [i.location, i.method, i.stitches]),
    ).toEqual([
      ['Front/full-front', 'screen-printing', null],
      ['Front/left-chest', 'embroidery', 7000],
      ['Back', 'embroidery', 7000],
      ['Left Sleeve', 'dtf', null],
    ]);
  });
});
