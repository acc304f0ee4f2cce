import type { FastifyInstance } from "fastify";
import { BankError } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The body's octets exactly as received: the Digest is checked over them. */
    rawBody?: Buffer;
  }
}

/**
 * Bodies of /v1 are JSON (docs/interface/conventions.md#wire-conventions): they are kept as received for the Digest, then parsed.
 * Any other content type is answered 415 by the error handler; malformed JSON is 400 FORMAT_ERROR.
 *
 * @see docs/interface/conventions.md#wire-conventions, docs/interface/request-signing.md#digest
 */
export function registerJsonBody(app: FastifyInstance, options: { bodyLimit: number }): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    /^application\/(.+\+)?json(\s*;.*)?$/i,
    { parseAs: "buffer", bodyLimit: options.bodyLimit },
    (request, body, done) => {
      const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
      request.rawBody = raw;
      if (raw.length === 0) {
        done(null, undefined);
        return;
      }
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
      } catch {
        done(new BankError("FORMAT_ERROR", "The request body is not valid UTF-8"), undefined);
        return;
      }
      try {
        done(null, JSON.parse(text));
      } catch (error) {
        const reason = error instanceof SyntaxError ? error.message : "it cannot be parsed";
        done(new BankError("FORMAT_ERROR", `The request body is not valid JSON: ${reason}`), undefined);
      }
    },
  );
  // A request without a body has no content type; its Digest is over the empty string.
  app.addHook("preValidation", async (request) => {
    request.rawBody ??= Buffer.alloc(0);
  });
}
