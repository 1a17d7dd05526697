// What the production capability answers (the board, a job, the calendar) and takes (a move,
// the settings): the wire format the inbox reads and the server declares.
import { z } from 'zod';
import { DECORATION_METHODS, type DecorationMethod, type OrderStatus } from '../constants.js';
import type { Shortage } from '../purchasing/blanks.js';
import type { DayLoad, ImprintSpec, Readiness } from './jobs.js';
import type { ProductionSettings, StageName } from './stages.js';

/** An imprint as the job keeps it (its location as stored), and where it is. */
export interface ImprintCard extends Omit<ImprintSpec, 'location'> {
  id: string;
  location: string;
  /** Index into its method's stages; the last is Pack. */
  stage: number;
  stageName: StageName;
  /** The next stage's name, or null once packed. */
  nextStageName: StageName | null;
  movedAt: string | null;
  movedBy: string | null;
}

export interface JobCard {
  orderId: string;
  reference: string;
  customer: string;
  status: OrderStatus;
  dueOn: string;
  overdue: boolean;
  pieces: number | null;
  readiness: Readiness;
  /**
   * What the job still waits for of its purchase orders (purchasing/); empty when nothing.
   * Always sent; optional so a card made before purchasing existed still reads.
   */
  blanksShort?: Shortage[];
  ready: boolean;
  /** Every imprint at Pack: the inbox offers to move the order to Ready. */
  packed: boolean;
  imprints: ImprintCard[];
}

export interface Board {
  today: string;
  stages: ProductionSettings['stages'];
  jobs: JobCard[];
}

export const boardQuerySchema = z.object({
  method: z.enum(DECORATION_METHODS).optional(),
  /** A stage's index within the chosen method. */
  stage: z.coerce.number().int().min(0).max(20).optional(),
  due: z.enum(['week']).optional(),
  notReady: z.enum(['1']).optional(),
});
export type BoardQuery = z.input<typeof boardQuerySchema>;

/** A move says where the imprint was, so a second clerk's stale move is answered, not applied. */
export const moveBodySchema = z.object({
  from: z.number().int().min(0).max(20),
  to: z.number().int().min(0).max(20),
  /**
   * The first imprint moved past its first stage moves an Approved order to In production through
   * the gate (docs/production.md, "The status follows the floor"): the reason when the gate is closed.
   */
  override: z.object({ reason: z.string().max(500) }).optional(),
});

export interface Calendar {
  from: string;
  to: string;
  capacity: ProductionSettings['capacity'];
  loads: DayLoad[];
  jobs: { orderId: string; reference: string; dueOn: string; pieces: number | null; methods: DecorationMethod[] }[];
}

export type { DecorationMethod };

/**
 * What the quote editor proposes as a due date: the order's pieces by method (as its imprints
 * will be) and the first business day after today on which they fit the capacity beside what is
 * already due, or null when no day in the horizon has room.
 */
export interface RoomForOrder {
  today: string;
  pieces: Partial<Record<DecorationMethod, number>>;
  firstDay: string | null;
  /** Days searched past today. */
  horizonDays: number;
}
