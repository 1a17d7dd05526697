// Pay online by card (docs/payments.md): a button for exactly what the account asks now, which
// asks the server for a checkout on the provider's own page (no card field here, ever) and
// goes there; and, back on the order's page, where that payment stands: "Processing" until the
// provider's webhook has recorded it, then "Payment received".
import { useEffect, useRef, useState } from 'react';
import { surchargeRateLabel, type CardCharge } from '../../shared/invoices/surcharge.js';
import { formatCents } from '../../shared/money.js';
import { ApiError } from '../shared/api-error.js';
import { catalogues, textHook } from '../shared/language.js';

const en = {
  payButton: (amount: string) => `Pay ${amount} by card`,
  payNote: 'You pay on Stripe’s secure page; your card number never reaches us.',
  opening: 'Opening the payment page…',
  failedToOpen: 'The payment page could not be opened. Try again in a moment.',
  processing: 'Processing your payment… This page updates by itself.',
  received: 'Payment received. Thank you! Your receipt is below and in your email.',
  failed: 'The payment did not go through. Nothing was charged; you can try again.',
  expired: 'That payment page has closed. Press Pay again if something is still due.',
  chargeHeading: 'Paying by card',
  amountDue: 'Amount due',
  cardSurcharge: (rate: string) => `Card surcharge (${rate})`,
  totalCharged: 'Total charged to your card',
  surchargeNote: 'The surcharge applies to card payments only; other ways to pay below have none.',
};

export const PAY_ONLINE_MESSAGES = catalogues(en, {
  payButton: (amount: string) => `Payer ${amount} par carte`,
  payNote: 'Vous payez sur la page sécurisée de Stripe\u00a0; votre numéro de carte ne nous parvient jamais.',
  opening: 'Ouverture de la page de paiement…',
  failedToOpen: 'La page de paiement n’a pas pu s’ouvrir. Réessayez dans un instant.',
  processing: 'Paiement en cours de traitement… Cette page se met à jour d’elle-même.',
  received: 'Paiement reçu. Merci\u00a0! Votre reçu se trouve ci-dessous et dans votre courriel.',
  failed: 'Le paiement n’a pas abouti. Rien n’a été débité\u00a0; vous pouvez réessayer.',
  expired: 'Cette page de paiement est fermée. Appuyez de nouveau sur Payer s’il reste un montant dû.',
  chargeHeading: 'Paiement par carte',
  amountDue: 'Montant dû',
  cardSurcharge: (rate: string) => `Frais de carte (${rate})`,
  totalCharged: 'Total débité sur votre carte',
  surchargeNote:
    'Les frais ne s’appliquent qu’au paiement par carte ; les autres modes de paiement ci-dessous n’en ont pas.',
});
const usePayText = textHook(PAY_ONLINE_MESSAGES);

/**
 * The Pay button: `start` asks the server for the provider's page, which the browser then opens.
 * With a card surcharge, the amount due, the surcharge and the total charged are shown before it,
 * each as the server computed it (shared/invoices/surcharge.ts, cardCharge).
 */
export function PayOnlineButton({
  charge,
  start,
  label,
  focus = false,
  id,
}: {
  /** The page's anchor (#pay) on the order's page, where the invoice mail's link lands. */
  id?: string;
  charge: CardCharge;
  start: () => Promise<{ url: string }>;
  /** The button's accessible name where several orders show one (My orders). */
  label?: string;
  /** Opened from the invoice mail's Pay link: the button is brought into view and focused. */
  focus?: boolean;
}) {
  const { t, language } = usePayText();
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focus) return;
    button.current?.scrollIntoView({ block: 'center' });
    button.current?.focus();
  }, [focus]);
  const [error, setError] = useState('');
  const pay = () => {
    setBusy(true);
    setError('');
    start().then(
      ({ url }) => window.location.assign(url),
      (err: unknown) => {
        setBusy(false);
        setError(err instanceof ApiError && err.status > 0 ? err.messageIn(language) : t.failedToOpen);
      },
    );
  };
  const money = (cents: number) => formatCents(cents, language);
  return (
    <div className="pay-online" id={id}>
      {charge.surchargeCents > 0 && (
        <table className="card-charge">
          <caption>{t.chargeHeading}</caption>
          <tbody>
            <tr>
              <th scope="row">{t.amountDue}</th>
              <td className="num">{money(charge.amountCents)}</td>
            </tr>
            <tr>
              <th scope="row">{t.cardSurcharge(surchargeRateLabel(charge.basisPoints)[language])}</th>
              <td className="num">{money(charge.surchargeCents)}</td>
            </tr>
            <tr>
              <th scope="row">{t.totalCharged}</th>
              <td className="num">
                <strong>{money(charge.totalCents)}</strong>
              </td>
            </tr>
          </tbody>
        </table>
      )}
      {charge.surchargeCents > 0 && <p className="muted small">{t.surchargeNote}</p>}
      <button
        ref={button}
        type="button"
        className="button button-primary"
        onClick={pay}
        disabled={busy}
        aria-label={label}
      >
        {t.payButton(money(charge.totalCents))}
      </button>
      <p className="muted small">{busy ? t.opening : t.payNote}</p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

export type CheckoutState = 'open' | 'processing' | 'received' | 'failed' | 'expired';

/**
 * Back from the provider: asks where the checkout stands every second until the webhook has
 * recorded it (or it failed), then calls `onSettled` so the page shows the account anew.
 */
export function CheckoutProgress({
  state: read,
  onSettled,
}: {
  state: () => Promise<CheckoutState>;
  onSettled: () => void;
}) {
  const { t } = usePayText();
  const [state, setState] = useState<CheckoutState>('processing');
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      read().then(
        (s) => {
          if (stopped) return;
          setState(s);
          if (s === 'received' || s === 'failed' || s === 'expired') onSettled();
          else timer = setTimeout(ask, 1000);
        },
        () => {
          if (!stopped) timer = setTimeout(ask, 2000);
        },
      );
    };
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [read, onSettled]);
  const text =
    state === 'received' ? t.received : state === 'failed' ? t.failed : state === 'expired' ? t.expired : t.processing;
  return (
    <p role="status" className="pay-status">
      {text}
    </p>
  );
}
