import { describe, expect, it } from 'vitest';
import type { Board, ImprintCard, JobCard } from '../../../../shared/production/production-api.js';
import { DEFAULT_PRODUCTION_SETTINGS } from '../../../../shared/production/stages.js';
import { calendarDays, filtersQuery, formatDay, lanesOf, moveTargets, readFilters, withJob } from './board-view.js';

const stages = DEFAULT_PRODUCTION_SETTINGS.stages;

const imprint = (id: string, method: ImprintCard['method'], stage: number): ImprintCard => ({
  id,
  layout: '1',
  location: 'Front',
  method,
  printSize: '10" wide',
  inkColours: null,
  stitches: null,
  transferInches: null,
  pieces: 48,
  graphic: '',
  stage,
  stageName: stages[method][stage]!,
  nextStageName: stages[method][stage + 1] ?? null,
  movedAt: null,
  movedBy: null,
});

const job = (orderId: string, imprints: ImprintCard[]): JobCard => ({
  orderId,
  reference: orderId.toUpperCase(),
  customer: 'Ada Lovelace',
  status: 'approved',
  dueOn: '2026-12-01',
  overdue: false,
  pieces: 48,
  readiness: { proof: 'none', deposit: 'due', blanks: 'to_order' },
  ready: false,
  packed: false,
  imprints,
});

const board: Board = {
  today: '2026-11-26',
  stages,
  jobs: [
    job('a', [imprint('a1', 'screen-printing', 1), imprint('a2', 'embroidery', 0)]),
    job('b', [imprint('b1', 'screen-printing', 1), imprint('b2', 'screen-printing', 3)]),
  ],
};

describe('the board’s filters in the address bar', () => {
  it('reads what it writes, and the server takes the same query', () => {
    const f = { method: 'embroidery' as const, stage: 2, dueWeek: true, notReady: true };
    expect(filtersQuery(f)).toBe('method=embroidery&stage=2&due=week&notReady=1');
    expect(readFilters(`?${filtersQuery(f)}`)).toEqual(f);
    expect(filtersQuery(readFilters(''))).toBe('');
  });

  it('leaves out what it cannot read, and a stage without a method', () => {
    expect(readFilters('?method=knitting&stage=2&due=month&notReady=yes')).toEqual({
      method: '',
      stage: null,
      dueWeek: false,
      notReady: false,
    });
    expect(readFilters('?method=dtf&stage=-1').stage).toBeNull();
    expect(readFilters('?method=dtf&stage=0').stage).toBe(0);
  });
});

describe('the board’s lanes and columns', () => {
  it('makes a lane per method a job has, its stages as columns, a card where an imprint is', () => {
    const lanes = lanesOf(board, { method: '', stage: null });
    // In the shop's order of methods (shared/constants.ts).
    expect(lanes.map((l) => l.method)).toEqual(['embroidery', 'screen-printing']);
    const screen = lanes[1]!.columns;
    expect(screen.map((c) => c.name.en)).toEqual(['Art', 'Screens', 'Print', 'Cure and QC', 'Pack']);
    expect(screen[1]!.cards.map((c) => [c.job.orderId, c.imprints.map((i) => i.id)])).toEqual([
      ['a', ['a1']],
      ['b', ['b1']],
    ]);
    expect(screen[3]!.cards.map((c) => c.imprints.map((i) => i.id))).toEqual([['b2']]);
    expect(lanes[0]!.columns[0]!.cards.map((c) => c.job.orderId)).toEqual(['a']);
  });

  it('shows the chosen method’s lane even when empty, and only the chosen stage', () => {
    expect(lanesOf(board, { method: 'dtf', stage: null })[0]!.columns).toHaveLength(4);
    const [lane] = lanesOf(board, { method: 'screen-printing', stage: 3 });
    expect(lane!.columns.map((c) => [c.stage, c.cards.length])).toEqual([[3, 1]]);
  });

  it('puts a move’s answer in place and offers every other stage', () => {
    const moved = job('a', [imprint('a1', 'screen-printing', 2), imprint('a2', 'embroidery', 0)]);
    const after = withJob(board, moved);
    expect(after.jobs[0]!.imprints[0]!.stage).toBe(2);
    expect(after.jobs[1]).toBe(board.jobs[1]);
    expect(moveTargets(imprint('x', 'sewing', 1), stages).map((s) => s.name.en)).toEqual(['Sew', 'Pack']);
  });
});

describe('the calendar’s days', () => {
  it('groups loads and jobs by day, in order', () => {
    const days = calendarDays({
      from: '2026-11-26',
      to: '2026-12-23',
      capacity: DEFAULT_PRODUCTION_SETTINGS.capacity,
      loads: [
        { day: '2026-12-02', method: 'embroidery', pieces: 200, capacity: 150, over: true },
        { day: '2026-12-01', method: 'dtf', pieces: 10, capacity: 300, over: false },
      ],
      jobs: [{ orderId: 'a', reference: 'A', dueOn: '2026-12-02', pieces: 200, methods: ['embroidery'] }],
    });
    expect(days.map((d) => [d.day, d.loads.length, d.jobs.length])).toEqual([
      ['2026-12-01', 1, 0],
      ['2026-12-02', 1, 1],
    ]);
  });

  it('writes a plain date with its weekday in either language, whatever the time zone', () => {
    expect(formatDay('2026-11-30', 'en')).toMatch(/^Mon/);
    expect(formatDay('2026-11-30', 'fr')).toMatch(/^lun/);
  });
});
