import type { FastifyInstance } from "fastify";
import { registerWebRouteValidation } from "../../plugins/web-route-validation";
import { docsRoutes } from "./docs-routes";
import { portalRoutes } from "./portal-routes";
import { scaRoutes } from "./sca-routes";

/**
 * The bank's own pages (SCA, consent, payment approval, developer portal, docs), in the pages'
 * encapsulation context: their routes' zod schemas are checked by the pages' validator compiler,
 * set here before any page module registers (the /v1 scope, a sibling context, keeps its own).
 */
export async function registerWebRoutes(web: FastifyInstance): Promise<void> {
  registerWebRouteValidation(web);
  // Page modules register here.
  await web.register(scaRoutes);
  await web.register(portalRoutes);
  await web.register(docsRoutes);
}
