import "server-only";
import { sandboxBalanceSchema, type SandboxBalance } from "../../psd2/schemas";
import { idSegment, type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxAmount, SandboxReply } from "./sandbox-reply";

/**
 * PUT /v1/sandbox/accounts/{id}/balances: sets an account's booked balance (today's bookings
 * included), in the account's currency; closingBooked, expected and interimAvailable follow.
 * @see docs/interface/accounts.md#accounts-balances-transactions, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function setAccountBalance(
  ctx: SandboxContext,
  accountId: string,
  balanceAmount: SandboxAmount,
): Promise<SandboxReply<SandboxBalance>> {
  return sendSandboxRequest(ctx, {
    method: "PUT",
    path: `/v1/sandbox/accounts/${idSegment(accountId)}/balances`,
    body: { balanceAmount: { currency: balanceAmount.currency, amount: balanceAmount.amount } },
    schema: sandboxBalanceSchema,
  });
}
