import type { FastifyInstance, FastifyRequest } from "fastify";
import { cutForMessage } from "../../psd2/validation/quote-for-message";
import { validateProcessableText } from "../../psd2/validation/find-unprocessable-characters";
import { BankError, type BankTppMessage } from "../errors";
import { checkSentHeaders } from "../services/sca-sessions/read-psu-headers";

/**
 * Ids the bank hands out are opaque and URL-safe (docs/interface/conventions.md#wire-conventions); an id in a path that is not
 * 1 to 100 of RFC 3986's unreserved characters cannot name anything.
 */
const POSSIBLE_ID = /^[A-Za-z0-9._~-]{1,100}$/;

/** The query parameters that are booleans wherever they are sent. @see docs/interface/endpoints.md#success-statuses, BG 1.3 */
const BOOLEAN_QUERY_PARAMETERS = ["withBalance", "allowLogicalDuplicate"];

function checkQuery(request: FastifyRequest): void {
  const query = request.query;
  if (typeof query !== "object" || query === null) return;
  const messages: BankTppMessage[] = [];
  const fail = (path: string, text: string) => messages.push({ category: "ERROR", code: "FORMAT_ERROR", path, text });
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    const shownName = cutForMessage(name);
    const nameProblem = validateProcessableText(name);
    if (nameProblem) {
      fail(shownName, `The name of a query parameter ${nameProblem.reason}`);
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    const problem = values
      .map((item) => (typeof item === "string" ? validateProcessableText(item) : undefined))
      .find((found) => found !== undefined);
    if (problem) {
      fail(shownName, `The query parameter ${shownName} ${problem.reason}`);
      continue;
    }
    if (BOOLEAN_QUERY_PARAMETERS.includes(name)) {
      if (values.length !== 1) fail(name, `The query parameter ${name} must be given once, as true or false`);
      else if (values[0] !== "true" && values[0] !== "false") fail(name, `The query parameter ${name} must be true or false`);
    }
  }
  if (messages.length > 0) throw BankError.fromMessages(messages);
}

function checkPathParameters(request: FastifyRequest): void {
  const params = request.params;
  // No route matched (the not-found handler's wildcard): the handler answers 404 or 405.
  if (request.is404 || typeof params !== "object" || params === null) return;
  for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
    if (typeof value === "string" && POSSIBLE_ID.test(value)) continue;
    if (name === "paymentProduct") {
      throw new BankError("PRODUCT_UNKNOWN", "The payment product in the path is not one of this bank's products", { path: name });
    }
    throw new BankError("RESOURCE_UNKNOWN", `The ${name} in the path names nothing: ids are 1 to 100 URL-safe characters`, { path: name });
  }
}

/**
 * What every /v1 request must hold whatever its operation, checked after the security gate and
 * before the operation runs, so that nothing malformed reaches a service or the database:
 * every header of the spec's table that is sent follows its rule (400 FORMAT_ERROR); no query
 * name or value holds a character that cannot be processed downstream, and the boolean query
 * parameters are true or false (400 FORMAT_ERROR); every id in the path can exist (404
 * RESOURCE_UNKNOWN, or PRODUCT_UNKNOWN for the payment product).
 *
 * @see docs/interface/header-parameters.md#headers-by-operation; docs/interface/conventions.md#wire-conventions, docs/interface/errors.md#statuses-by-code
 */
export function registerRequestChecks(app: FastifyInstance): void {
  app.addHook("preHandler", async (request) => {
    checkSentHeaders(request.headers);
    checkQuery(request);
    checkPathParameters(request);
  });
}
