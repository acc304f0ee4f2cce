import "server-only";
import type { AspspContext } from "../aspsp/aspsp-context";
import { AspspError } from "../errors";
import { getPayment } from "../pis/get-payment";
import { getPaymentStatus } from "../pis/get-payment-status";
import type { PaymentDetails, PaymentRef, PaymentStatus } from "../pis/pis-types";
import type { PaymentRecord, PaymentsRepository, StatusReadSource } from "./payments-repository";

/** A kept payment as the bank sees it now. */
export interface PaymentAtBank {
  /** The payment as kept, with the status just read. */
  readonly record: PaymentRecord;
  /** The bank's status reply; undefined when the bank does not show it yet (the known issue). */
  readonly status: PaymentStatus | undefined;
  /** The bank's details; undefined when not asked for, or not shown yet. */
  readonly details: PaymentDetails | undefined;
  /**
   * The spec's known issue: the bank does not show a Norwegian domestic payment's status and
   * details before it is approved (404 RESOURCE_UNKNOWN), so what the TPP knows comes from the
   * initiation's reply and the SCA's redirect.
   */
  readonly hiddenByKnownIssue: boolean;
}

export function refOf(record: PaymentRecord): PaymentRef {
  return { service: record.service, product: record.product, paymentId: record.paymentId };
}

/** Whether a 404 is the known issue: a Norwegian domestic payment the PSU has not approved (as far as the TPP knows). */
function isKnownIssue(error: unknown, record: PaymentRecord): boolean {
  return (
    error instanceof AspspError &&
    error.status === 404 &&
    record.product === "norwegian-domestic-credit-transfers" &&
    (record.status === "RCVD" || record.status === "RJCT" || record.status === "CANC")
  );
}

/**
 * Reads a kept payment's status at the bank (and its details when asked) and keeps the status
 * read in the payment's history. The known issue (a domestic payment not yet approved is 404)
 * is told, not thrown; any other refusal of the bank is thrown (an AspspError).
 * @see docs/interface/states.md#domestic-payment-before-approval; docs/interface/payments.md#payments-in-the-sandbox
 */
export async function readPaymentAtBank(
  ctx: AspspContext,
  payments: PaymentsRepository,
  record: PaymentRecord,
  options: { withDetails?: boolean; source?: StatusReadSource } = {},
): Promise<PaymentAtBank> {
  const ref = refOf(record);
  const [status, details] = await Promise.all([
    getPaymentStatus(ctx, ref).catch((error: unknown) => {
      if (isKnownIssue(error, record)) return undefined;
      throw error;
    }),
    options.withDetails === true
      ? getPayment(ctx, ref).catch((error: unknown) => {
          if (error instanceof AspspError && error.status === 404) return undefined;
          throw error;
        })
      : Promise.resolve(undefined),
  ]);
  if (status === undefined) return { record, status, details, hiddenByKnownIssue: true };
  const updated = await payments.recordStatusRead(record.userId, record.id, {
    status: status.status,
    fundsAvailable: status.fundsAvailable ?? null,
    readAt: new Date(),
    source: options.source ?? "status",
  });
  return { record: updated ?? record, status, details, hiddenByKnownIssue: false };
}
