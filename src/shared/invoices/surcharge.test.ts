// Card surcharges (docs/payments.md, "Surcharges"): the amount, the cap, and never in Quebec.
import { describe, expect, it } from 'vitest';
import {
  basisPointsOfPercent,
  cardCharge,
  SURCHARGE_CAP_BASIS_POINTS,
  surchargeOf,
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
