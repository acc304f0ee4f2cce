import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createScaJourney, type ScaPageResult } from "../../sca/sca-journey";
import type { FormFields } from "../../sca/sca-purposes";
import { renderMessagePage } from "../../sca/pages/render-message-page";

/** An id the bank could have made; any other is an invalid link. */
const paramsSchema = z.object({ authorisationId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
/** The scaRedirect link's secret, given once; other parameters are disregarded. */
const linkQuerySchema = z.object({ token: z.string().max(200).optional() });
/**
 * A page's form, each field as the list of its values (a checkbox list comes as one or several).
 * A body that is no form (JSON, text, none) is a form without fields: the journey answers the
 * missing page secret as it answers a wrong one.
 */
const pageFormSchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .catch({})
  .transform((form): FormFields =>
    Object.fromEntries(Object.entries(form).map(([name, value]) => [name, typeof value === "string" ? [value] : value])),
  );

/**
 * The security headers of the SCA pages: never cached, no referrer to the TPP, nothing but the
 * bank's own stylesheet (the pages have no scripts). Framing stays allowed: the spec lets the
 * TPP show scaRedirect in a frame.
 */
const PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'",
} as const;

/** The bank's browser session on its SCA pages (a login, for payment and basket approval). */
const WEB_SESSION_COOKIE = "bank_session";

function send(reply: FastifyReply, result: ScaPageResult, cookie: { secure: boolean } = { secure: false }): FastifyReply {
  reply.headers(PAGE_HEADERS);
  if (result.webSession) {
    // HttpOnly and on /sca only; Lax, so that the top-level navigation from the TPP carries it.
    reply.setCookie(WEB_SESSION_COOKIE, result.webSession.secret, {
      path: "/sca",
      httpOnly: true,
      sameSite: "lax",
      secure: cookie.secure,
      maxAge: result.webSession.maxAgeSeconds,
    });
  }
  if (result.kind === "redirect") return reply.redirect(result.location, 303);
  return reply.status(result.status).type("text/html; charset=utf-8").send(result.html);
}

/**
 * The SCA, consent and payment approval pages on the bank's origin: GET
 * /sca/{authorisationId}?token=… (the scaRedirect link) and POST /sca/{authorisationId} (each
 * page's form). A login sets the bank's browser session cookie, which a payment or basket
 * approval opened within 15 minutes takes in place of the login.
 *
 * @see docs/interface/authentication.md#sca-by-redirect, docs/interface/authentication.md#consent, docs/interface/authentication.md#session-hour, docs/interface/authentication.md#contexts, docs/interface/authentication.md#biometric-flow; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function scaRoutes(web: FastifyInstance): Promise<void> {
  const { db, clock, config } = web.bank;
  const journey = createScaJourney({ db, clock, bankName: config.bankName });
  const cookie = { secure: config.publicWebUrl.startsWith("https:") };
  const notFound = () =>
    ({
      kind: "page",
      status: 404,
      html: renderMessagePage({
        bankName: config.bankName,
        title: "This link is not valid",
        text: "The approval link is incomplete or unknown.",
      }),
    }) as const;

  // Errors on these pages are pages too: no JSON, no stack trace.
  web.setErrorHandler((error: FastifyError, request, reply) => {
    // An id or a link secret that fails its schema is a link the bank did not make.
    if (error.validationContext === "params" || error.validationContext === "querystring") return send(reply, notFound());
    const status = typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, "SCA page failed");
    return send(reply, {
      kind: "page",
      status,
      html: renderMessagePage({
        bankName: config.bankName,
        title: status === 500 ? "Something went wrong" : "The request could not be read",
        text:
          status === 500
            ? "The bank could not complete this step. Please try again in a moment."
            : "The page sent something the bank could not read.",
      }),
    });
  });

  const routes = web.withTypeProvider<ZodTypeProvider>();

  // No HEAD: opening the link uses it up (it is single use), so a HEAD (a link preview, a
  // checker) must not run the GET; it is 405 with the methods the page takes.
  routes.get(
    "/sca/:authorisationId",
    { schema: { params: paramsSchema, querystring: linkQuerySchema }, exposeHeadRoute: false },
    async (request, reply) =>
      send(reply, await journey.open(request.params.authorisationId, request.query.token, request.cookies[WEB_SESSION_COOKIE]), cookie),
  );
  routes.head("/sca/:authorisationId", async (_request, reply) =>
    reply.status(405).header("Allow", "GET, POST").header("Cache-Control", "no-store").send(),
  );

  routes.post("/sca/:authorisationId", { schema: { params: paramsSchema, body: pageFormSchema } }, async (request, reply) =>
    send(reply, await journey.submit(request.params.authorisationId, request.body), cookie),
  );
}
