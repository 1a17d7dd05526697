// Card surcharges (docs/payments.md, "Surcharges"): the amount, the cap, and never in Quebec.
import { describe, expect, it } from 'vitest';
import {
  basisPointsOfPercent,
  cardCharge,
  SURCHARGE_CAP_BASIS_POINTS,
  splitCardRefund,
  surchargeOf,
  surchargeRefundOf,
  surchargeRateLabel,
  surchargeRefusal,
} from './surcharge.js';

describe('card surcharges', () => {
  it('is off by default and for no amount', () => {
    expect(surchargeOf(33900, 0, 'ON')).toBe(0);
    expect(surchargeOf(0, 240, 'ON')).toBe(0);
  });

  it('charges the rate, rounded half up to the cent, never above 2.4 %', () => {
    expect(surchargeOf(33900, 240, 'ON')).toBe(814); // 813.6
    expect(surchargeOf(12345, 150, 'BC')).toBe(185); // 185.175
    expect(surchargeOf(100, 250, 'AB')).toBe(2); // 2.4 at the cap, not 2.5
    expect(surchargeOf(10_000, 999, 'ON')).toBe(240);
    expect(SURCHARGE_CAP_BASIS_POINTS).toBe(240);
  });

  it('never charges a Quebec billing address', () => {
    expect(surchargeOf(33900, 240, 'QC')).toBe(0);
    expect(surchargeOf(33900, 240, ' qc ')).toBe(0);
  });

  it('refuses any rate for a Quebec shop, and a rate above the cap anywhere, in both languages', () => {
    expect(surchargeRefusal(0, 'QC')).toBeNull();
    expect(surchargeRefusal(100, 'QC')?.en).toContain('Quebec');
    expect(surchargeRefusal(100, 'QC')?.fr).toContain('Québec');
    expect(surchargeRefusal(241, 'ON')?.en).toContain('2.4%');
    expect(surchargeRefusal(12.5, 'ON')).not.toBeNull();
    expect(surchargeRefusal(240, 'ON')).toBeNull();
  });

  it('names the rate as each language writes it', () => {
    expect(surchargeRateLabel(240)).toEqual({ en: '2.4%', fr: '2,4\u00a0%' });
  });
});

describe('the card charge a Pay button asks', () => {
  it('is the amount, its surcharge and their total', () => {
    expect(cardCharge(33900, 240, 'ON', 'ON')).toEqual({
      amountCents: 33900,
      surchargeCents: 814,
      totalCents: 34714,
      basisPoints: 240,
    });
  });

  it('carries no surcharge when off, for a Quebec billing address, or when the shop is in Quebec', () => {
    const none = { amountCents: 33900, surchargeCents: 0, totalCents: 33900, basisPoints: 0 };
    expect(cardCharge(33900, 0, 'ON', 'ON')).toEqual(none);
    expect(cardCharge(33900, 240, 'qc', 'ON')).toEqual(none);
    expect(cardCharge(33900, 240, 'ON', 'QC')).toEqual(none);
    // A rate the server would refuse is never charged (a setting stored before a rule changed).
    expect(cardCharge(33900, 300, 'ON', 'ON')).toEqual(none);
  });
});

describe('a percentage typed by the owner', () => {
  it('reads in basis points, with a point or a comma', () => {
    expect(basisPointsOfPercent('2.4')).toBe(240);
    expect(basisPointsOfPercent('2,4')).toBe(240);
    expect(basisPointsOfPercent(' 1.75 ')).toBe(175);
    expect(basisPointsOfPercent('')).toBe(0);
    expect(basisPointsOfPercent('2.405')).toBe(240.5);
    expect(basisPointsOfPercent('two')).toBeNaN();
    expect(basisPointsOfPercent('-1')).toBeNaN();
  });
});

describe('the surcharge a refund gives back', () => {
  const none = { takenCents: 0, surchargeTakenCents: 0, pending: false };

  it('is all of it with a full refund, none without a surcharge', () => {
    expect(surchargeRefundOf(33900, 814, 33900, none)).toBe(814);
    expect(surchargeRefundOf(33900, 0, 33900, none)).toBe(0);
    expect(surchargeRefundOf(33900, 814, 0, none)).toBe(0);
  });

  it('is pro rata of a partial refund, rounded half up to the cent', () => {
    // $20.00 of $339.00: 814 × 2000 / 33900 = 48.02 → 48.
    expect(surchargeRefundOf(33900, 814, 2000, none)).toBe(48);
    // Half: 407 exactly; a third of 100 cents on 5: 1.67 → 2.
    expect(surchargeRefundOf(33900, 814, 16950, none)).toBe(407);
    expect(surchargeRefundOf(300, 5, 100, none)).toBe(2);
  });

  it('adds up to the whole surcharge, to the cent, however the payment is given back', () => {
    for (const parts of [
      [100, 100, 100],
      [1, 1, 298],
      [2000, 2000, 29900],
      [33899, 1],
    ]) {
      const payment = parts.reduce((a, b) => a + b, 0);
      for (const surcharge of [5, 7, 814]) {
        let taken = 0;
        let back = 0;
        for (const p of parts) {
          back += surchargeRefundOf(payment, surcharge, p, {
            takenCents: taken,
            surchargeTakenCents: back,
            pending: false,
          });
          taken += p;
        }
        expect(back, `${parts.join('+')} on ${surcharge}`).toBe(surcharge);
      }
    }
  });

  it('never gives back more than what is left of the surcharge', () => {
    expect(surchargeRefundOf(300, 5, 100, { takenCents: 100, surchargeTakenCents: 5, pending: true })).toBe(0);
    // A refund that failed earlier left the running total a cent off: the last one takes what is left.
    expect(surchargeRefundOf(300, 5, 200, { takenCents: 100, surchargeTakenCents: 1, pending: false })).toBe(4);
  });

  it('splits a Dashboard refund into the amount due and its surcharge, or says none fits', () => {
    expect(splitCardRefund(34714, 33900, 814, none)).toEqual({ amountCents: 33900, surchargeCents: 814 });
    expect(splitCardRefund(2048, 33900, 814, none)).toEqual({ amountCents: 2000, surchargeCents: 48 });
    expect(splitCardRefund(2000, 33900, 0, none)).toEqual({ amountCents: 2000, surchargeCents: 0 });
    // A $3.00 payment with a 5-cent surcharge: $0.89 of it gives back 1 cent, $0.90 gives back 2: no refund makes $0.91.
    expect(splitCardRefund(90, 300, 5, none)).toEqual({ amountCents: 89, surchargeCents: 1 });
    expect(splitCardRefund(92, 300, 5, none)).toEqual({ amountCents: 90, surchargeCents: 2 });
    expect(splitCardRefund(91, 300, 5, none)).toBeNull();
    // Never more than is left of the payment.
    expect(splitCardRefund(103, 100, 2, none)).toBeNull();
  });
});
