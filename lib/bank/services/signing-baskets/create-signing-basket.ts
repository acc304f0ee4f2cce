import type { SigningBasketRequest } from "../../../psd2/schemas";
import { BankError, type BankTppMessage } from "../../errors";
import type { TppIdentity } from "../../plugins/security-gate";
import { createRandomId } from "../../repositories/ids";
import { createPaymentsRepository } from "../../repositories/payments-repository";
import { createSigningBasketsRepository } from "../../repositories/signing-baskets-repository";
import { identifyPsu } from "../sca-sessions/identify-psu";
import type { PaymentContext } from "../payments/payment-context";
import { basketLinks } from "../payments/payment-wire";
import type { PsuHeaders } from "../sca-sessions/read-psu-headers";
import { registerTpp } from "../pki/register-tpp";

/**
 * POST /v1/signing-baskets `{"paymentIds":[...]}`: 1 to 10 payments of this TPP and of the PSU of
 * PSU-ID (in the context of PSU-Corporate-ID), single payments only. A malformed list is 400
 * FORMAT_ERROR, answered by the route (signingBasketRequestSchema); an unknown id, another TPP's or PSU's payment is 400 RESOURCE_UNKNOWN; a periodic
 * or bulk payment 400 REFERENCE_MIX_INVALID; a payment not in RCVD or already in a basket 409
 * CONFLICT. The payments' rows are locked (in id order) while the basket takes them, so that of
 * two baskets racing for a payment exactly one gets it. Nothing is written on a refusal.
 *
 * @see docs/interface/signing-baskets.md#request-and-response, docs/interface/limits.md#limits-in-the-spec; docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function createSigningBasket(
  ctx: PaymentContext,
  request: { tpp: TppIdentity; headers: PsuHeaders; body: SigningBasketRequest },
) {
  const { tpp, headers } = request;
  const { paymentIds } = request.body;
  const identified = await identifyPsu(ctx.db, tpp.id, headers);
  if (!identified.ok) throw new BankError(identified.problem.code, identified.problem.text, { path: identified.problem.path });
  const { customer, agreement } = identified;
  if (!customer) throw new BankError("HTTP_HEADER_REQUIRED", "The header PSU-ID is required for this operation", { path: "PSU-ID" });

  const found = new Map((await createPaymentsRepository(ctx.db).findByIds(paymentIds)).map((payment) => [payment.id, payment]));
  const problems: BankTppMessage[] = [];
  paymentIds.forEach((id, index) => {
    const path = `paymentIds[${index}]`;
    const payment = found.get(id);
    if (!payment || payment.tppId !== tpp.id || payment.customerId !== customer.id || payment.agreementId !== (agreement?.id ?? null)) {
      problems.push({
        category: "ERROR",
        code: "RESOURCE_UNKNOWN",
        path,
        text: `${path} ${id.slice(0, 64)} is not a payment of this TPP and PSU${agreement ? " under the agreement of PSU-Corporate-ID" : ""}`,
      });
    } else if (payment.service !== "payments") {
      problems.push({
        category: "ERROR",
        code: "REFERENCE_MIX_INVALID",
        path,
        text: `${path} is a ${payment.service === "bulk-payments" ? "bulk" : "periodic"} payment: bulk and periodic payments cannot be put in a signing basket`,
      });
    }
  });
  if (problems.length > 0) throw BankError.fromMessages(problems, { status: 400 });

  const now = ctx.clock.now();
  const basketId = createRandomId();
  await ctx.db.transaction(async (tx) => {
    const payments = createPaymentsRepository(tx);
    const locked = new Map((await payments.findManyForUpdate(paymentIds)).map((payment) => [payment.id, payment]));
    const conflicts: BankTppMessage[] = [];
    paymentIds.forEach((id, index) => {
      const payment = locked.get(id);
      const path = `paymentIds[${index}]`;
      if (!payment) {
        conflicts.push({
          category: "ERROR",
          code: "RESOURCE_UNKNOWN",
          path,
          text: `${path} ${id.slice(0, 64)} is not a payment of this TPP and PSU`,
        });
      } else if (payment.basketId !== null) {
        conflicts.push({
          category: "ERROR",
          code: "CONFLICT",
          path,
          text: `${path} ${id.slice(0, 64)} is already in another signing basket`,
        });
      } else if (payment.status !== "RCVD") {
        conflicts.push({
          category: "ERROR",
          code: "CONFLICT",
          path,
          text: `${path} ${id.slice(0, 64)} is ${payment.status}: only payments in RCVD can be put in a basket`,
        });
      }
    });
    if (conflicts.length > 0) throw BankError.fromMessages(conflicts, conflicts[0]?.code === "RESOURCE_UNKNOWN" ? { status: 400 } : {});
    await registerTpp(tx, tpp, now);
    await createSigningBasketsRepository(tx).insert({
      id: basketId,
      tppId: tpp.id,
      customerId: customer.id,
      agreementId: agreement?.id ?? null,
      createdAt: now,
    });
    for (const id of paymentIds) await payments.update(id, { basketId });
  });
  return {
    location: basketLinks.self(basketId).href,
    body: {
      basketId,
      transactionStatus: "RCVD" as const,
      _links: {
        self: basketLinks.self(basketId),
        status: basketLinks.status(basketId),
        startAuthorisation: basketLinks.startAuthorisation(basketId),
      },
    },
  };
}
