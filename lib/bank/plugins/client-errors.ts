import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { RequestSigner } from "../../psd2/signing";
import { cutForMessage } from "../../psd2/validation/quote-for-message";
import { BankError } from "../errors";
import { signedReplyHeaders } from "./response-signing";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What Node's HTTP parser found wrong, by its error code, in words for the TPP developer. */
const PARSER_PROBLEMS: Readonly<Record<string, string>> = {
  HPE_INVALID_HEADER_TOKEN:
    "a header name or value holds a character HTTP does not allow (a control character, or a character outside the header's grammar)",
  HPE_INVALID_METHOD: "the method is not an HTTP method",
  HPE_INVALID_URL: "the request target is not a valid URL path",
  HPE_INVALID_VERSION: "the HTTP version is not HTTP/1.0 or HTTP/1.1",
  HPE_INVALID_CONTENT_LENGTH: "the Content-Length header is not a number",
  HPE_UNEXPECTED_CONTENT_LENGTH: "Content-Length and Transfer-Encoding cannot be sent together",
  HPE_INVALID_TRANSFER_ENCODING: "the Transfer-Encoding header is not chunked as the last coding",
  HPE_INVALID_CHUNK_SIZE: "a chunk size of the chunked body is not a hexadecimal number",
  HPE_INVALID_CONSTANT: "the request line or a header is malformed",
  HPE_LF_EXPECTED: "a line of the request does not end with CRLF",
  HPE_CR_EXPECTED: "a line of the request does not end with CRLF",
  HPE_INVALID_EOF_STATE: "the connection ended in the middle of the request",
};

/** The status and text of a request Node's HTTP parser refused, by the parser's error code. */
function describeClientError(code: string | undefined): { status: number; text: string } {
  if (code === "HPE_HEADER_OVERFLOW") {
    return { status: 431, text: "The request's headers (the request line included) are larger than the bank accepts (16 KB)" };
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { status: 408, text: "The request was not received in time" };
  }
  const problem = (code !== undefined ? PARSER_PROBLEMS[code] : undefined) ?? "it is not a well-formed HTTP/1.1 request";
  return { status: 400, text: `The request cannot be read: ${problem}` };
}

/**
 * Answers a request Node's HTTP parser refused (Fastify's `clientErrorHandler`) with the
 * interface's body `{tppMessages}` (code BAD_REQUEST; 431 for headers over the limit, 408 for a
 * request not received in time, 400 otherwise), then closes the connection. Nothing of the
 * request could be read, so the reply is not signed and echoes no X-Request-ID.
 *
 * @see docs/interface/errors.md#statuses-by-code; RFC 9110 §15.5
 */
export function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, text } = describeClientError(error.code);
  const body = JSON.stringify(new BankError("BAD_REQUEST", text, { status }).toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Bad Request"}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Connection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy();
}

/** What the router refused, as the interface's error. */
function fromRouterError(error: FastifyError, path: string): BankError {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return new BankError("RESOURCE_UNKNOWN", "An id in the path is longer than any id of this bank: it names nothing");
  }
  if (error.code === "FST_ERR_BAD_URL") {
    return new BankError(
      "BAD_REQUEST",
      `The path ${JSON.stringify(cutForMessage(path, 120))} is not valid percent-encoding (RFC 3986 §2.1): each % must be followed by two hexadecimal digits of UTF-8`,
    );
  }
  return new BankError("BAD_REQUEST", "The request cannot be routed");
}

/**
 * Answers what Fastify's router refuses before any route runs (`frameworkErrors`: a path that is
 * not valid percent-encoding, an id longer than the router takes) with the interface's body,
 * signed with the bank's seal when the request carries an X-Request-ID (a UUID) to echo.
 *
 * @see docs/interface/conventions.md#wire-conventions, docs/interface/errors.md#statuses-by-code, docs/interface/request-signing.md#request-signing
 */
export function createRouterErrorHandler(signer: () => RequestSigner | undefined) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const path = (request.raw.url ?? "").split("?")[0] ?? "";
    const bankError = fromRouterError(error, path);
    const body = JSON.stringify(bankError.toBody());
    reply.status(bankError.status).type("application/json; charset=utf-8");
    const requestId = request.headers["x-request-id"];
    const seal = signer();
    if (seal && typeof requestId === "string" && UUID.test(requestId)) {
      for (const [name, value] of Object.entries(signedReplyHeaders(seal, { requestId, body, now: new Date() }))) reply.header(name, value);
    }
    void reply.send(body);
  };
}
