import type { FastifyInstance } from "fastify";
import { docsRoutes } from "./docs-routes";
import { portalRoutes } from "./portal-routes";
import { scaRoutes } from "./sca-routes";

/** The bank's own pages (SCA, consent, payment approval, developer portal, docs). */
export async function registerWebRoutes(web: FastifyInstance): Promise<void> {
  // Page modules register here.
  await web.register(scaRoutes);
  await web.register(portalRoutes);
  await web.register(docsRoutes);
}
