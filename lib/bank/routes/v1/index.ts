import type { FastifyInstance } from "fastify";

/**
 * Every /v1 operation, registered inside the /v1 scope (after its body parser, error handler,
 * security gate and response signing). Each route declares `config.operation` (roles and
 * required headers, checked by the gate) and `config.docs` (its OpenAPI description).
 */
export async function registerV1Routes(_v1: FastifyInstance): Promise<void> {
  // Route modules register here, e.g. `await v1.register(accountRoutes);`
}
