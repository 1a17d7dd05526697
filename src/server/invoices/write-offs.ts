// Write-offs (docs/accounts.md, "Write-offs"): a balance the customer will not pay, written off
// as a bad debt by someone allowed to credit, with a reason. Each invoice's part is a
// credit-note-shaped document marked writeOff (numbered in the credit notes' sequence, its PDF
// titled as a write-off), with the tax relief tax by tax (shared/invoices/write-offs.ts); it goes
// on line 107 of the GST/HST return (QST: 207), into the journal and the order's history, and is
// never mailed: the customer still owes the debt at law, the shop only stops counting on it.
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { planWriteOff } from '../../shared/invoices/write-offs.js';
import { formatCents } from '../../shared/money.js';
import { recordEvent } from '../storage/orders.js';
import type { Database, OrderRow } from '../storage/schema.js';
import { fromJson, readJson } from '../storage/json.js';
import { accountFrom, refreshPaymentState, todayOf, type InvoiceDeps } from './accounts.js';
import { issueCreditAgainst, type Issued } from './issue-document.js';
import { creditNotesOf, invoiceDocument, invoicesOfOrder, paymentsOfOrder } from './invoice-store.js';
import { lockOrder } from './lock-order.js';
import { may, type Actor } from './permissions.js';
import { refuse, visibleText } from './refusals.js';

type Trx = Transaction<Database>;

/**
 * Writes off up to `cents` of the order's unpaid balance (all of it when omitted) in the caller's
 * transaction, newest invoice first. Returns the documents recorded.
 */
export async function writeOffIn(
  deps: InvoiceDeps,
  trx: Trx,
  order: OrderRow,
  reason: string,
  by: string,
  now: Date,
  cents?: number,
): Promise<Issued[]> {
  const [rows, payments] = await Promise.all([invoicesOfOrder(trx, order.id), paymentsOfOrder(trx, order.id)]);
  const balance = accountFrom(order.status, rows, payments, todayOf(deps.books, now)).balanceCents;
  let left = Math.min(balance, cents ?? balance);
  const fr = fromJson(order.document).language === 'fr';
  const issued: Issued[] = [];
  for (const invoice of [...rows].reverse().filter((r) => r.kind === 'invoice')) {
    if (left <= 0) break;
    const current = await invoicesOfOrder(trx, order.id);
    const original = invoiceDocument(invoice);
    const plan = planWriteOff(
      original,
      creditNotesOf(current, invoice.id).map(invoiceDocument),
      left,
      fr
        ? `Créance irrécouvrable radiée\u00a0: facture ${original.number}`
        : `Bad debt written off: invoice ${original.number}`,
    );
    if (!plan) continue;
    const doc = await issueCreditAgainst(deps, trx, invoice, original, plan, reason, by, now, true);
    await recordEvent(trx, order.id, by, {
      kind: 'balance_written_off',
      number: doc.number,
      invoiceNumber: original.number,
      totalCents: plan.totalCents,
      taxCents: plan.totalCents - plan.subtotalCents,
      reason,
    });
    issued.push(doc);
    left -= plan.totalCents;
  }
  if (issued.length > 0) await refreshPaymentState(trx, deps.books, order.id, now);
  return issued;
}

/** The route's write-off: the whole unpaid balance, with a reason, by someone allowed to credit. */
export async function writeOffBalance(
  deps: InvoiceDeps,
  orderId: string,
  input: { reason: string },
  actor: Actor,
  now = new Date(),
): Promise<{ numbers: string[]; totalCents: number; taxCents: number }> {
  may(actor, 'credit');
  const reason = visibleText(input.reason);
  if (reason === '')
    throw refuse(
      'reason_required',
      'reason',
      'Say why the balance is written off (the customer went out of business, the amount is too small to collect).',
      'Dites pourquoi le solde est radié (le client a fermé ses portes, le montant est trop petit pour être perçu).',
    );
  return deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(deps, trx, orderId);
    const issued = await writeOffIn(deps, trx, order, reason, actor.email, now);
    if (issued.length === 0) {
      const account = accountFrom(
        order.status,
        await invoicesOfOrder(trx, orderId),
        await paymentsOfOrder(trx, orderId),
        todayOf(deps.books, now),
      );
      throw refuse(
        'nothing_to_write_off',
        'reason',
        `Nothing is owed on this order to write off (balance ${formatCents(account.balanceCents, 'en')}).`,
        `Rien n’est dû sur cette commande à radier (solde ${formatCents(account.balanceCents, 'fr')}).`,
        'conflict',
      );
    }
    const totalCents = issued.reduce((s, d) => s + d.document.totalCents, 0);
    return {
      numbers: issued.map((d) => d.number),
      totalCents,
      taxCents: totalCents - issued.reduce((s, d) => s + d.document.subtotalCents, 0),
    };
  });
}

const THRESHOLD_KEY = 'write_off_threshold';

/** The owner's small-balance threshold in cents (0: none); a cancellation offers to write off what is left under it. */
export async function readWriteOffThreshold(db: Kysely<Database> | Transaction<Database>): Promise<number> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', THRESHOLD_KEY).executeTakeFirst();
  const cents = row ? readJson(z.object({ cents: z.number().int().positive() }), row.value)?.cents : undefined;
  return cents ?? 0;
}

export async function saveWriteOffThreshold(db: Kysely<Database>, cents: number, by: string): Promise<void> {
  const now = new Date().toISOString();
  const text = JSON.stringify({ cents });
  await db
    .insertInto('shop_settings')
    .values({ key: THRESHOLD_KEY, value: text, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now, updated_by: by }))
    .execute();
}
