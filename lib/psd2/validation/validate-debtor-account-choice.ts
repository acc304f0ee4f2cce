import { formatError, type Violation } from "./violation";

/**
 * Whether a Norwegian debtorAccount has exactly one of `bban` (ordinary accounts) and `other`
 * (card accounts).
 *
 * @see docs/interface/payments.md#norwegian-domestic-credit-transfer, debtorAccount
 */
export function validateDebtorAccountChoice(account: { readonly bban?: unknown; readonly other?: unknown }): Violation | undefined {
  const hasBban = account.bban !== undefined;
  const hasOther = account.other !== undefined;
  if (hasBban && hasOther) {
    return formatError("has both bban and other; exactly one is allowed (bban for an ordinary account, other for a card account)");
  }
  if (!hasBban && !hasOther) {
    return formatError("has neither bban nor other; exactly one is required (bban for an ordinary account, other for a card account)");
  }
  return undefined;
}
