import type { FastifyInstance } from "fastify";
import { accountRoutes } from "./account-routes";
import { cardAccountRoutes } from "./card-account-routes";
import { consentRoutes } from "./consent-routes";
import { paymentRoutes } from "./payment-routes";
import { sandboxClockRoutes } from "./sandbox-clock-routes";
import { sandboxDataRoutes } from "./sandbox-data-routes";
import { signingBasketRoutes } from "./signing-basket-routes";
import { tppRoutes } from "./tpp-routes";
import { userRoutes } from "./user-routes";

/**
 * Every /v1 operation, registered inside the /v1 scope (after its body parser, error handler,
 * security gate and response signing). Each route declares `config.operation` (roles and
 * required headers, checked by the gate) and `config.docs` (its OpenAPI description).
 */
export async function registerV1Routes(v1: FastifyInstance): Promise<void> {
  // Route modules register here, e.g. `await v1.register(accountRoutes);`
  await v1.register(consentRoutes);
  await v1.register(accountRoutes);
  await v1.register(cardAccountRoutes);
  await v1.register(userRoutes);
  await v1.register(paymentRoutes);
  await v1.register(signingBasketRoutes);
  await v1.register(tppRoutes);
  await v1.register(sandboxDataRoutes);
  await v1.register(sandboxClockRoutes);
}
