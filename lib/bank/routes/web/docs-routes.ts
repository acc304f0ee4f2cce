import type { FastifyInstance } from "fastify";
import { buildOpenApiDocument, type OpenApiDocument } from "../../openapi/build-openapi-document";
import { renderDocsPage } from "../../openapi/render-docs-page";
import { DEVELOPER_PAGE_HEADERS } from "../../portal/developer-nav";

/**
 * The description of the /v1 interface: GET /openapi.json (OpenAPI 3.1, built from the routes'
 * `config.docs`) and GET /docs (the same, as a page). Both are built once, on first request,
 * when every route has registered.
 *
 * @see psd2-interface.md "Endpoints"; supplement.md §2
 */
export async function docsRoutes(web: FastifyInstance): Promise<void> {
  const { config, v1Operations } = web.bank;
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  const openApi = () => (document ??= buildOpenApiDocument({ operations: v1Operations, publicUrl: config.publicUrl, bankName: config.bankName }));

  web.get("/openapi.json", async (_request, reply) =>
    reply.header("Access-Control-Allow-Origin", "*").header("Cache-Control", "no-cache").type("application/json; charset=utf-8").send(openApi()),
  );

  web.get("/docs", async (_request, reply) => {
    page ??= renderDocsPage({ bankName: config.bankName, document: openApi() });
    return reply.headers(DEVELOPER_PAGE_HEADERS).header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(page);
  });
}
