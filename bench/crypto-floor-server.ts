/**
 * The crypto floor of a signed read (bank-throughput.bench.ts): a bare Fastify server that does
 * only the cryptography the bank does on a signed GET, with the same code and keys: it verifies
 * the request's signature and certificate strictly (digest, signing string, keyId, chain to the
 * trust anchors, validity, RSA; the parsed certificate and its chain's verdict cached as the
 * bank's gate caches them) and seals the reply (Digest, Signature, seal certificate) with the
 * bank's seal, the reply being the bank's own body for the same request. Nothing else: no
 * database, no route checks.
 *
 * A POST (a payment's creation, payment-throughput.bench.ts) is the same with the body: its
 * Digest is checked against the bytes received, and the reply is a 201 with the bank's own
 * creation reply (`postReplyBody`) and its Location.
 *
 * Environment: FLOOR_PORT, FLOOR_INPUT (a JSON file: trustAnchorsPem, seal, replyBody, now; the
 * bank's reply by path in getReplies where GETs of several paths are measured; for POST
 * postReplyBody and postLocation).
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import { z } from "zod";
import { createCertificateCache, createRequestSigner, decodeHeaderOctets, verifyRequest } from "../lib/psd2/signing";
import { loadTrustAnchors } from "../lib/psd2/x509";
import { signedReplyHeaders } from "../lib/bank/plugins/response-signing";

const input = z
  .object({
    trustAnchorsPem: z.string(),
    seal: z.object({ privateKeyPem: z.string(), certificatePem: z.string() }),
    replyBody: z.string(),
    getReplies: z.record(z.string(), z.string()).optional(),
    postReplyBody: z.string().optional(),
    postLocation: z.string().optional(),
    now: z.string(),
  })
  .parse(JSON.parse(readFileSync(process.env.FLOOR_INPUT ?? "", "utf8")));
const trustAnchors = loadTrustAnchors(input.trustAnchorsPem);
const seal = createRequestSigner(input.seal);
const now = new Date(input.now);
const certificateCache = createCertificateCache({ maxEntries: 1000 });

const app = Fastify({ logger: false });
app.get("/*", async (request, reply) => {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.map(decodeHeaderOctets) : decodeHeaderOctets(value);
  }
  const result = verifyRequest(
    { method: request.method, path: request.url, headers, body: Buffer.alloc(0) },
    { mode: "strict", trustAnchors, now, certificateCache },
  );
  if (result.verdict !== "PASS") return reply.code(401).send({ failures: result.failures });
  const requestId = String(request.headers["x-request-id"]);
  const replyBody = input.getReplies?.[request.url] ?? input.replyBody;
  reply.headers(signedReplyHeaders(seal, { requestId, body: replyBody, now: new Date() }));
  return reply.type("application/json; charset=utf-8").send(replyBody);
});
app.get("/ready", async () => "ready");

// The body as received, for its Digest (the bank checks the digest of the raw bytes too).
app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
app.post("/*", async (request, reply) => {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.map(decodeHeaderOctets) : decodeHeaderOctets(value);
  }
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  // The bank parses the JSON it verified; so does the floor (no more: no schema, no rules).
  JSON.parse(body.toString("utf8"));
  const result = verifyRequest(
    { method: request.method, path: request.url, headers, body },
    { mode: "strict", trustAnchors, now, certificateCache },
  );
  if (result.verdict !== "PASS") return reply.code(401).send({ failures: result.failures });
  const requestId = String(request.headers["x-request-id"]);
  const replyBody = input.postReplyBody ?? "{}";
  reply.headers(signedReplyHeaders(seal, { requestId, body: replyBody, now: new Date() }));
  if (input.postLocation !== undefined) reply.header("Location", input.postLocation);
  return reply.code(201).type("application/json; charset=utf-8").send(replyBody);
});

const close = () => void app.close().then(() => process.exit(0));
process.on("SIGTERM", close);
process.on("SIGINT", close);
await app.listen({ host: "127.0.0.1", port: Number(process.env.FLOOR_PORT) });
