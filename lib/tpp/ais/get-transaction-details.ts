import "server-only";
import { transactionDetailsResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { AccountTransaction } from "./ais-types";
import { toAccountTransaction } from "./to-app-types";

/**
 * One transaction with what the listing leaves out (GET /v1/accounts/{id}/transactions/{transactionId}).
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox; docs/interface/versioning.md#versioning (transaction details endpoint)
 */
export async function getTransactionDetails(ctx: AspspContext, accountId: string, transactionId: string): Promise<AccountTransaction> {
  const reply = await ctx.client.fetch({
    method: "GET",
    path: `/v1/accounts/${encodeURIComponent(accountId)}/transactions/${encodeURIComponent(transactionId)}`,
    schema: transactionDetailsResponseSchema,
    caller: ctx.caller,
  });
  const details = reply.value.transactionsDetails;
  return toAccountTransaction(details, details.bookingDate === undefined ? "pending" : "booked");
}
