import type { FastifyInstance } from "fastify";
import { formatHttpDate, type RequestSigner } from "../../psd2/signing";

/**
 * The headers of a signed /v1 reply: X-Request-ID echoed, then Date, Digest of the body as sent,
 * Signature over `date digest x-request-id` and the seal in ASPSP-Signature-Certificate.
 *
 * @see docs/interface/conventions.md#wire-conventions (echo), docs/interface/request-signing.md#response-signing
 */
export function signedReplyHeaders(
  signer: RequestSigner,
  reply: { requestId: string; body: string | Buffer; now: Date },
): Record<string, string> {
  const signed = signer.signResponse(
    { headers: { "X-Request-ID": reply.requestId }, body: reply.body },
    { date: formatHttpDate(reply.now), requestId: reply.requestId },
  );
  return { "X-Request-ID": reply.requestId, ...signed.headers };
}

/**
 * Every /v1 reply echoes X-Request-ID and is signed with the bank's seal: Digest of the body as
 * sent, Signature over `date digest x-request-id`, the seal in ASPSP-Signature-Certificate.
 *
 * @see docs/interface/conventions.md#wire-conventions (echo), docs/interface/request-signing.md#response-signing
 */
export function registerResponseSigning(app: FastifyInstance, options: { signer: RequestSigner; now: () => Date }): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const requestId = request.headers["x-request-id"];
    if (typeof requestId !== "string" || requestId === "") return payload;
    reply.header("X-Request-ID", requestId);
    let body: string | Buffer;
    if (payload === null || payload === undefined) body = "";
    else if (typeof payload === "string" || Buffer.isBuffer(payload)) body = payload;
    else return payload; // streams are not signed (the bank sends none on /v1)
    for (const [name, value] of Object.entries(signedReplyHeaders(options.signer, { requestId, body, now: options.now() })))
      reply.header(name, value);
    return payload;
  });
}
