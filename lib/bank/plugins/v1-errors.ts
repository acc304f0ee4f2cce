import type { FastifyError, FastifyInstance } from "fastify";
import { BankError } from "../errors";

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
        return new BankError("BAD_REQUEST", error.message, { status: error.statusCode });
      }
      return undefined;
  }
}

/**
 * The one place /v1 errors become replies: `{tppMessages, _links?, psuMessage?}` with the
 * code's status (supplement §4). An unknown error is logged with its cause and answered 500
 * SYSTEM_ERROR, with no internals in the text.
 *
 * @see supplement.md §4
 */
export function registerV1Errors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const bankError =
      error instanceof BankError ? error : "code" in error && typeof error.code === "string" ? fromFastifyError(error) : undefined;
    if (bankError) {
      request.log.info({ code: bankError.code, status: bankError.status }, bankError.message);
      return reply.status(bankError.status).send(bankError.toBody());
    }
    request.log.error({ err: error }, "unexpected error");
    return reply
      .status(500)
      .send(
        new BankError("SYSTEM_ERROR", `An internal error occurred; quote X-Request-ID ${String(request.headers["x-request-id"] ?? "")} when reporting it`).toBody(),
      );
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? request.url;
    return reply
      .status(404)
      .send(new BankError("NOT_FOUND", `There is no operation ${request.method} ${path}`).toBody());
  });
}
