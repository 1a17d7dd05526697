// Card fees and payouts (docs/payments.md, "Fees" and "Payouts"; decision 032): a card payment's
// fee is read once its webhook recorded it, and one the provider had not settled yet is asked
// again by a background pass until it is known; the payout report reads the provider's payouts
// (what reaches the bank, one deposit each) with their movements, and matches each to the ledger
// so the owner can tick the bank statement.
import type { PayoutReport, PayoutRow } from '../../shared/invoices/invoice-api.js';
import { closedThrough, money, type Cell } from '../invoices/index.js';
import { feeAsked, ledgerOfTransactions, setFee, unsettledFees } from './payment-store.js';
import type { PaymentProvider } from './provider.js';
import { providerOf, type PaymentsDeps } from './deps.js';

/** Keeps the provider's fee beside a card payment (from its balance transaction), when it knows it. */
export async function readFee(deps: PaymentsDeps, checkoutId: string, paymentId: string): Promise<boolean> {
  const fee = await providerOf(deps).feeOf(checkoutId);
  // Not settled yet: the background pass (settleFees, below) asks again later.
  if (!fee) {
    await feeAsked(deps.db, paymentId);
    return false;
  }
  await setFee(deps.db, paymentId, fee);
  return true;
}

/** Asked this many times (every pass, 10 minutes apart: two days), a fee is left for the payout report. */
export const FEE_MAX_TRIES = 288;

/**
 * Reads again the fees the provider did not know yet; answers how many it learnt. A failure
 * (the provider unreachable) counts as a try and leaves the rest for the next pass.
 */
export async function settleFees(
  deps: Pick<PaymentsDeps, 'db' | 'provider'>,
  limit = 50,
): Promise<{ settled: number; pending: number }> {
  const provider = deps.provider;
  if (!provider) return { settled: 0, pending: 0 };
  const rows = await unsettledFees(deps.db, provider.id, FEE_MAX_TRIES, limit);
  const closed = await closedThrough(deps.db);
  let settled = 0;
  for (const row of rows) {
    // Received in a closed period: its journal was filed without the fee and stays so (a try).
    const fee =
      closed !== null && row.received_on <= closed ? null : await provider.feeOf(row.session_id!).catch(() => null);
    if (fee) {
      await setFee(deps.db, row.payment_id, fee);
      settled++;
    } else await feeAsked(deps.db, row.payment_id);
  }
  return { settled, pending: rows.length - settled };
}

/** Starts the pass every `intervalMs`; stop() ends it. */
export function startFeePass(
  deps: Pick<PaymentsDeps, 'db' | 'provider'>,
  intervalMs: number,
  onError: (err: unknown) => void,
): { stop: () => void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    settleFees(deps)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The payouts expected in the bank in the period, each matched to the ledger's card entries. */
export async function payoutReport(
  deps: Pick<PaymentsDeps, 'db'>,
  provider: PaymentProvider,
  from: string,
  to: string,
): Promise<PayoutReport> {
  const payouts = await provider.payouts(from, to);
  const refs = payouts.flatMap((p) => p.lines.flatMap((l) => [l.id, l.source]).filter(Boolean));
  const ledger = await ledgerOfTransactions(deps.db, provider.id, refs);
  const rows: PayoutRow[] = payouts.map((p) => {
    const receipts: string[] = [];
    let ledgerCents = 0;
    let unmatched = 0;
    for (const line of p.lines) {
      // A payment by its balance transaction, a refund by its own id (the refund's source).
      const entry = ledger.find(
        (e) =>
          (e.kind === 'payment' && e.balance_tx === line.id) || (e.kind === 'refund' && e.provider_ref === line.source),
      );
      if (!entry) {
        unmatched++;
        continue;
      }
      receipts.push(entry.receipt_number);
      // A card surcharge is in the charge Stripe paid out, kept apart from the ledger's amount.
      ledgerCents += Number(entry.amount_cents) + Number(entry.surcharge_cents);
    }
    return {
      id: p.id,
      arrivalDate: p.arrivalDate,
      status: p.status,
      grossCents: p.lines.reduce((sum, l) => sum + l.amountCents, 0),
      feesCents: p.lines.reduce((sum, l) => sum + l.feeCents, 0),
      netCents: p.amountCents,
      receipts,
      ledgerCents,
      unmatched,
    };
  });
  return {
    from,
    to,
    rows,
    totals: {
      grossCents: rows.reduce((sum, r) => sum + r.grossCents, 0),
      feesCents: rows.reduce((sum, r) => sum + r.feesCents, 0),
      netCents: rows.reduce((sum, r) => sum + r.netCents, 0),
    },
  };
}

/** The payout report as a spreadsheet: one row per deposit, then the period's total. */
export function payoutCsvRows(report: PayoutReport): Cell[][] {
  return [
    [
      'Arrival date',
      'Payout',
      'Status',
      'Gross (CAD)',
      'Fees (CAD)',
      'Net (CAD)',
      'In the ledger (CAD)',
      'Receipts',
      'Not in the ledger',
    ],
    ...report.rows.map((r) => [
      r.arrivalDate,
      r.id,
      r.status,
      money(r.grossCents),
      money(r.feesCents),
      money(r.netCents),
      money(r.ledgerCents),
      r.receipts.join(' '),
      r.unmatched,
    ]),
    [
      'Total',
      '',
      '',
      money(report.totals.grossCents),
      money(report.totals.feesCents),
      money(report.totals.netCents),
      '',
      '',
      '',
    ],
  ];
}
