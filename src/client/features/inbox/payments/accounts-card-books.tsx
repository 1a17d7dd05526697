// The card side of the Accounts page for a period (docs/payments.md, "Fees" and "Payouts"): the
// card fees the journal carries as an expense, and Stripe's payouts, one bank deposit each
// (gross, fees, net, and what the ledger holds of it). The server computes every amount.
import { useEffect, useState } from 'react';
import type { JournalFees, JournalSurcharges, PayoutReport } from '../../../../shared/invoices/invoice-api.js';
import { formatCents } from '../../../../shared/money.js';
import { numColumn } from '../../../components/column-heads.js';
import { ApiError } from '../../../shared/api-error.js';
import { useInboxApi } from '../session.js';
import { useAccountsText } from './accounts-messages.js';
import { ReportTable } from './report-table.js';

/** The journal's expense part: each card fee, dated as its payment. Nothing while the period has none. */
export function CardFees({ fees }: { fees: JournalFees }) {
  const { t, language } = useAccountsText();
  const money = (cents: number) => formatCents(cents, language);
  if (fees.rows.length === 0 && fees.unknown === 0) return null;
  return (
    <>
      <h3>{t.feesHeading}</h3>
      <p className="muted small">{t.feesIntro}</p>
      {fees.unknown > 0 && <p className="muted small">{t.feesUnknown(fees.unknown)}</p>}
      <ReportTable
        empty={fees.rows.length === 0}
        columns={[t.date, t.receipt, t.order, numColumn(t.payment), numColumn(t.fee)]}
      >
        <tbody>
          {fees.rows.map((r) => (
            <tr key={r.receiptNumber}>
              <td>{r.receivedOn}</td>
              <td>{r.receiptNumber}</td>
              <td>{r.orderReference}</td>
              <td className="num">{money(r.amountCents)}</td>
              <td className="num">{money(r.feeCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {t.total}
            </th>
            <td className="num">{money(fees.totalCents)}</td>
          </tr>
        </tfoot>
      </ReportTable>
    </>
  );
}

/** The journal's income part: each card surcharge, dated as its payment. Nothing while the period has none. */
export function CardSurcharges({ surcharges }: { surcharges: JournalSurcharges }) {
  const { t, language } = useAccountsText();
  const money = (cents: number) => formatCents(cents, language);
  if (surcharges.rows.length === 0) return null;
  return (
    <>
      <h3>{t.surchargesHeading}</h3>
      <p className="muted small">{t.surchargesIntro}</p>
      <ReportTable
        empty={false}
        columns={[t.date, t.receipt, t.order, numColumn(t.payment), numColumn(t.surcharge), numColumn(t.charged)]}
      >
        <tbody>
          {surcharges.rows.map((r) => (
            <tr key={r.receiptNumber}>
              <td>{r.receivedOn}</td>
              <td>{r.receiptNumber}</td>
              <td>{r.orderReference}</td>
              <td className="num">{money(r.amountCents)}</td>
              <td className="num">{money(r.surchargeCents)}</td>
              <td className="num">{money(r.chargedCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t.total}
            </th>
            <td className="num">{money(surcharges.amountCents)}</td>
            <td className="num">{money(surcharges.totalCents)}</td>
            <td className="num">{money(surcharges.chargedCents)}</td>
          </tr>
        </tfoot>
      </ReportTable>
    </>
  );
}

/** Stripe's payouts of a period as the Accounts page holds them; `online` once the server says payments online are set up. */
interface PayoutsState {
  report: PayoutReport | null;
  refusal: ApiError | null;
  /** Payments online are configured (the provider's keys): the payouts and their CSV are offered. */
  online: boolean;
}

/** Asks for the period's payouts: a 409 `payments_off` means no provider is set up, so nothing is offered. */
export function usePayouts(from: string, to: string, asked: boolean): PayoutsState {
  const api = useInboxApi();
  const [state, setState] = useState<PayoutsState>({ report: null, refusal: null, online: false });
  useEffect(() => {
    if (!asked) return;
    let live = true;
    api.payoutReport(from, to).then(
      (report) => {
        if (live) setState({ report, refusal: null, online: true });
      },
      (err: unknown) => {
        if (!live) return;
        // Payments online off: there are no payouts to show, nor to download.
        const off = !(err instanceof ApiError) || err.code === 'payments_off';
        setState({ report: null, refusal: off ? null : err, online: !off });
      },
    );
    return () => {
      live = false;
    };
  }, [api, from, to, asked]);
  return state;
}

/** Stripe's payouts expected in the bank in the period; nothing while payments online are off. */
export function Payouts({ state: { report, refusal } }: { state: PayoutsState }) {
  const { t, language } = useAccountsText();
  const money = (cents: number) => formatCents(cents, language);
  if (refusal)
    return (
      <>
        <h3>{t.payoutsHeading}</h3>
        <p role="alert" className="form-error">
          {refusal.messageIn(language)}
        </p>
      </>
    );
  if (!report) return null;
  return (
    <>
      <h3>{t.payoutsHeading}</h3>
      <p className="muted small">{t.payoutsIntro}</p>
      <ReportTable
        empty={report.rows.length === 0}
        columns={[
          t.arrival,
          t.payout,
          numColumn(t.gross),
          numColumn(t.fees),
          numColumn(t.net),
          numColumn(t.inLedger),
          numColumn(t.notInLedger),
        ]}
      >
        <tbody>
          {report.rows.map((r) => (
            <tr key={r.id}>
              <td>{r.arrivalDate}</td>
              <td>{r.id}</td>
              <td className="num">{money(r.grossCents)}</td>
              <td className="num">{money(r.feesCents)}</td>
              <td className="num">{money(r.netCents)}</td>
              <td className="num">{money(r.ledgerCents)}</td>
              <td className="num">{r.unmatched}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t.total}
            </th>
            <td className="num">{money(report.totals.grossCents)}</td>
            <td className="num">{money(report.totals.feesCents)}</td>
            <td className="num">{money(report.totals.netCents)}</td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </ReportTable>
    </>
  );
}
