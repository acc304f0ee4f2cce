import type { FastifyInstance } from "fastify";
import type { PaymentContext } from "../../services/payments/payment-context";

/** The payment services' dependencies, from the bank's context. */
export function paymentContextOf(app: FastifyInstance): PaymentContext {
  const { bank } = app;
  return {
    db: bank.db,
    clock: bank.clock,
    publicUrl: bank.config.publicUrl,
    domesticDetailsKnownIssue: bank.config.switches.domesticDetailsKnownIssue,
  };
}
