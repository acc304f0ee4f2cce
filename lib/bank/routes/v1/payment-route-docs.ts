/**
 * Pieces of `config.docs` shared by the payment and signing basket operations: their headers,
 * parameters, bodies and error replies, described once.
 */
import { z } from "zod";
import { PAYMENT_PRODUCTS, PAYMENT_REQUEST_SCHEMAS, type PaymentService } from "../../../psd2/schemas";
import { errorResponseSchema } from "../../../psd2/schemas/tpp-message";
import { validateAmount, validateCurrencyCode } from "../../../psd2/validation";
import { isRecord } from "../../../psd2/validation/is-record";
import type { BankTppMessage } from "../../errors";
import type { HeaderDoc } from "../../openapi/v1-route";
import { type ContextualBody, contextualBody } from "../../plugins/contextual-body";
import { knownParametersOnly, pathParameter, requiredParameter } from "../../plugins/route-validation";
import { INSTANT_FEE } from "../../services/payments/compute-instant-fee";
import { unknownProduct } from "../../services/payments/find-tpp-payment";
import { type JudgedPaymentBody, parsePaymentBody } from "../../services/payments/parse-payment-body";
import type { ServiceClock } from "../../services/service-context";
import { HEADER_DOCS } from "./ais-route-docs";

const ACCEPT_FIX: HeaderDoc = {
  name: "x-accept-fix",
  required: true,
  description:
    "Opt-in to published breaking changes, comma-separated: amount-as-string, cardaccount-switch-originalamount-and-transactionamount, longer-names, cash-account-type-iso. All are the default today (accepted and ignored); an unknown value is 400 FORMAT_ERROR.",
};

/** Headers of a payment initiation (column P of the spec's header table). */
export const PAYMENT_CREATION_HEADERS: HeaderDoc[] = [
  ACCEPT_FIX,
  HEADER_DOCS.tppSessionIdRequired,
  HEADER_DOCS.tppRedirectUriRequired,
  {
    name: "PSU-IP-Address",
    required: true,
    description: "The PSU's IP address towards the TPP: a payment is initiated with the PSU present.",
  },
  {
    name: "PSU-ID",
    required: false,
    description:
      "The psu-id of an earlier SCA: only that PSU may approve, from an account of the PSU's context. Without it: X-PSU-IDENTITY, or PSU-Context for the single-SCA journey.",
  },
  HEADER_DOCS.psuIdentity,
  {
    name: "PSU-Corporate-ID",
    required: false,
    description: "The psu-corporate-id of the agreement: required when the debtor account is an agreement's.",
  },
  {
    name: "PSU-Context",
    required: false,
    description:
      "PRIVATE or CORPORATE. Required for the single-SCA PISP-only journey (no PSU-ID yet): the approval's SCA then identifies the PSU too, and the success redirect carries the new psu-id.",
  },
  HEADER_DOCS.tppRedirectPreferred,
  { name: "TPP-Brand-Logging-Information", required: false, description: "The TPP brand shown to the PSU; logged." },
];

/** Headers of an operation that starts an authorisation (SCA by redirect). */
export const AUTHORISATION_HEADERS: HeaderDoc[] = [
  HEADER_DOCS.tppSessionIdRequired,
  HEADER_DOCS.tppRedirectUriRequired,
  HEADER_DOCS.tppRedirectPreferred,
  { name: "PSU-ID", required: false, description: "When given, it must name the payment's (or basket's) PSU." },
  HEADER_DOCS.psuIdentity,
];

/** Headers of POST /v1/signing-baskets (column B of the spec's header table). */
export const BASKET_CREATION_HEADERS: HeaderDoc[] = [
  { ...ACCEPT_FIX, description: `${ACCEPT_FIX.description} The spec asks for amount-as-string here.` },
  HEADER_DOCS.tppSessionIdRequired,
  HEADER_DOCS.tppRedirectUriRequired,
  { name: "PSU-ID", required: true, description: "The PSU whose payments the basket holds." },
  { name: "PSU-Corporate-ID", required: false, description: "The agreement the payments were made under (all of them)." },
  { name: "PSU-IP-Address", required: true, description: "The PSU's IP address towards the TPP." },
];

export const productParams = z.object({
  paymentProduct: pathParameter(
    z
      .enum(PAYMENT_PRODUCTS)
      .describe(
        "norwegian-domestic-credit-transfers, sepa-credit-transfers or instant-norwegian-credit-transfers-straks; another is 404 PRODUCT_UNKNOWN",
      ),
    unknownProduct,
  ),
});
export const paymentParams = productParams.extend({ paymentId: z.string().describe("The paymentId of the creation reply") });
export const paymentAuthorisationParams = paymentParams.extend({
  authorisationId: z.string().describe("The authorisationId of the authorisation's creation"),
});
export const basketParams = z.object({ basketId: z.string().describe("The basketId of the creation reply") });
export const basketAuthorisationParams = basketParams.extend({
  authorisationId: z.string().describe("The authorisationId of the authorisation's creation"),
});

