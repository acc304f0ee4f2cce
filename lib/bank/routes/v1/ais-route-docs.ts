/**
 * Pieces of `config.docs` shared by the account information, consent and user operations: their
 * headers and error replies, described once.
 */
import { z } from "zod";
import { errorResponseSchema } from "../../../psd2/schemas/tpp-message";
import { scaRedirectResponseSchema } from "../../../psd2/schemas/sca-redirect-response";
import type { HeaderDoc } from "../../openapi/v1-route";
import { requiredParameter } from "../../plugins/route-validation";

export const HEADER_DOCS = {
  psuIdRequired: { name: "PSU-ID", required: true, description: "The psu-id (UUID) of the success redirect of an SCA with this TPP." },
  psuIdOptional: {
    name: "PSU-ID",
    required: false,
    description: "The psu-id (UUID) of an earlier SCA; without it, SCA identifies the PSU. When given, only that PSU may log in.",
  },
  psuIdentity: {
    name: "X-PSU-IDENTITY",
    required: false,
    description: "In place of PSU-ID: the PSU's national identity or D-number (11 digits). Only that PSU may log in.",
  },
  psuCorporateId: {
    name: "PSU-Corporate-ID",
    required: false,
    description:
      "The psu-corporate-id (UUID) of the corporate agreement; required when the PSU chose the CORPORATE context or the account is an agreement's.",
  },
  psuIpAddress: {
    name: "PSU-IP-Address",
    required: false,
    description:
      "Present when the PSU takes part in real time; then TPP-Session-ID must have a valid SCA. Absent: the PSU-absent limits apply (4 calls per 24 hours, 90 days of history, last SCA within 180 days).",
  },
  tppSessionIdRequired: {
    name: "TPP-Session-ID",
    required: true,
    description: "The TPP's session id: an SCA is valid for 1 hour per TPP-Session-ID.",
  },
  tppSessionIdOptional: { name: "TPP-Session-ID", required: false, description: "The TPP's session id; required with PSU-IP-Address." },
  tppRedirectUriRequired: {
    name: "TPP-Redirect-URI",
    required: true,
    description: "Where the PSU returns after SCA, with the redirect parameters.",
  },
  tppRedirectUriOptional: {
    name: "TPP-Redirect-URI",
    required: false,
    description: "Where the PSU returns after SCA, when a 401 offers one.",
  },
  tppRedirectPreferred: {
    name: "TPP-Redirect-Preferred",
    required: false,
    description: "false: approval in the bank's mobile app (simulated in the sandbox) instead of the login page; default true.",
  },
} satisfies Record<string, HeaderDoc>;

/** Headers of an operation that may start SCA. */
export const SCA_START_HEADERS: HeaderDoc[] = [
  HEADER_DOCS.tppSessionIdRequired,
  HEADER_DOCS.tppRedirectUriRequired,
  HEADER_DOCS.tppRedirectPreferred,
  HEADER_DOCS.psuIdOptional,
  HEADER_DOCS.psuIdentity,
  HEADER_DOCS.psuCorporateId,
];

/** Headers of a read of one account or card account. */
export const RESOURCE_READ_HEADERS: HeaderDoc[] = [
  HEADER_DOCS.psuIdRequired,
  HEADER_DOCS.psuCorporateId,
  HEADER_DOCS.psuIpAddress,
  HEADER_DOCS.tppSessionIdOptional,
  HEADER_DOCS.tppRedirectUriOptional,
  HEADER_DOCS.tppRedirectPreferred,
];

export const accountIdParams = z.object({ accountId: z.string().describe("The account's resourceId") });
export const cardAccountIdParams = z.object({ cardAccountId: z.string().describe("The card account's resourceId") });

/** The query of a transaction listing; a parameter it does not name is repeated in the paging links. */
export const transactionsQuerySchema = z.looseObject({
  bookingStatus: requiredParameter(
    z.enum(["booked", "pending", "both", "all"]).describe("Required. all = both + rejected transactions"),
    "The query parameter bookingStatus is required: booked, pending, both or all",
  ),
  dateFrom: z.string().optional().describe("First booking date wanted (YYYY-MM-DD); default 90 days ago"),
  dateTo: z.string().optional().describe("Last booking date wanted (YYYY-MM-DD); default today"),
  limit: z.string().optional().describe("Transactions per page, 1-1000; 200 when no paging parameter is given"),
  offset: z.string().optional().describe("Transactions to skip (correct at any depth, slower deep down; prefer the paging links)"),
  cursor: z.string().optional().describe("The opaque position of a paging link (next, previous, last); not with offset"),
});

export const ERROR_DOCS = {
  400: {
    description:
      "A header or parameter breaks a rule (FORMAT_ERROR, HTTP_HEADER_REQUIRED, QUERY_PARAMETER_REQUIRED), or the signature fails",
    schema: errorResponseSchema,
  },
  401: {
    description:
      "SCA is needed (SCA_NOT_FOUND, SCA_EXPIRED, SCA_INVALID, PSU_CREDENTIALS_INVALID, CONSENT_INVALID); _links.scaRedirect when TPP-Session-ID and TPP-Redirect-URI were sent",
    schema: errorResponseSchema,
  },
  403: { description: "The certificate lacks the PSD2 role (FORBIDDEN)", schema: errorResponseSchema },
  404: { description: "RESOURCE_UNKNOWN: the id is unknown, not this PSU's, or not consented to this TPP", schema: errorResponseSchema },
  429: { description: "ACCESS_EXCEEDED: the 4 calls per 24 hours without the PSU are used", schema: errorResponseSchema },
} as const;

export { scaRedirectResponseSchema };
