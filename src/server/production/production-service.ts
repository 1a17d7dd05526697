// The production floor (docs/production.md): approved orders become jobs, each decorated view an
// imprint moving through its method's stages; the board shows them with their readiness (proof,
// deposit, blanks) and due dates; the calendar sets pieces due each day against the capacity.
import type { Kysely } from 'kysely';
import { DECORATION_METHODS, type DecorationMethod } from '../../shared/constants.js';
import { addDays, dateIn } from '../../shared/dates.js';
import { DEFAULT_STITCHES_PER_SQUARE_INCH } from '../../shared/decoration-size.js';
import {
  addBusinessDays,
  dueDateOf,
  firstDayWithRoom,
  imprintsOf,
  isReady,
  loadByDay,
  piecesByMethod,
  type Readiness,
} from '../../shared/production/jobs.js';
import type {
  Board,
  BoardQuery,
  Calendar,
  ImprintCard,
  JobCard,
  RoomForOrder,
} from '../../shared/production/production-api.js';
import type { FloorDecoration } from '../../shared/quote-api.js';
import { packIndex, type ProductionSettings } from '../../shared/production/stages.js';
import { DomainError } from '../errors.js';
import { approvedOrderVersions, approvedVersions, ordersToMake } from '../quotes/index.js';
import { graphicAspects } from '../artwork/index.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { lockOrder, recordEvent } from '../storage/orders.js';
import type { CurrentPriceList } from '../prices/index.js';
import type { Dialect } from '../storage/db.js';
import type { Database, ImprintsTable } from '../storage/schema.js';
import { fromJson } from '../storage/json.js';
import {
  findImprint,
  imprintsOfJobs,
  insertJob,
  jobIdByReference,
  jobOf,
  followVersion,
  moveImprintRow,
  openJobs,
  openJobVersions,
  orderDocumentOf,
  ordersWithoutJobs,
  overriddenOrders,
  readProductionSettings,
  type JobRow,
} from './production-store.js';

/** Who moves on the floor, as the session says (the gate's override is theirs to give). */
export interface FloorStaff {
  staffId: string;
  email: string;
  role: 'owner' | 'staff';
}

export interface ProductionDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The shop's time zone: today, and an approval's day. */
  timeZone: string;
  /** The published price list: its embroidery density estimates an imprint's stitches, as the quote's. */
  currentPriceList: CurrentPriceList;
  /** The shop's logo in force (settings/document-logo.ts), at the head of the job ticket. */
  logo?: (db: Kysely<Database>) => Promise<Buffer | null>;
  /**
   * Moves an order to In production as a clerk's move does (orders/ status-change.ts: the gate, the
   * override, the customer's email): the floor's first move past a first stage calls it.
   */
  startOrder?: (orderId: string, override: { reason: string } | undefined, staff: FloorStaff) => Promise<void>;
}

/**
 * Stitches per square inch as the published price list says, the number the form's estimate, the
 * stored estimate and the quote use (docs/prices.md, "One number"); the default without a list.
 */
async function stitchDensity(deps: ProductionDeps): Promise<number> {
  const list = await deps.currentPriceList();
  return list?.priceList.methods.embroidery?.stitchesPerSquareInch ?? DEFAULT_STITCHES_PER_SQUARE_INCH;
}

/**
 * What a job takes from the order version it makes: its imprints, pieces and whose blanks. The
 * imprints' sizes and stitches follow the graphics' measured proportions as the quote's lines do
 * (artwork/graphic-aspects.ts), else those the order carries.
 */
async function jobFrom(deps: ProductionDeps, orderId: string, doc: ValidOrderBody, stitchesPerSquareInch: number) {
  const imprints = imprintsOf(doc, stitchesPerSquareInch, await graphicAspects(deps.db, orderId, doc));
  const layouts = Object.values(doc.layouts);
  const ownGoods =
    layouts.length > 0 &&
    layouts.every((l) => l.garmentOption === 'pick' && l.variations.every((v) => v.supplyingGoods === 'yes'));
  const known = imprints.map((i) => i.pieces);
  const pieces =
    known.length > 0 && known.every((p) => p !== null)
      ? [...new Map(imprints.map((i) => [i.layout, i.pieces ?? 0])).values()].reduce((s, p) => s + p, 0)
      : null;
  return { imprints, ownGoods, pieces };
}

/**
 * Makes jobs of the approved orders that are not jobs yet: their imprints from the order version
 * to make (quotes/ `ordersToMake`: the approved one), their due date from the customer's deadline
 * or the approval plus the turnaround; then has every open job whose order had another version
 * approved since follow it (`followApprovedVersions`). Cheap once done: it reads only orders
 * without a job and the version numbers of open jobs.
 */
