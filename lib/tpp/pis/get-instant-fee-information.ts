import "server-only";
import { feeInformationResponseSchema } from "../../psd2/schemas";
import type { Money } from "../ais/ais-types";
import { toMoney } from "../ais/to-app-types";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { InstantFeeInformation } from "./pis-types";

/**
 * What an instant payment (straks) of an amount costs, before it is initiated
 * (GET /v1/payments/instant-norwegian-credit-transfers-straks/fee-information?amount=&currency=).
 * The initiation's reply repeats the fee in transactionFees.
 * @see docs/interface/endpoints.md#other-operations; docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox
 */
export async function getInstantFeeInformation(ctx: AspspContext, amount: Money): Promise<InstantFeeInformation> {
  const reply = await ctx.client.fetch({
    method: "GET",
    path: "/v1/payments/instant-norwegian-credit-transfers-straks/fee-information",
    query: { amount: amount.amount, currency: amount.currency },
    schema: feeInformationResponseSchema,
    caller: ctx.caller,
  });
  return { fee: toMoney(reply.value.transactionFees), feeIndicator: reply.value.transactionFeeIndicator };
}
