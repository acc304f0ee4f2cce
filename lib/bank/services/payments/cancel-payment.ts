import type { PaymentProduct, PaymentService } from "../../../psd2/schemas";
import { BankError } from "../../errors";
import { createPaymentsRepository } from "../../repositories/payments-repository";
import { releasePayment } from "./book-payment";
import { findTppPayment, unknownPayment } from "./find-tpp-payment";
import type { PaymentContext } from "./payment-context";

/** The statuses a DELETE cancels. @see docs/interface/payments.md#payments-in-the-sandbox */
const CANCELLABLE = new Set(["RCVD", "ACTC", "ACCP"]);

/**
 * DELETE /v1/{service}/{product}/{paymentId}: a payment in RCVD, ACTC or ACCP is cancelled (CANC;
 * the reservation of an accepted one is released; a periodic one runs no more), answered 204.
 * A payment in PDNG or in a final state is 405 with the reason. The payment's row is locked, so
 * that a deletion and an approval or a batch run never both move it: the one that comes second
 * sees the state the first one left.
 *
 * @see docs/interface/endpoints.md#other-operations (DELETE on a payment), docs/interface/errors.md#error-codes; docs/interface/errors.md#statuses-by-code, docs/interface/payments.md#payments-in-the-sandbox
 */
export async function cancelPayment(
  ctx: PaymentContext,
  request: { tppId: string; service: PaymentService; product: PaymentProduct; paymentId: string },
): Promise<void> {
  await findTppPayment(ctx.db, request);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const payments = createPaymentsRepository(tx);
    const payment = await payments.findByIdForUpdate(request.paymentId);
    if (!payment) throw unknownPayment(request.paymentId);
    if (!CANCELLABLE.has(payment.status)) {
      const why =
        payment.status === "PDNG"
          ? `it is pending (PDNG) for execution on ${payment.executionDate}, and a pending payment cannot be deleted`
          : payment.status === "ACSP"
            ? "its settlement is in progress (ACSP)"
            : `it is in the final status ${payment.status}`;
      throw new BankError(
        "CONFLICT",
        `The payment ${payment.id} cannot be deleted: ${why}. Payments in RCVD, ACTC or ACCP can be deleted`,
        { status: 405 },
      );
    }
    await releasePayment(tx, payment.id);
    await payments.update(payment.id, { status: "CANC", statusChangedAt: now });
  });
}
