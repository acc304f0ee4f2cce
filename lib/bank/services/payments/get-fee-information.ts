import { computeInstantFee } from "./compute-instant-fee";

/**
 * GET /v1/payments/instant-norwegian-credit-transfers-straks/fee-information?amount=&currency=:
 * the fee an instant payment of that amount costs (NOK 2.00 below NOK 100 000, then 0.01 %
 * rounded half up to the øre). The route's query (feeInformationQuery) has checked the query:
 * amount and currency given, currency NOK, the amount in NOK's format.
 *
 * @see docs/interface/endpoints.md#other-operations; docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox
 */
export function getFeeInformation(query: { amount: string; currency: string }): {
  transactionFees: { currency: string; amount: string };
  transactionFeeIndicator: true;
} {
  return { transactionFees: { currency: query.currency, amount: computeInstantFee(query.amount) }, transactionFeeIndicator: true };
}
