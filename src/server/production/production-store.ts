// The production capability's tables: jobs and their imprints, and the floor's settings.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { OrderStatus } from '../../shared/constants.js';
import {
  DEFAULT_PRODUCTION_SETTINGS,
  settingsFromSaved,
  type ProductionSettings,
} from '../../shared/production/stages.js';
import type { ImprintSpec } from '../../shared/production/jobs.js';
import type { Database, ImprintsTable, JobsTable } from '../storage/schema.js';
import type { PaymentState } from '../../shared/invoices/account.js';

type Db = Kysely<Database> | Transaction<Database>;

const SETTINGS_KEY = 'production';

export async function readProductionSettings(db: Db): Promise<ProductionSettings> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', SETTINGS_KEY).executeTakeFirst();
  if (!row) return DEFAULT_PRODUCTION_SETTINGS;
  // Method by method: a method added since the owner saved takes its defaults alone.
  return settingsFromSaved(JSON.parse(row.value));
}

export async function saveProductionSettings(db: Db, value: ProductionSettings, by: string): Promise<void> {
  const now = new Date().toISOString();
  const text = JSON.stringify(value);
  await db
    .insertInto('shop_settings')
    .values({ key: SETTINGS_KEY, value: text, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now, updated_by: by }))
    .execute();
}

/**
 * Orders that may be jobs (Approved, In production, Ready) and are not jobs yet. A test order
 * never is one (docs/settings.md, "A test order"): it takes no place on the board, no day's
 * capacity and no blanks to order.
 */
export async function ordersWithoutJobs(db: Db, limit = 500) {
  return db
    .selectFrom('orders')
    .leftJoin('jobs', 'jobs.order_id', 'orders.id')
    .select(['orders.id', 'orders.document'])
    .where('orders.status', 'in', ['approved', 'in_production', 'ready'])
    .where('orders.is_test', '=', 0)
    .where('jobs.order_id', 'is', null)
    .limit(limit)
    .execute();
}

export async function insertJob(
  trx: Db,
  job: Omit<JobsTable, 'created_at'>,
  imprints: readonly ImprintSpec[],
  now = new Date(),
): Promise<void> {
  await trx
    .insertInto('jobs')
    .values({ ...job, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
  if (imprints.length === 0) return;
  // Only the first writer of a job writes its imprints.
  const existing = await trx
    .selectFrom('imprints')
    .select('id')
    .where('order_id', '=', job.order_id)
    .executeTakeFirst();
  if (existing) return;
  await trx
    .insertInto('imprints')
    .values(
      imprints.map((i, position) => ({
        id: randomUUID(),
        order_id: job.order_id,
        position,
        layout: i.layout,
        location: i.location,
        method: i.method,
        print_size: i.printSize,
        ink_colours: i.inkColours,
        stitches: i.stitches,
        transfer_inches: i.transferInches,
        pieces: i.pieces,
        graphic: i.graphic,
        stage: 0,
        moved_at: null,
        moved_by: null,
      })),
    )
    .execute();
}

export interface JobRow extends JobsTable {
  reference: string;
  customer_name: string;
  company_name: string;
  status: OrderStatus;
  payment_state: PaymentState | null;
}

/** Jobs with what their cards show of their orders. */
const jobRows = (db: Db) =>
  db
    .selectFrom('jobs')
    .innerJoin('orders', 'orders.id', 'jobs.order_id')
    .select([
      'jobs.order_id',
      'jobs.approved_on',
      'jobs.due_on',
      'jobs.proof_approved',
      'jobs.blanks',
      'jobs.blanks_short',
      'jobs.pieces',
      'jobs.created_at',
      'orders.reference',
      'orders.customer_name',
      'orders.company_name',
      'orders.status',
      'orders.payment_state',
    ]);

/** The open jobs (their order neither Completed nor Cancelled), soonest due first. */
export async function openJobs(db: Db, dueBy?: string): Promise<JobRow[]> {
  let q = jobRows(db).where('orders.status', 'not in', ['completed', 'cancelled']);
  if (dueBy) q = q.where('jobs.due_on', '<=', dueBy);
  return q.orderBy('jobs.due_on').orderBy('orders.reference').execute();
}

export async function jobOf(db: Db, orderId: string): Promise<JobRow | undefined> {
  return jobRows(db).where('jobs.order_id', '=', orderId).executeTakeFirst();
}

/** The job's order id for a reference typed from its ticket, when that order is a job. */
export async function jobIdByReference(db: Db, reference: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('jobs')
    .innerJoin('orders', 'orders.id', 'jobs.order_id')
    .select('jobs.order_id')
    .where('orders.reference', '=', reference)
    .executeTakeFirst();
  return row?.order_id;
}

export async function imprintsOfJobs(db: Db, orderIds: readonly string[]): Promise<ImprintsTable[]> {
  const out: ImprintsTable[] = [];
  for (let i = 0; i < orderIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('imprints')
        .selectAll()
        .where('order_id', 'in', orderIds.slice(i, i + 500))
        .orderBy('order_id')
        .orderBy('position')
        .execute()),
    );
  }
  return out;
}