export async function ensureJobs(deps: ProductionDeps, settings: ProductionSettings): Promise<number> {
  await followApprovedVersions(deps);
  const candidates = await ordersWithoutJobs(deps.db);
  if (candidates.length === 0) return 0;
  const ids = candidates.map((c) => c.id);
  const [approvals, toMake, density] = await Promise.all([
    approvedVersions(deps.db, ids),
    ordersToMake(deps.db, ids),
    stitchDensity(deps),
  ]);
  let made = 0;
  for (const order of candidates) {
    const make = toMake.get(order.id);
    if (!make) continue;
    const approval = approvals.get(order.id);
    // Moved on by hand without an approved quote (through the gate): a job from the day it started.
    const approvedOn = approval ? dateIn(deps.timeZone, new Date(approval.approvedAt)) : dateIn(deps.timeZone);
    const doc = make.document;
    const { imprints, ownGoods, pieces } = await jobFrom(deps, order.id, doc, density);
    await insertJob(
      deps.db,
      {
        order_id: order.id,
        approved_on: approvedOn,
        due_on: dueDateOf(approvedOn, doc.layouts['1']?.deadline, settings.turnaroundDays),
        proof_approved: approval && approval.proofIds.length > 0 ? 1 : 0,
        blanks: ownGoods ? 'customer' : 'to_order',
        pieces,
        order_version: make.version,
      },
      imprints,
    );
    made++;
  }
  return made;
}

/**
 * Open jobs whose order had another version approved since the job was made (a clerk's edit,
 * approved again) follow it in one transaction each: the job's pieces and whose blanks, and its
 * imprints: one whose layout, view and location and method are unchanged keeps its stage (its
 * size, inks, stitches and pieces take the new version's), a new one starts at the first stage,
 * a removed one goes. Returns how many jobs followed.
 */
export async function followApprovedVersions(deps: ProductionDeps): Promise<number> {
  const jobs = await openJobVersions(deps.db);
  if (jobs.length === 0) return 0;
  const approved = await approvedOrderVersions(
    deps.db,
    jobs.map((j) => j.order_id),
  );
  const behind = jobs.filter((j) => {
    const n = approved.get(j.order_id);
    return n !== undefined && n !== (j.order_version ?? 1);
  });
  if (behind.length === 0) return 0;
  const toMake = await ordersToMake(
    deps.db,
    behind.map((j) => j.order_id),
  );
  const density = await stitchDensity(deps);
  let followed = 0;
  for (const job of behind) {
    const make = toMake.get(job.order_id);
    if (!make?.approved) continue;
    const { imprints, ownGoods, pieces } = await jobFrom(deps, job.order_id, make.document, density);
    await deps.db.transaction().execute(async (trx) => {
      await lockOrder(trx, deps.dialect, job.order_id);
      if (await followVersion(trx, job.order_id, make.version, { imprints, ownGoods, pieces })) followed++;
    });
  }
  return followed;
}

function imprintCard(row: ImprintsTable, settings: ProductionSettings): ImprintCard {
  const method = row.method as DecorationMethod;
  const stages = settings.stages[method];
  const stage = Math.min(row.stage, stages.length - 1);
  return {
    id: row.id,
    layout: row.layout,
    location: row.location,
    method,
    printSize: row.print_size,
    inkColours: row.ink_colours,
    stitches: row.stitches,
    transferInches: row.transfer_inches,
    pieces: row.pieces,
    graphic: row.graphic,
    stage,
    stageName: stages[stage]!,
    nextStageName: stages[stage + 1] ?? null,
    movedAt: row.moved_at,
    movedBy: row.moved_by,
  };
}

function readinessOf(job: JobRow, overridden: boolean): Readiness {
  return {
    proof: job.proof_approved ? 'approved' : 'none',
    deposit:
      job.payment_state === null
        ? 'none'
        : job.payment_state === 'deposit_due'
          ? overridden
            ? 'overridden'
            : 'due'
          : 'paid',
    blanks: job.blanks as Readiness['blanks'],
  };
}

function cardOf(
  job: JobRow,
  imprints: ImprintsTable[],
  settings: ProductionSettings,
  overridden: boolean,
  today: string,
): JobCard {
  const cards = imprints.map((i) => imprintCard(i, settings));
  const packed = cards.length > 0 && cards.every((c) => c.stage === packIndex(settings, c.method));
  const readiness = readinessOf(job, overridden);
  return {
    orderId: job.order_id,
    reference: job.reference,
    customer: job.company_name ? `${job.customer_name} (${job.company_name})` : job.customer_name,
    status: job.status,
    dueOn: job.due_on,
    overdue: !packed && job.due_on < today,
    pieces: job.pieces,
    readiness,
    blanksShort: job.blanks_short ? fromJson(job.blanks_short) : [],
    ready: isReady(readiness),
    packed,
    imprints: cards,
  };
}

