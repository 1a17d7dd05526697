// A card surcharge (docs/payments.md, "Surcharges"; decision 032): off by default; where an owner
// turns one on, at most 2.4 % of the amount paid by card (the card networks' Canadian cap), and
// never for a Quebec customer nor by a Quebec shop (Quebec's Consumer Protection Act forbids
// charging more for paying by card). Pure: the server, the Pay button and the receipt ask here.
import type { Bilingual } from '../prices/price-list.js';

/** The cap, in basis points of the amount (240: 2.4 %). */
export const SURCHARGE_CAP_BASIS_POINTS = 240;

/** The rate as people read it: 240 → "2.4%" / "2,4 %". */
export function surchargeRateLabel(basisPoints: number): Bilingual {
  const text = (basisPoints / 100).toString();
  return { en: `${text}%`, fr: `${text.replace('.', ',')}\u00a0%` };
}

/**
 * The surcharge on a card payment of `amountCents`, rounded half up to the cent: zero when off,
 * for a Quebec billing address, or for no amount. A rate above the cap is never charged above it.
 */
export function surchargeOf(amountCents: number, basisPoints: number, billingProvince: string): number {
  if (amountCents <= 0 || basisPoints <= 0 || billingProvince.trim().toUpperCase() === 'QC') return 0;
  const rate = Math.min(basisPoints, SURCHARGE_CAP_BASIS_POINTS);
  return Math.floor((amountCents * rate + 5_000) / 10_000);
}

/** Why an owner's surcharge rate is refused, or null: above the cap, not whole, or a Quebec shop. */
export function surchargeRefusal(basisPoints: number, shopProvince: string): Bilingual | null {
  if (basisPoints === 0) return null;
  if (shopProvince.trim().toUpperCase() === 'QC')
    return {
      en: 'A shop in Quebec may not charge a card surcharge (Consumer Protection Act): leave it off.',
      fr: 'Un commerce du Québec ne peut pas exiger de frais pour le paiement par carte (Loi sur la protection du consommateur)\u00a0: laissez-les désactivés.',
    };
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > SURCHARGE_CAP_BASIS_POINTS)
    return {
      en: 'A card surcharge is between 0% and 2.4% of the amount, in hundredths of a percent.',
      fr: 'Des frais pour paiement par carte vont de 0\u00a0% à 2,4\u00a0% du montant, au centième de pour cent.',
    };
  return null;
}

/** What a Pay button asks by card: the amount due, the surcharge on it, and the total charged. */
export interface CardCharge {
  /** What the account asks now: the part that settles the invoices. */
  amountCents: number;
  /** The card surcharge on it (0 when none): recorded apart, never against the invoices. */
  surchargeCents: number;
  /** What the card is charged: amount + surcharge. */
  totalCents: number;
  /** The rate charged, in basis points (0 when no surcharge). */
  basisPoints: number;
}

/**
 * The card charge for an amount due: the owner's rate, none for a Quebec billing address, and
 * none at all while the rate would be refused (above the cap, or a shop in Quebec).
 */
export function cardCharge(
  amountCents: number,
  basisPoints: number,
  billingProvince: string,
  shopProvince: string,
): CardCharge {
  const allowed = surchargeRefusal(basisPoints, shopProvince) === null;
  const surchargeCents = allowed ? surchargeOf(amountCents, basisPoints, billingProvince) : 0;
  return {
    amountCents,
    surchargeCents,
    totalCents: amountCents + surchargeCents,
    basisPoints: surchargeCents > 0 ? basisPoints : 0,
  };
}

/** A percentage as the owner types it ("2.4", "1,5", "") in basis points; NaN when it is not a number. */
export function basisPointsOfPercent(text: string): number {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return 0;
  if (!/^\d+(\.\d+)?$/.test(clean)) return Number.NaN;
  // Rounded to a millionth of a basis point: 2.4 × 100 is 240.00000000000003 in binary.
  return Math.round(Number(clean) * 100 * 1e6) / 1e6;
}

/** What earlier refunds took of a card payment, as a new refund's surcharge is reckoned from it. */
export interface RefundedSoFar {
  /** Of the payment's amount due: refunds recorded, and those pending at the provider. */
  takenCents: number;
  /** Of its surcharge: what the refunds recorded gave back. */
  surchargeTakenCents: number;
  /** Whether a refund is still pending at the provider (its surcharge part not known here yet). */
  pending: boolean;
}

/**
 * The part of a card payment's surcharge a refund of `refundCents` (of the amount due) gives back
 * (docs/payments.md, "Surcharges"): pro rata of the amount refunded, the running total rounded
 * half up to the cent, so refunds that together give back the whole payment give back exactly
 * its whole surcharge; the refund that completes the payment gives back all the surcharge left.
 */
export function surchargeRefundOf(
  paymentCents: number,
  surchargeCents: number,
  refundCents: number,
  before: RefundedSoFar,
): number {
  if (paymentCents <= 0 || surchargeCents <= 0 || refundCents <= 0) return 0;
  const left = Math.max(0, surchargeCents - before.surchargeTakenCents);
  if (before.takenCents + refundCents >= paymentCents && !before.pending) return left;
  const upTo = (cents: number) => {
    const c = Math.min(Math.max(cents, 0), paymentCents);
    return Math.floor((2 * c * surchargeCents + paymentCents) / (2 * paymentCents));
  };
  return Math.min(left, Math.max(0, upTo(before.takenCents + refundCents) - upTo(before.takenCents)));
}

/**
 * A refund of `totalCents` made at the provider (its Dashboard) split into the amount due it gives
 * back and the surcharge, as `surchargeRefundOf` would have asked it; null when no amount due
 * comes to that total with its surcharge (a clerk then records it by hand).
 */
export function splitCardRefund(
  totalCents: number,
  paymentCents: number,
  surchargeCents: number,
  before: RefundedSoFar,
): { amountCents: number; surchargeCents: number } | null {
  if (totalCents <= 0) return null;
  if (surchargeCents <= 0) return { amountCents: totalCents, surchargeCents: 0 };
  const guess = Math.floor((totalCents * paymentCents) / (paymentCents + surchargeCents));
  for (const amountCents of [guess, guess + 1, guess - 1, guess + 2, guess - 2]) {
    if (amountCents <= 0 || amountCents > paymentCents - before.takenCents) continue;
    const part = surchargeRefundOf(paymentCents, surchargeCents, amountCents, before);
    if (amountCents + part === totalCents) return { amountCents, surchargeCents: part };
  }
  return null;
}
