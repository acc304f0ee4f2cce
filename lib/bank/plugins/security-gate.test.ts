import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBank } from "../app";
import { loadBankConfig } from "../config";
import { openBankDatabase } from "../db/open-bank-database";
import { registerReplyCheck } from "../testing/reply-check";
import { readSharedFile, readSignatureVectors } from "../testing/shared-test-pki";

const signatureCodes = ["SIGNATURE_MISSING", "SIGNATURE_INVALID", "CERTIFICATE_MISSING", "CERTIFICATE_INVALID", "CERTIFICATE_EXPIRED"];
const vectors = readSignatureVectors();

describe.each(["strict", "lenient"] as const)("the security gate in %s mode, with every shared signature vector", (mode) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildBank({
      config: loadBankConfig({ BANK_SIGNATURE_MODE: mode }),
      database: await openBankDatabase({ dataDir: "memory" }),
      extraTrustAnchorsPem: readSharedFile("keys/trusted-cas.pem"),
      realNow: () => new Date("2026-01-01T00:00:00Z"),
      instrumentV1: registerReplyCheck,
    });
  });
  afterAll(() => app.close());

  it("has the 38 vectors", () => {
    expect(vectors).toHaveLength(38);
  });

  it.each(vectors.map((v) => [v.id, v] as const))("%s", async (_id, vector) => {
    const { method, path, headers, body } = vector.request;
    // Header values travel as UTF-8 octets; light-my-request sends strings as latin1.
    const wireHeaders = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, Buffer.from(value, "utf8").toString("latin1")]),
    );
    const response = await app.inject({ method: method as "GET" | "POST", url: path, headers: wireHeaders, payload: body || undefined });
    const verdict = mode === "strict" ? vector.expected.strictVerdict : vector.expected.verdict;
    const reply = response.json<{ tppMessages?: { code: string }[] }>();
    const code = reply.tppMessages?.[0]?.code;
    if (verdict === "FAIL") {
      expect(response.statusCode).toBe(400);
      expect(code).toBe(vector.expected.code);
    } else {
      expect(signatureCodes).not.toContain(code);
    }
    expect(response.headers["x-request-id"]).toBe(headers["X-Request-ID"]);
  });
});