async function cards(deps: ProductionDeps, jobs: JobRow[], settings: ProductionSettings, today: string) {
  const ids = jobs.map((j) => j.order_id);
  const [imprints, overridden] = await Promise.all([imprintsOfJobs(deps.db, ids), overriddenOrders(deps.db, ids)]);
  const byOrder = new Map<string, ImprintsTable[]>();
  for (const i of imprints) {
    const list = byOrder.get(i.order_id) ?? [];
    list.push(i);
    byOrder.set(i.order_id, list);
  }
  return jobs.map((j) => cardOf(j, byOrder.get(j.order_id) ?? [], settings, overridden.has(j.order_id), today));
}

/** The board: open jobs, soonest due first, filtered by method, stage, due this week, or not ready. */
export async function board(deps: ProductionDeps, query: BoardQuery): Promise<Board> {
  const settings = await readProductionSettings(deps.db);
  await ensureJobs(deps, settings);
  const today = dateIn(deps.timeZone);
  const jobs = await openJobs(deps.db, query.due === 'week' ? addDays(today, 7) : undefined);
  let list = await cards(deps, jobs, settings, today);
  if (query.method) {
    list = list.filter((j) =>
      j.imprints.some(
        (i) => i.method === query.method && (query.stage === undefined || i.stage === Number(query.stage)),
      ),
    );
  }
  if (query.notReady) list = list.filter((j) => !j.ready);
  return { today, stages: settings.stages, jobs: list };
}

/** One job, as the scan page and the ticket show it; null when the order is not a job. */
export async function jobCard(deps: ProductionDeps, orderId: string): Promise<JobCard | null> {
  const settings = await readProductionSettings(deps.db);
  await ensureJobs(deps, settings);
  const job = await jobOf(deps.db, orderId);
  if (!job) return null;
  const [card] = await cards(deps, [job], settings, dateIn(deps.timeZone));
  return card ?? null;
}

/** The job a reference typed on the scan page names (read as on the ticket); null when none is a job. */
export async function jobByReference(deps: ProductionDeps, reference: string): Promise<JobCard | null> {
  await ensureJobs(deps, await readProductionSettings(deps.db));
  const orderId = await jobIdByReference(deps.db, reference);
  return orderId ? jobCard(deps, orderId) : null;
}

/**
 * Moves an imprint to another stage of its method, when it is still where the mover saw it; two
 * clerks moving the same card: the second is answered with the card where the first put it
 * (409 `moved_meanwhile`, the job in `extras`), never a lost move. Recorded with who and when;
 * a move to the stage the imprint is already in is a no-op (the card as it is, nothing recorded).
 */
export async function moveImprint(
  deps: ProductionDeps,
  imprintId: string,
  move: { from: number; to: number; override?: { reason: string } | undefined },
  staff: FloorStaff,
): Promise<JobCard> {
  const by = staff.email;
  const settings = await readProductionSettings(deps.db);
  const found = await findImprint(deps.db, imprintId);
  if (!found)
    throw new DomainError('not_found', 'not_found', 'No such imprint.', undefined, {
      messageFr: 'Cette impression n’existe pas.',
    });
  const stages = settings.stages[found.method as DecorationMethod];
  if (move.to >= stages.length) {
    throw new DomainError('invalid', 'stage_invalid', `This method has ${stages.length} stages.`, ['to'], {
      messageFr: `Cette méthode a ${stages.length} étapes.`,
    });
  }
  // The status follows the floor: the first imprint moved past its first stage moves an Approved
  // order to In production, first, through the gate. A closed gate without a reason refuses the
  // whole move (409 gate_closed, as the order page's move), so the imprint waits with the order.
  if (deps.startOrder && move.to > 0 && move.from !== move.to && found.stage === move.from) {
    const order = await deps.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', found.order_id)
      .executeTakeFirst();
    if (order?.status === 'approved') await deps.startOrder(found.order_id, move.override, staff);
  }
  const moved = await deps.db.transaction().execute(async (trx) => {
    await lockOrder(trx, deps.dialect, found.order_id);
    // A move to the stage it is in changes nothing: no row touched, no history line (an idle
    // click, or a script, cannot fill the order's history or overwrite who moved it last).
    if (move.from === move.to) return (await findImprint(trx, imprintId))?.stage === move.to;
    if (!(await moveImprintRow(trx, imprintId, move.from, move.to, by))) return false;
    await recordEvent(trx, found.order_id, by, {
      kind: 'imprint_moved',
      layout: found.layout,
      location: found.location,
      method: found.method,
      from: stages[Math.min(move.from, stages.length - 1)]!,
      to: stages[move.to]!,
    });
    return true;
  });
  const card = await jobCard(deps, found.order_id);
  if (!moved) {
    throw new DomainError(
      'conflict',
      'moved_meanwhile',
      'Someone moved this imprint meanwhile: here is where it is now.',
      undefined,
      { messageFr: 'Quelqu’un a déplacé cette impression entre-temps\u00a0: la voici où elle est maintenant.' },
    );
  }
  return card!;
}

