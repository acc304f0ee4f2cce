import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { cutForMessage } from "../../psd2/validation/quote-for-message";
import { BankError } from "../errors";
import type { RegisteredOperation } from "../openapi/collect-operations";
import { allowedMethods } from "./allowed-methods";

/** Fastify's own error codes that a client's request causes, and what the bank answers. */
function fromFastifyError(error: FastifyError): BankError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new BankError(
        "BAD_REQUEST",
        "The request body must be JSON (Content-Type: application/json); XML and other formats are not supported",
        { status: 415, path: "Content-Type" },
      );
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new BankError("BAD_REQUEST", "The Content-Length header does not match the body", { path: "Content-Length" });
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new BankError("BAD_REQUEST", "The request body is too large", { status: 413 });
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new BankError("FORMAT_ERROR", "The request body is empty but its Content-Type says JSON");
    default:
      if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
        // Fastify's message may echo the request: it is cut, and the framework's code is not passed on.
        return new BankError("BAD_REQUEST", `The request is malformed: ${cutForMessage(error.message, 200)}`, { status: error.statusCode });
      }
      return undefined;
  }
}

function pathOf(request: FastifyRequest): string {
  return request.url.split("?")[0] ?? request.url;
}

export type V1ErrorsOptions = {
  /** The /v1 routes as registered (read at request time): a 405's Allow header lists their methods. */
  operations: readonly RegisteredOperation[];
};

/**
 * The one place /v1 errors become replies: `{tppMessages, _links?, psuMessage?}` with the
 * code's status (docs/interface/errors.md#statuses-by-code). An unknown error is logged with its cause and answered 500
 * SYSTEM_ERROR, with no internals in the text. A path no route serves is 404 NOT_FOUND; a path
 * served for other methods is 405 with Allow; every 405 carries Allow (RFC 9110).
 *
 * @see docs/interface/errors.md#statuses-by-code; RFC 9110 §15.5.6
 */
export function registerV1Errors(app: FastifyInstance, options: V1ErrorsOptions): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const bankError =
      error instanceof BankError ? error : "code" in error && typeof error.code === "string" ? fromFastifyError(error) : undefined;
    if (bankError) {
      request.log.info({ code: bankError.code, status: bankError.status }, bankError.message);
      if (bankError.status === 405) {
        const allowed = allowedMethods(options.operations, pathOf(request)).filter((method) => method !== request.method);
        reply.header("Allow", allowed.join(", "));
      }
      return reply.status(bankError.status).send(bankError.toBody());
    }
    request.log.error({ err: error }, "unexpected error");
    const requestId = request.headers["x-request-id"];
    const quoted = typeof requestId === "string" ? ` ${cutForMessage(requestId, 64)}` : "";
    return reply
      .status(500)
      .send(new BankError("SYSTEM_ERROR", `An internal error occurred; quote X-Request-ID${quoted} when reporting it`).toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request);
    const allowed = allowedMethods(options.operations, path);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header("Allow", allowed.join(", "))
        .send(
          new BankError(
            "BAD_REQUEST",
            `The method ${cutForMessage(request.method, 10)} is not allowed on ${cutForMessage(path, 120)}; allowed: ${allowed.join(", ")}`,
            {
              status: 405,
            },
          ).toBody(),
        );
    }
    return reply
      .status(404)
      .send(new BankError("NOT_FOUND", `There is no operation ${cutForMessage(request.method, 10)} ${cutForMessage(path, 120)}`).toBody());
  });
}
