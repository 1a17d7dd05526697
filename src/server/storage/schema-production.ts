// The production floor's and purchasing's tables of the Database (schema.ts): jobs, imprints,
// purchase orders and their lines, needs and receipts. Written as in schema.ts.
import type { ColumnType } from 'kysely';
import type { Shortage } from '../../shared/purchasing/blanks.js';
import type { Json } from './json.js';

/** An approved order as the production floor works it (production/production-store.ts). */
export interface JobsTable {
  order_id: string;
  /** The approval's day in the shop's calendar. */
  approved_on: string;
  /** The customer's critical deadline, or the approval plus the standard turnaround. */
  due_on: string;
  /** 1 when the approved version carried proofs. */
  proof_approved: number;
  /** 'customer' (their own goods), 'to_order', 'short' or 'in'. */
  blanks: string;
  pieces: number | null;
  created_at: string;
  /** What the job is still short of its purchase orders (JSON, purchasing/), or null. */
  blanks_short?: Json<Shortage[]> | null;
  /** The order version its imprints and pieces were made from (quotes/ ordersToMake). */
  order_version?: number | null;
}

export interface PurchaseOrdersTable {
  id: string;
  /** PO-2026-0001: unbroken per year. */
  number: string;
  supplier: string;
  overage_percent: number;
  made_at: string;
  made_by: string;
  sent_at: string | null;
  sent_by: string | null;
  /** Where the blanks go, as the PO printed it (migration 062). */
  ship_to: string;
  shop_address: string;
  shop_phone: string;
  /** The shop's account number with this supplier when the PO was made; '' when none was set. */
  account_number: string;
  /** The soonest due date of the PO's jobs (YYYY-MM-DD). */
  need_by: string | null;
  /** 1 for a PO as first made; an amended one is the next (migration 063), its number "… rev 2". */
  revision: ColumnType<number, number | undefined, number>;
  /** The PO this revision amends, and the one that replaced this (kept unchanged). */
  amends: ColumnType<string | null, string | null | undefined, string | null>;
  superseded_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The shop's account number with a supplier (purchasing/, migration 062). */
export interface SupplierAccountsTable {
  supplier: string;
  account_number: string;
  saved_by: string;
  saved_at: string;
}

export interface PurchaseOrderLinesTable {
  id: string;
  po_id: string;
  position: number;
  style: string;
  sku: string;
  name: string;
  colour: string;
  size: string;
  needed: number;
  quantity: number;
  /** Received so far, damaged ones included. */
  received: number;
  damaged: number;
  note: string;
  /** The supplier's cost of one, in cents; null when not known (migration 050). */
  unit_cost_cents?: number | null;
}

export interface PurchaseOrderJobsTable {
  po_id: string;
  order_id: string;
  supplier: string;
}

export interface PurchaseOrderNeedsTable {
  line_id: string;
  order_id: string;
  qty: number;
}

export interface PurchaseOrderReceiptsTable {
  id: string;
  po_id: string;
  received_at: string;
  received_by: string;
  /** JSON: the receipt's lines as taken. */
  lines: string;
}

/** A decorated location of a job, at its stage (an index into its method's stages). */
export interface ImprintsTable {
  id: string;
  order_id: string;
  position: number;
  layout: string;
  location: string;
  method: string;
  print_size: string;
  ink_colours: number | null;
  stitches: number | null;
  transfer_inches: number | null;
  pieces: number | null;
  graphic: string;
  stage: number;
  moved_at: string | null;
  moved_by: string | null;
}

/** The production floor's and purchasing's tables (a new one is added at the end). */
export interface ProductionTables {
  jobs: JobsTable;
  imprints: ImprintsTable;
  purchase_orders: PurchaseOrdersTable;
  supplier_accounts: SupplierAccountsTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  purchase_order_jobs: PurchaseOrderJobsTable;
  purchase_order_needs: PurchaseOrderNeedsTable;
  purchase_order_receipts: PurchaseOrderReceiptsTable;
}
