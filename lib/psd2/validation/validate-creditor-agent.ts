import type { FieldViolation } from "./violation";

/**
 * Whether a domestic payment names the creditor's bank (creditorAgent, a BIC) when it must: when
 * the creditor account is a currency account, that is, its currency is not NOK.
 *
 * @see docs/interface/payments.md#norwegian-domestic-credit-transfer, creditorAgent
 */
export function validateCreditorAgentPresence(payment: {
  readonly creditorAgent?: string | undefined;
  readonly creditorAccount: { readonly currency: string };
}): FieldViolation[] {
  const currency = payment.creditorAccount.currency;
  if (payment.creditorAgent !== undefined || currency === "NOK") return [];
  return [
    {
      code: "FORMAT_ERROR",
      path: ["creditorAgent"],
      reason: `is required when the creditor account is a currency account (creditorAccount.currency is ${currency}, not NOK)`,
    },
  ];
}
