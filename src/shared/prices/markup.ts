// The owner's markup on a supplier's cost (docs/prices.md, "Supplier price files"): cost × (100 +
// markupPercent) ÷ 100, plus a fixed amount, then raised to the next price with the chosen ending
// (.99, .95, .00…). Integer cents throughout: the product is rounded half up once, never a float.

export interface MarkupRule {
  /** 40 makes the factor 1.40. A whole number from 0 to 1000. */
  markupPercent: number;
  /** Added after the factor, in cents. */
  fixedCents: number;
  /** The cents every price ends with (99 for $x.99, 0 for $x.00); absent: no rounding. */
  endingCents?: number;
}

/** No markup: the supplier's cost as it is. */
export const NO_MARKUP: MarkupRule = { markupPercent: 0, fixedCents: 0 };

/** The selling price of a garment that costs `costCents`, by the rule. */
export function applyMarkup(costCents: number, rule: MarkupRule): number {
  // Half up: (cost × (100 + p) + 50) ÷ 100, in integers (a cost under $10,000 and p ≤ 1000 stay exact).
  const marked = Math.floor((costCents * (100 + rule.markupPercent) + 50) / 100) + rule.fixedCents;
  if (rule.endingCents === undefined) return marked;
  // The smallest price at or above `marked` whose cents are the ending.
  const candidate = marked - (marked % 100) + rule.endingCents;
  return candidate >= marked ? candidate : candidate + 100;
}
