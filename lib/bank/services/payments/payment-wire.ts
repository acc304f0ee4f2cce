/**
 * The payment and signing basket replies as the wire wants them (docs/interface/payments.md#payments-in-the-sandbox, docs/interface/signing-baskets.md#rules-in-the-sandbox): relative
 * links (docs/interface/conventions.md#wire-conventions), amounts as strings in the currency's fraction digits.
 */
import type { PaymentRow } from "../../repositories/payments-repository";
import type { Link } from "../../../psd2/schemas";

const link = (href: string, verbs: Link["verbs"] = ["GET"]): Link => ({ href, verbs });

/** /v1/{service}/{product}/{paymentId} */
export function paymentHref(payment: Pick<PaymentRow, "service" | "product" | "id">): string {
  return `/v1/${payment.service}/${payment.product}/${encodeURIComponent(payment.id)}`;
}

export function basketHref(basketId: string): string {
  return `/v1/signing-baskets/${encodeURIComponent(basketId)}`;
}

export const paymentLinks = {
  self: (payment: Pick<PaymentRow, "service" | "product" | "id">) => link(paymentHref(payment)),
  status: (payment: Pick<PaymentRow, "service" | "product" | "id">) => link(`${paymentHref(payment)}/status`),
  startAuthorisation: (payment: Pick<PaymentRow, "service" | "product" | "id">) => link(`${paymentHref(payment)}/authorisations`, ["POST"]),
  scaStatus: (payment: Pick<PaymentRow, "service" | "product" | "id">, authorisationId: string) =>
    link(`${paymentHref(payment)}/authorisations/${encodeURIComponent(authorisationId)}`),
};

export const basketLinks = {
  self: (basketId: string) => link(basketHref(basketId)),
  status: (basketId: string) => link(`${basketHref(basketId)}/status`),
  startAuthorisation: (basketId: string) => link(`${basketHref(basketId)}/authorisations`, ["POST"]),
  scaStatus: (basketId: string, authorisationId: string) =>
    link(`${basketHref(basketId)}/authorisations/${encodeURIComponent(authorisationId)}`),
};

/**
 * The 201 of a started authorisation, a payment's or a signing basket's: scaStatus received, the
 * authorisationId, _links scaRedirect (the journey's) and scaStatus, whose href is the Location.
 * @see docs/interface/endpoints.md#success-statuses
 */
export function startedAuthorisation(journey: { authorisationId: string; scaRedirect: Link }, scaStatus: Link) {
  return {
    location: scaStatus.href,
    body: {
      scaStatus: "received" as const,
      authorisationId: journey.authorisationId,
      _links: { scaRedirect: journey.scaRedirect, scaStatus },
    },
  };
}

/** transactionFeeIndicator and transactionFees of a payment: the fee of every execution's transfers. @see docs/interface/payments.md#payment-creation-response */
export function feesOf(payment: Pick<PaymentRow, "feeAmount" | "debitCurrency">) {
  if (payment.feeAmount === null) return { transactionFeeIndicator: false };
  return { transactionFees: { currency: payment.debitCurrency, amount: payment.feeAmount }, transactionFeeIndicator: true };
}
