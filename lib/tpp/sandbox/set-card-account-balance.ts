import "server-only";
import { sandboxBalanceSchema, type SandboxBalance } from "../../psd2/schemas";
import { idSegment, type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxAmount, SandboxReply } from "./sandbox-reply";

/**
 * PUT /v1/sandbox/card-accounts/{id}/balances: sets a card account's booked balance, in its
 * currency (negative when the card owes money).
 * @see docs/interface/accounts.md#accounts-balances-transactions, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function setCardAccountBalance(
  ctx: SandboxContext,
  cardAccountId: string,
  balanceAmount: SandboxAmount,
): Promise<SandboxReply<SandboxBalance>> {
  return sendSandboxRequest(ctx, {
    method: "PUT",
    path: `/v1/sandbox/card-accounts/${idSegment(cardAccountId)}/balances`,
    body: { balanceAmount: { currency: balanceAmount.currency, amount: balanceAmount.amount } },
    schema: sandboxBalanceSchema,
  });
}