/** The orders among these whose production passed the gate by an override (history events). */
export async function overriddenOrders(db: Db, orderIds: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < orderIds.length; i += 500) {
    const rows = await db
      .selectFrom('status_history')
      .select('order_id')
      .distinct()
      .where('order_id', 'in', orderIds.slice(i, i + 500))
      .where(sql<boolean>`event like ${'{"kind":"gate_overridden"%'}`)
      .execute();
    for (const r of rows) out.add(r.order_id);
  }
  return out;
}

/**
 * Moves an imprint from one stage to another when it is still where the mover saw it; the row
 * after, or undefined when someone moved it first (the caller answers with where it is now).
 */
export async function moveImprintRow(
  trx: Db,
  id: string,
  from: number,
  to: number,
  by: string,
  now = new Date(),
): Promise<boolean> {
  const result = await trx
    .updateTable('imprints')
    .set({ stage: to, moved_at: now.toISOString(), moved_by: by })
    .where('id', '=', id)
    .where('stage', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findImprint(db: Db, id: string): Promise<ImprintsTable | undefined> {
  return db.selectFrom('imprints').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An order's document, when the order exists: what it would make as a job. */
export async function orderDocumentOf(db: Db, orderId: string): Promise<Database['orders']['document'] | undefined> {
  const row = await db.selectFrom('orders').select('document').where('id', '=', orderId).executeTakeFirst();
  return row?.document;
}

/** The open jobs (their order neither Completed nor Cancelled) and the order version each makes. */
export async function openJobVersions(db: Db) {
  return db
    .selectFrom('jobs')
    .innerJoin('orders', 'orders.id', 'jobs.order_id')
    .select(['jobs.order_id', 'jobs.order_version'])
    .where('orders.status', 'not in', ['completed', 'cancelled'])
    .execute();
}

const imprintKey = (i: { layout: string; location: string; method: string }) =>
  JSON.stringify([i.layout, i.location, i.method]);

/**
 * A job made to follow another order version, in the caller's transaction with the order locked
 * (production-service.ts, followApprovedVersions). False when the job already makes that version.
 */
export async function followVersion(
  trx: Transaction<Database>,
  orderId: string,
  version: number,
  job: { imprints: readonly ImprintSpec[]; ownGoods: boolean; pieces: number | null },
): Promise<boolean> {
  const row = await trx
    .selectFrom('jobs')
    .select(['order_version', 'blanks', 'pieces'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!row || (row.order_version ?? 1) === version) return false;
  const existing = await trx
    .selectFrom('imprints')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  // Each existing imprint is matched at most once, in order, by its layout, place and method.
  const waiting = new Map<string, ImprintsTable[]>();
  for (const i of existing) {
    const key = imprintKey(i);
    waiting.set(key, [...(waiting.get(key) ?? []), i]);
  }
  const kept = new Set<string>();
  for (const [position, spec] of job.imprints.entries()) {
    const fields = {
      position,
      print_size: spec.printSize,
      ink_colours: spec.inkColours,
      stitches: spec.stitches,
      transfer_inches: spec.transferInches,
      pieces: spec.pieces,
      graphic: spec.graphic,
    };
    const match = waiting.get(imprintKey(spec))?.shift();
    if (match) {
      kept.add(match.id);
      await trx.updateTable('imprints').set(fields).where('id', '=', match.id).execute();
    } else {
      await trx
        .insertInto('imprints')
        .values({
          ...fields,
          id: randomUUID(),
          order_id: orderId,
          layout: spec.layout,
          location: spec.location,
          method: spec.method,
          stage: 0,
          moved_at: null,
          moved_by: null,
        })
        .execute();
    }
  }
  const gone = existing.filter((i) => !kept.has(i.id)).map((i) => i.id);
  if (gone.length > 0) await trx.deleteFrom('imprints').where('id', 'in', gone).execute();
  // Whose blanks: the customer's goods now, or to order when they were the customer's before, or
  // when the pieces grew past what was ordered and received for them (docs/production.md, "A
  // change after a purchase order": the Blanks page says what is short, an amended PO orders it).
  const grew = job.pieces !== null && row.pieces !== null && job.pieces > row.pieces;
  const blanks = job.ownGoods
    ? 'customer'
    : row.blanks === 'customer' || (grew && (row.blanks === 'in' || row.blanks === 'short'))
      ? 'to_order'
      : row.blanks;
  await trx
    .updateTable('jobs')
    .set({ order_version: version, pieces: job.pieces, blanks })
    .where('order_id', '=', orderId)
    .execute();
  return true;
}
