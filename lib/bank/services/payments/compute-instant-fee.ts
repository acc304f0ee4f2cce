import { fromMinorUnits, toMinorUnits } from "../../repositories/money";

/** The instant product's fee: a flat NOK 2.00 below NOK 100 000, then 0.01 % of the amount. @see docs/interface/payments.md#payments-in-the-sandbox */
export const INSTANT_FEE = { currency: "NOK", flat: "2.00", threshold: "100000.00", basisPoints: 1n } as const;

/**
 * The fee of one instant payment (instant-norwegian-credit-transfers-straks) of a NOK amount:
 * NOK 2.00 below NOK 100 000.00; from NOK 100 000.00 on, 0.01 % of the amount rounded half up
 * to the øre (NOK 100 000.00 costs NOK 10.00, NOK 123 456.78 costs NOK 12.35). Exact decimal
 * arithmetic; the amount has NOK's two fraction digits.
 *
 * @see docs/interface/payments.md#fee-information
 */
export function computeInstantFee(amountNok: string): string {
  const ore = toMinorUnits(amountNok, 2);
  if (ore < toMinorUnits(INSTANT_FEE.threshold, 2)) return INSTANT_FEE.flat;
  // ore × 1 / 10 000, half up.
  const denominator = 10_000n / INSTANT_FEE.basisPoints;
  return fromMinorUnits((ore * 2n + denominator) / (denominator * 2n), 2);
}
