import type { FastifyInstance } from "fastify";
import { formatHttpDate, type RequestSigner } from "../../psd2/signing";

/**
 * Every /v1 reply echoes X-Request-ID and is signed with the bank's seal: Digest of the body as
 * sent, Signature over `date digest x-request-id`, the seal in ASPSP-Signature-Certificate.
 *
 * @see supplement.md §1 (echo), §9 (response signing)
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
    const signed = options.signer.signResponse(
      { headers: { "X-Request-ID": requestId }, body },
      { date: formatHttpDate(options.now()), requestId },
    );
    for (const [name, value] of Object.entries(signed.headers)) reply.header(name, value);
    return payload;
  });
}
