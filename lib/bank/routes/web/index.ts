import type { FastifyInstance } from "fastify";

/** The bank's own pages (SCA, consent, payment approval, developer portal, docs). */
export async function registerWebRoutes(_web: FastifyInstance): Promise<void> {
  // Page modules register here.
}
