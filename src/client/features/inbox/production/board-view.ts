// The board as the inbox lays it out (docs/production.md, The board): its filters read from and
// written to the address bar, the server's jobs set in columns by stage (one row of columns per
// method when no method is chosen), and a move's answer put back in place. Pure, tested.
import { DECORATION_METHODS, type DecorationMethod } from '../../../../shared/constants.js';
import type { DayLoad } from '../../../../shared/production/jobs.js';
import type { Board, Calendar, ImprintCard, JobCard } from '../../../../shared/production/production-api.js';
import type { StageName } from '../../../../shared/production/stages.js';
import { localeOf, type Language } from '../../../shared/language.js';

export interface BoardFilters {
  method: DecorationMethod | '';
  /** A stage's index within the chosen method; null for any. */
  stage: number | null;
  dueWeek: boolean;
  notReady: boolean;
}

const isMethod = (value: string | null): value is DecorationMethod =>
  value !== null && (DECORATION_METHODS as readonly string[]).includes(value);

/** The filters an address's query says; anything unreadable is left out, never an error. */
export function readFilters(search: string): BoardFilters {
  const params = new URLSearchParams(search);
  const method = params.get('method');
  const stage = Number(params.get('stage') ?? '');
  const withMethod = isMethod(method);
  return {
    method: withMethod ? method : '',
    // A stage means something only within a method.
    stage: withMethod && params.get('stage') !== null && Number.isInteger(stage) && stage >= 0 ? stage : null,
    dueWeek: params.get('due') === 'week',
    notReady: params.get('notReady') === '1',
  };
}

/** The query the board's address and the server's GET /api/production/board both take. */
export function filtersQuery(f: BoardFilters): string {
  const params = new URLSearchParams();
  if (f.method) params.set('method', f.method);
  if (f.method && f.stage !== null) params.set('stage', String(f.stage));
  if (f.dueWeek) params.set('due', 'week');
  if (f.notReady) params.set('notReady', '1');
  return params.toString();
}

export interface Column {
  method: DecorationMethod;
  stage: number;
  name: StageName;
  /** The jobs with an imprint of this method at this stage, each with those imprints. */
  cards: { job: JobCard; imprints: ImprintCard[] }[];
}

export interface Lane {
  method: DecorationMethod;
  columns: Column[];
}

/**
 * The board's lanes: one per method (only the chosen one, else every method some job has), its
 * stages as columns, a job in each column where one of its imprints of that method is.
 */
export function lanesOf(board: Board, filters: Pick<BoardFilters, 'method' | 'stage'>): Lane[] {
  const methods = filters.method
    ? [filters.method]
    : DECORATION_METHODS.filter((m) => board.jobs.some((j) => j.imprints.some((i) => i.method === m)));
  return methods.map((method) => {
    const columns: Column[] = board.stages[method].map((name, stage) => ({ method, stage, name, cards: [] }));
    for (const job of board.jobs) {
      const byStage = new Map<number, ImprintCard[]>();
      for (const imprint of job.imprints) {
        if (imprint.method !== method) continue;
        byStage.set(imprint.stage, [...(byStage.get(imprint.stage) ?? []), imprint]);
      }
      for (const [stage, imprints] of byStage) columns[stage]?.cards.push({ job, imprints });
    }
    return {
      method,
      columns: filters.method && filters.stage !== null ? columns.filter((c) => c.stage === filters.stage) : columns,
    };
  });
}

/** The board with one job as a move answered it. */
export function withJob(board: Board, job: JobCard): Board {
  return { ...board, jobs: board.jobs.map((j) => (j.orderId === job.orderId ? job : j)) };
}

/** A plain date (YYYY-MM-DD) as the inbox's language writes it, with its weekday: "Mon., Nov. 30". */
export function formatDay(day: string, language: Language, withYear = false): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(localeOf(language), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/** The stages an imprint may move to from where it is: every other stage of its method. */
export function moveTargets(imprint: ImprintCard, stages: Board['stages']): { stage: number; name: StageName }[] {
  return stages[imprint.method].map((name, stage) => ({ stage, name })).filter((s) => s.stage !== imprint.stage);
}

/** The calendar's days with something due, in order: each day's loads by method and its jobs. */
export function calendarDays(calendar: Calendar): { day: string; loads: DayLoad[]; jobs: Calendar['jobs'] }[] {
  const days = new Map<string, { day: string; loads: DayLoad[]; jobs: Calendar['jobs'] }>();
  const dayOf = (day: string) => {
    let entry = days.get(day);
    if (!entry) days.set(day, (entry = { day, loads: [], jobs: [] }));
    return entry;
  };
  for (const load of calendar.loads) dayOf(load.day).loads.push(load);
  for (const job of calendar.jobs) dayOf(job.dueOn).jobs.push(job);
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}
