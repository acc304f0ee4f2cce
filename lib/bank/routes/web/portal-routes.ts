import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { BankError } from "../../errors";
import { checkedAsInterfaceBody } from "../../plugins/web-route-validation";
import { DEVELOPER_PAGE_HEADERS } from "../../portal/developer-nav";
import { renderCertificatePage } from "../../portal/render-certificate-page";
import { renderRateLimitedPage } from "../../portal/render-rate-limited-page";
import { type PortalCustomer, type PortalPageInput, renderPortalPage } from "../../portal/render-portal-page";
import { createAccountsRepository } from "../../repositories/accounts-repository";
import { issuePortalCertificate, portalCertificateRequestSchema } from "../../services/pki/issue-portal-certificate";
import { listSandboxCustomers } from "../../services/sandbox";
import { ownValue } from "../../../psd2/lookup/own-value";

/** A text field as @fastify/formbody reads it: a string, or a list when the field was given more than once. */
const formText = z.union([z.string(), z.array(z.string())]).optional();

/**
 * The form's fields as @fastify/formbody reads them (a checkbox list is a string, an array or
 * absent), read into the JSON request's shape: the roles as a list, an absent field empty. A text
 * field given more than once stays a list (readForm answers it beside that field, keeping the
 * other fields' values). Other fields (the button's) are not the request's.
 */
const portalFormSchema = z
  .looseObject({ organisationName: formText, organisationId: formText, roles: formText })
  .catch({})
  .transform((fields) => ({
    organisationName: fields.organisationName ?? "",
    organisationId: fields.organisationId ?? "",
    roles: fields.roles === undefined ? [] : Array.isArray(fields.roles) ? fields.roles : [fields.roles],
  }));

/** What the page shows again in a text field: its one value, or the first of several. */
const shownText = (value: string | string[]) => (Array.isArray(value) ? (value[0] ?? "") : value);

/** The JSON request and the form read into its shape are checked alike, every wrong field reported at once. */
const portalCertificateBody = checkedAsInterfaceBody(portalCertificateRequestSchema);

function isJson(request: FastifyRequest): boolean {
  return /^application\/(.+\+)?json\b/i.test(request.headers["content-type"] ?? "");
}

function isForm(request: FastifyRequest): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(request.headers["content-type"] ?? "");
}

const unsupportedMediaType = () =>
  new BankError("BAD_REQUEST", "The request body must be JSON (Content-Type: application/json) or a form", {
    status: 415,
    path: "Content-Type",
  });

/** The form's labels, in place of the JSON field names that lead each error text. */
const FIELD_LABELS: Record<string, string> = {
  organisationName: "Organisation name",
  organisationId: "Organisation id",
  roles: "PSD2 roles",
};

/** An error of the JSON interface as the form shows it: beside its field, in the field's words. */
function toFormError(message: { path?: string; text: string }): { field: string; text: string } {
  const field = (message.path ?? "").replace(/\[\d+\]$/, "");
  const label = ownValue(FIELD_LABELS, field);
  const text =
    label && message.text.startsWith(message.path ?? "") ? `${label}${message.text.slice((message.path ?? "").length)}` : message.text;
  return { field, text };
}

/** A client address asked for more certificates in a minute than BANK_PORTAL_CERTIFICATES_PER_MINUTE lets it (429). */
class PortalRateLimitError extends BankError {
  constructor(
    readonly perMinute: number,
    readonly retryAfterSeconds: number,
  ) {
    super(
      "ACCESS_EXCEEDED",
      `The portal issues at most ${perMinute} certificate${perMinute === 1 ? "" : "s"} a minute to one client address; try again in ${retryAfterSeconds} s (Retry-After)`,
    );
  }
}

/** A client error the framework found (unreadable JSON, another content type) as a BankError. */
function toBankError(error: FastifyError): BankError | undefined {
  if (error instanceof BankError) return error;
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return unsupportedMediaType();
  if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
    const unreadableJson =
      ["FST_ERR_CTP_INVALID_JSON_BODY", "FST_ERR_CTP_EMPTY_JSON_BODY"].includes(error.code) || error instanceof SyntaxError;
    return new BankError(
      unreadableJson ? "FORMAT_ERROR" : "BAD_REQUEST",
      `The request body cannot be read: ${error.message}`.slice(0, 512),
    );
  }
  return undefined;
}

/**
 * The developer portal: GET /portal (how to get and use a sandbox certificate, with a form),
 * POST /portal/certificates (JSON `{organisationName, organisationId, roles}` → 201
 * `{tppId, certificate, privateKey, caCertificate, ...}`; the form → a page with the files) and
 * GET /portal/ca.pem (the bank's CA). Each certificate comes with a new RSA key: one client
 * address gets BANK_PORTAL_CERTIFICATES_PER_MINUTE a minute (20 unless set; 0: no limit), then
 * 429 with Retry-After (a page for the form, tppMessages for JSON) until the minute is over.
 *
 * @see docs/interface/certificates.md#certificates-and-tpp-registration
 */