/** Each job with its imprints' methods and pieces. */
async function withImprintsOf(deps: ProductionDeps, jobs: JobRow[]) {
  const imprints = await imprintsOfJobs(
    deps.db,
    jobs.map((j) => j.order_id),
  );
  const byOrder = new Map<string, { method: DecorationMethod; pieces: number | null }[]>();
  for (const i of imprints) {
    const list = byOrder.get(i.order_id) ?? [];
    list.push({ method: i.method as DecorationMethod, pieces: i.pieces });
    byOrder.set(i.order_id, list);
  }
  return jobs.map((job) => ({ job, imprints: byOrder.get(job.order_id) ?? [] }));
}

/** Pieces due each day by method against the capacity, and the jobs due, between two dates. */
export async function calendar(deps: ProductionDeps, from: string, to: string): Promise<Calendar> {
  const settings = await readProductionSettings(deps.db);
  await ensureJobs(deps, settings);
  const withImprints = await withImprintsOf(
    deps,
    (await openJobs(deps.db, to)).filter((j) => j.due_on >= from),
  );
  return {
    from,
    to,
    capacity: settings.capacity,
    loads: loadByDay(
      withImprints.map((w) => ({ dueOn: w.job.due_on, imprints: w.imprints })),
      settings.capacity,
    ),
    jobs: withImprints.map((w) => ({
      orderId: w.job.order_id,
      reference: w.job.reference,
      dueOn: w.job.due_on,
      pieces: w.job.pieces,
      methods: DECORATION_METHODS.filter((m) => w.imprints.some((i) => i.method === m)),
    })),
  };
}

/** Business days past today the quote editor looks for a day with room (about six months). */
const ROOM_HORIZON_DAYS = 130;

/**
 * The first business day after today on which the order's pieces fit each method's capacity,
 * beside every other open job due then (the order's own job, once it is one, left out): what the
 * quote editor proposes. Null when the order does not exist.
 */
export async function roomForOrder(deps: ProductionDeps, orderId: string): Promise<RoomForOrder | null> {
  const document = await orderDocumentOf(deps.db, orderId);
  if (document === undefined) return null;
  const settings = await readProductionSettings(deps.db);
  await ensureJobs(deps, settings);
  const today = dateIn(deps.timeZone);
  const pieces = piecesByMethod(imprintsOf(fromJson(document), await stitchDensity(deps)));
  const others = (await openJobs(deps.db, addBusinessDays(today, ROOM_HORIZON_DAYS))).filter(
    (j) => j.order_id !== orderId && j.due_on > today,
  );
  const loads = loadByDay(
    (await withImprintsOf(deps, others)).map((w) => ({ dueOn: w.job.due_on, imprints: w.imprints })),
    settings.capacity,
  );
  return {
    today,
    pieces,
    firstDay: firstDayWithRoom(today, pieces, loads, settings.capacity, ROOM_HORIZON_DAYS),
    horizonDays: ROOM_HORIZON_DAYS,
  };
}

/**
 * Each decoration of an order's job as its customer's page says it (docs/production.md, "The
 * status follows the floor"): waiting at its first stage, done at Pack, under way between; empty
 * when the order is not a job. The owner's stage names stay the shop's: the customer reads words.
 */
export async function floorOfOrder(db: Kysely<Database>, orderId: string): Promise<FloorDecoration[]> {
  const imprints = await imprintsOfJobs(db, [orderId]);
  if (imprints.length === 0) return [];
  const settings = await readProductionSettings(db);
  return imprints.map((i) => {
    const method = i.method as DecorationMethod;
    const pack = packIndex(settings, method);
    return {
      layout: i.layout,
      location: i.location,
      method,
      phase: i.stage >= pack ? 'done' : i.stage > 0 ? 'underway' : 'waiting',
    };
  });
}