export const paymentCreationQuery = knownParametersOnly(
  z.strictObject({
    allowLogicalDuplicate: z
      .enum(["true", "false"])
      .optional()
      .describe(
        "true: make the payment even if it is a logical duplicate (same debtor, creditor, amount and execution date as a non-final payment of this TPP in the last 10 minutes), which is otherwise 409 CONFLICT",
      ),
  }),
  "only allowLogicalDuplicate is",
);

/** A parameter it does not name reaches the service, which refuses it (FORMAT_ERROR, "not known to this operation"). */
export const feeInformationQuery = knownParametersOnly(
  z
    .strictObject({
      amount: requiredParameter(
        z.string().describe("Required: the amount, with NOK's two fraction digits, e.g. 1250.00"),
        "The query parameter amount is required, e.g. ?amount=1250.00&currency=NOK",
      ),
      currency: requiredParameter(
        z.string().describe("Required: NOK (instant payments are in NOK only)"),
        "The query parameter currency is required, e.g. ?amount=1250.00&currency=NOK",
      ),
    })
    // The first problem only, once each parameter is given once and none is unknown.
    .superRefine(
      (query, issues) => {
        const fail = (name: "amount" | "currency", code: BankTppMessage["code"], text: string) =>
          issues.addIssue({ code: "custom", path: [name], message: text, input: query[name], params: { tppMessage: { code, text } } });
        for (const name of ["amount", "currency"] as const) {
          if (query[name] === "")
            return fail(name, "QUERY_PARAMETER_REQUIRED", `The query parameter ${name} is required, e.g. ?amount=1250.00&currency=NOK`);
        }
        const badCurrency = validateCurrencyCode(query.currency);
        if (badCurrency) return fail("currency", badCurrency.code, `currency ${badCurrency.reason}`);
        if (query.currency !== INSTANT_FEE.currency) {
          return fail("currency", "FORMAT_ERROR", `currency is ${query.currency}; instant payments (straks) are in NOK only`);
        }
        const badAmount = validateAmount(query.amount, query.currency);
        if (badAmount) fail("amount", badAmount.code, `amount ${badAmount.reason}`);
      },
      { when: (payload) => payload.issues.length === 0 },
    ),
  "it takes amount and currency",
);

/**
 * The body of POST /v1/{service}/{product}, judged by the route: the schema of the path's product
 * with the execution date against the sandbox clock's today (parsePaymentBody), all violations in
 * one 400, the WARNINGs for the reply. /openapi.json describes it as the union of the service's
 * product bodies (the instant product's are the domestic ones).
 *
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/errors.md#statuses-by-code, docs/interface/payments.md#payments-in-the-sandbox
 */
export function paymentBodyOf(service: PaymentService, clock: ServiceClock): ContextualBody<JudgedPaymentBody> {
  const schemas = PAYMENT_REQUEST_SCHEMAS[service];
  return contextualBody(z.union([schemas["norwegian-domestic-credit-transfers"], schemas["sepa-credit-transfers"]]), (body, request) =>
    // The path's product has passed productParams (an unknown one is 404 before the body is judged).
    parsePaymentBody(service, productParams.parse(request.params).paymentProduct, body, clock.today()),
  );
}

/** The text of a body sent to an operation that takes none. */
const NO_INPUT = "The request body must be empty (or {}): this operation takes no input";

/**
 * The body of an operation that takes none (POST .../authorisations): absent, or `{}`; anything
 * else is 400 FORMAT_ERROR, in the operation's own words.
 *
 * @see docs/interface/endpoints.md#success-statuses ("empty body")
 */
export const emptyBody: ContextualBody<undefined> = contextualBody(z.strictObject({}).optional(), (body) =>
  body === undefined || (isRecord(body) && Object.keys(body).length === 0)
    ? { ok: true, value: undefined, tppMessages: [] }
    : { ok: false, tppMessages: [{ category: "ERROR", code: "FORMAT_ERROR", text: NO_INPUT }] },
);

export const PAYMENT_ERRORS = {
  400: {
    description:
      "A body field, parameter or header breaks a rule (FORMAT_ERROR with path, HTTP_HEADER_REQUIRED, KID_INVALID, KID_MISSING, EXECUTION_DATE_INVALID, REFERENCE_MIX_INVALID, RESOURCE_UNKNOWN for a basket's payment ids), or the signature fails",
    schema: errorResponseSchema,
  },
  401: {
    description: "PSU_CREDENTIALS_INVALID: PSU-ID, X-PSU-IDENTITY or PSU-Corporate-ID names nobody for this TPP",
    schema: errorResponseSchema,
  },
  403: {
    description: "FORBIDDEN: the certificate lacks PSP_PI; PRODUCT_INVALID: a product the PSU may not use",
    schema: errorResponseSchema,
  },
  404: {
    description: "RESOURCE_UNKNOWN: the id is unknown or another TPP's; PRODUCT_UNKNOWN: an unknown product",
    schema: errorResponseSchema,
  },
  405: {
    description: "The method is not allowed in the resource's state (DELETE of a payment in PDNG or a final state): the text explains",
    schema: errorResponseSchema,
  },
  409: {
    description: "CONFLICT: a logical duplicate, a payment already authorised or in a basket, a basket one of whose payments is authorised",
    schema: errorResponseSchema,
  },
} as const;