export async function portalRoutes(web: FastifyInstance): Promise<void> {
  const { db, clock, config, pki } = web.bank;
  /** The form's values by request: the page that shows what is wrong keeps them. */
  const formValues = new WeakMap<FastifyRequest, NonNullable<PortalPageInput["values"]>>();

  async function portalPage(extra: Pick<PortalPageInput, "values" | "errors"> = {}): Promise<string> {
    const { customers } = await listSandboxCustomers({ db });
    const accounts = new Map(
      (await createAccountsRepository(db).findByIds(customers.flatMap((customer) => customer.accounts))).map((account) => [
        account.id,
        { name: account.name, bban: account.bban, iban: account.iban, currency: account.currency },
      ]),
    );
    const listed: PortalCustomer[] = customers.map((customer) => ({
      customerName: customer.customerName,
      customerNumber: customer.customerNumber,
      customerType: customer.customerType,
      accounts: customer.accounts.flatMap((id) => accounts.get(id) ?? []),
      cardAccounts: customer.cardAccounts.length,
      agreements: customer.agreements.map((agreement) => agreement.name),
    }));
    return renderPortalPage({
      bankName: config.bankName,
      publicUrl: config.publicUrl,
      publicWebUrl: config.publicWebUrl,
      clientCertificateRequired: config.clientCertificate === "required",
      domesticDetailsKnownIssue: config.switches.domesticDetailsKnownIssue,
      customers: listed,
      ...extra,
    });
  }

  const page = (reply: FastifyReply, status: number, markup: string) =>
    reply.status(status).headers(DEVELOPER_PAGE_HEADERS).type("text/html; charset=utf-8").send(markup);

  const perMinute = config.portalCertificatesPerMinute;
  // Not global: only the routes that name it (POST /portal/certificates). Counted once the request
  // has passed its checks, just before a key is made, so that a form sent back with a typing error
  // costs nothing; per client address (the socket's: the bank trusts no proxy header).
  if (perMinute > 0)
    await web.register(fastifyRateLimit, {
      global: false,
      hook: "preHandler",
      errorResponseBuilder: (_request, context) => new PortalRateLimitError(context.max, Math.max(1, Math.ceil(context.ttl / 1000))),
    });

  web.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof PortalRateLimitError && !isJson(request)) {
      const { perMinute, retryAfterSeconds } = error;
      return page(reply, 429, renderRateLimitedPage({ bankName: config.bankName, perMinute, retryAfterSeconds }));
    }
    const bankError = toBankError(error);
    if (!bankError) {
      request.log.error({ err: error }, "portal request failed");
      if (isJson(request))
        return reply.status(500).send(new BankError("SYSTEM_ERROR", "The certificate could not be issued; try again in a moment").toBody());
      return page(
        reply,
        500,
        await portalPage({ errors: [{ field: "", text: "The certificate could not be issued; try again in a moment." }] }),
      );
    }
    if (isForm(request) && bankError.status === 400) {
      const values = formValues.get(request);
      return page(reply, 400, await portalPage({ ...(values ? { values } : {}), errors: bankError.tppMessages.map(toFormError) }));
    }
    return reply.status(bankError.status).send(bankError.toBody());
  });

  web.get("/portal", async (_request, reply) => page(reply, 200, await portalPage()));

  web.get("/portal/ca.pem", async (_request, reply) =>
    reply
      .type("application/x-pem-file")
      .header("Content-Disposition", 'attachment; filename="sandbox-ca.pem"')
      .header("Cache-Control", "no-cache")
      .send(pki.ca.certificatePem),
  );

  /** JSON is checked as sent; the form is first read into the same shape (before its check). Any other body is 415. */
  const readForm = async (request: FastifyRequest): Promise<void> => {
    if (isJson(request)) return;
    if (!isForm(request)) throw unsupportedMediaType();
    const values = portalFormSchema.parse(request.body);
    formValues.set(request, {
      organisationName: shownText(values.organisationName),
      organisationId: shownText(values.organisationId),
      roles: values.roles,
    });
    const repeated = (["organisationName", "organisationId"] as const).filter((field) => Array.isArray(values[field]));
    if (repeated.length > 0) {
      throw BankError.fromMessages(
        repeated.map((field) => ({
          category: "ERROR",
          code: "FORMAT_ERROR",
          path: field,
          text: `${field} is given more than once; give it once`,
        })),
      );
    }
    request.body = values;
  };

  web.withTypeProvider<ZodTypeProvider>().post(
    "/portal/certificates",
    {
      schema: { body: portalCertificateBody },
      preValidation: readForm,
      ...(perMinute > 0 ? { config: { rateLimit: { max: perMinute, timeWindow: 60_000 } } } : {}),
    },
    async (request, reply) => {
      const issued = await issuePortalCertificate({ db, ca: pki.ca, sandboxNow: clock.now(), realNow: clock.realTime() }, request.body);
      if (!isForm(request)) return reply.status(201).send(issued);
      return page(reply, 201, renderCertificatePage({ bankName: config.bankName, publicUrl: config.publicUrl, issued }));
    },
  );
}
