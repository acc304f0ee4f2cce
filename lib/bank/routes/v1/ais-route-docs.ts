/**
 * Pieces of `config.docs` shared by the account information, consent and user operations: their
 * headers and error replies, described once.
 */
import { z } from "zod";
import { errorResponseSchema } from "../../../psd2/schemas/tpp-message";
import { scaRedirectResponseSchema } from "../../../psd2/schemas/sca-redirect-response";
import { addDays } from "../../../psd2/time";
import { validateIsoDate } from "../../../psd2/validation/validate-iso-date";
import type { ParseResult, ValidationTppMessage } from "../../../psd2/schemas";
import type { HeaderDoc } from "../../openapi/v1-route";
import { contextualQuery, type ContextualQuery } from "../../plugins/contextual-body";
import { requiredParameter } from "../../plugins/route-validation";
import { type CursorPosition, openCursor } from "../../services/account-information/transaction-cursor";
import {
  BOOKING_STATUSES,
  type BookingStatus,
  DEFAULT_HISTORY_DAYS,
  DEFAULT_PAGE_SIZE,
  type ListingRequest,
  MAX_PAGE_SIZE,
} from "../../services/account-information/transactions-listing";
import type { ServiceContext } from "../../services/service-context";

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

/**
 * The query of a transaction listing as the route checks it first: bookingStatus required, each
 * named parameter given once; a parameter it does not name is repeated in the paging links. The
 * rest of its rules (listingQueryOf) are judged once these pass.
 */
export const transactionsQuerySchema = z.looseObject({
  bookingStatus: requiredParameter(
    z.enum(BOOKING_STATUSES).describe("Required. all = both + rejected transactions"),
    "The query parameter bookingStatus is required: booked, pending, both or all",
  ),
  dateFrom: z.string().optional().describe("First booking date wanted (YYYY-MM-DD); default 90 days ago"),
  dateTo: z.string().optional().describe("Last booking date wanted (YYYY-MM-DD); default today"),
  limit: z.string().optional().describe("Transactions per page, 1-1000; 200 when no paging parameter is given"),
  offset: z.string().optional().describe("Transactions to skip (correct at any depth, slower deep down; prefer the paging links)"),
  cursor: z.string().optional().describe("The opaque position of a paging link (next, previous, last); not with offset"),
});

/** What a listing's query is judged with: the sandbox clock's today (the default dates) and what its cursors are bound to. */
export type ListingContext = { today: string; cursorKey: Buffer; binding: (bookingStatus: BookingStatus) => string };

/** The parameters a paging link sets itself; the others are repeated as given. */
const PAGING_PARAMETERS = new Set(["limit", "offset", "cursor", "dateFrom", "dateTo"]);

/**
 * The rest of a transaction listing's query in `context`, once transactionsQuerySchema passed:
 * dateFrom and dateTo ISO dates that exist (defaults: 90 days ago and today), dateFrom not after
 * dateTo, limit 1-1000 (200 when no paging parameter is given), offset a whole number, and a
 * cursor (not with offset) sealed for this listing's key and binding. Every problem is a
 * tppMessage naming its parameter, all in one 400; the value is the typed ListingRequest.
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions, docs/interface/errors.md#statuses-by-code
 */
export function judgeListingQuery(query: z.output<typeof transactionsQuerySchema>, context: ListingContext): ParseResult<ListingRequest> {
  const tppMessages: ValidationTppMessage[] = [];
  const fail = (path: string, text: string) => tppMessages.push({ category: "ERROR", code: "FORMAT_ERROR", path, text });
  const date = (name: "dateFrom" | "dateTo"): string | undefined => {
    const text = query[name];
    if (text === undefined || !validateIsoDate(text)) return text;
    fail(name, `The query parameter ${name} must be an ISO 8601 date (YYYY-MM-DD) that exists, not '${text.slice(0, 40)}'`);
    return undefined;
  };
  const dateFrom = date("dateFrom") ?? addDays(context.today, -DEFAULT_HISTORY_DAYS);
  const dateTo = date("dateTo") ?? context.today;
  if (dateFrom > dateTo) fail("dateFrom", `The query parameter dateFrom (${dateFrom}) is after dateTo (${dateTo})`);
  if (query.limit !== undefined && !isPageSize(query.limit)) {
    fail("limit", `The query parameter limit must be a whole number from 1 to ${MAX_PAGE_SIZE}, not '${query.limit.slice(0, 40)}'`);
  }
  if (query.offset !== undefined && !isOffset(query.offset)) {
    fail("offset", `The query parameter offset must be a whole number of at least 0, not '${query.offset.slice(0, 40)}'`);
  }
  let cursor: CursorPosition | undefined;
  if (query.cursor !== undefined && query.offset !== undefined) {
    fail("cursor", "The query parameters cursor and offset exclude each other: follow the paging links as given");
  } else if (query.cursor !== undefined) {
    cursor = openCursor(context.cursorKey, context.binding(query.bookingStatus), query.cursor);
    if (!cursor) {
      fail(
        "cursor",
        "The query parameter cursor is not a cursor of this listing (it was changed, or belongs to another account or bookingStatus): follow the paging links as given",
      );
    }
  }
  if (tppMessages.length > 0) return { ok: false, tppMessages };
  const repeated: [string, string][] = [];
  for (const [name, raw] of Object.entries(query)) {
    if (!PAGING_PARAMETERS.has(name) && typeof raw === "string") repeated.push([name, raw]);
  }
  const value: ListingRequest = {
    bookingStatus: query.bookingStatus,
    dateFrom,
    dateTo,
    limit: query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(query.limit),
    position: cursor ?? { offset: query.offset === undefined ? 0 : Number(query.offset) },
    repeated,
  };
  return { ok: true, value, tppMessages: [] };
}

function isPageSize(text: string): boolean {
  return /^[0-9]{1,4}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_PAGE_SIZE;
}

function isOffset(text: string): boolean {
  return /^[0-9]{1,9}$/.test(text);
}

/**
 * The query of a transaction listing, judged by its route: transactionsQuerySchema checks it,
 * then judgeListingQuery with the sandbox clock's today and the binding of the request's cursors
 * (`bindingOf`: the path's account and the bookingStatus). Its handler reads the ListingRequest.
 */
export function listingQueryOf(
  ctx: ServiceContext,
  bindingOf: (params: unknown, bookingStatus: BookingStatus) => string,
): ContextualQuery<typeof transactionsQuerySchema, ListingRequest> {
  return contextualQuery<typeof transactionsQuerySchema, ListingRequest>(transactionsQuerySchema, (query, request) =>
    judgeListingQuery(query, {
      today: ctx.clock.today(),
      cursorKey: ctx.cursorKey,
      binding: (bookingStatus) => bindingOf(request.params, bookingStatus),
    }),
  );
}

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
