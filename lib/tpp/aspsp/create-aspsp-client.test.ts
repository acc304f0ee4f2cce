import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { issueSealCertificate, issueTppCertificate } from "../../psd2/certificates";
import { accountsResponseSchema } from "../../psd2/schemas";
import {
  computeDigest,
  createRequestSigner,
  decodeHeaderOctets,
  formatHttpDate,
  type RequestSigner,
  verifyRequest,
} from "../../psd2/signing";
import { loadTrustAnchors } from "../../psd2/x509";
import { AspspError, TppError } from "../errors";
import { type CaptureServer, type CapturedRequest, startCaptureServer } from "../testing/capture-server";
import { testPki } from "../testing/test-pki";
import type { AspspCaller } from "./aspsp-caller";
import type { AspspExchange } from "./aspsp-exchange";
import { type AspspClientOptions, createAspspAgentOptions, createAspspClient } from "./create-aspsp-client";
import { resolveAspspUrl } from "./resolve-aspsp-url";

const NOW = new Date("2026-03-02T10:00:00Z");
const trustAnchors = loadTrustAnchors(testPki.trustedCasPem);
const signer = createRequestSigner({ privateKeyPem: testPki.tppKeyPem, certificatePem: testPki.tppCertificatePem });

const PSU_ID = "6f1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81";
const CORPORATE_ID = "0b9d8f3e-2c4a-4d6b-8e1f-5a7c9b3d2e10";
const SESSION_ID = "9a4c1f2e-7b3d-4e5f-8a6b-1c2d3e4f5a6b";

const presentCaller: AspspCaller = {
  userId: "user-1",
  tppSessionId: SESSION_ID,
  psuId: PSU_ID,
  psuCorporateId: CORPORATE_ID,
  psu: {
    ipAddress: "192.0.2.10",
    ipPort: "443",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
    accept: "text/html",
    acceptCharset: "utf-8",
    acceptEncoding: "gzip, br",
    acceptLanguage: "nb-NO,nb;q=0.9",
    httpMethod: "GET",
  },
};

const backgroundCaller: AspspCaller = { userId: "user-1", psuId: PSU_ID };

const PSU_HEADERS = [
  "psu-ip-address",
  "psu-ip-port",
  "psu-user-agent",
  "psu-accept",
  "psu-accept-charset",
  "psu-accept-encoding",
  "psu-accept-language",
  "psu-http-method",
] as const;

function header(request: CapturedRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Verifies a captured request as the bank does (strict), with header octets read as UTF-8. */
function verifyCaptured(request: CapturedRequest) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = decodeHeaderOctets(Array.isArray(value) ? value.join(", ") : value);
  }
  return verifyRequest(
    { method: request.method, path: request.url, headers, body: request.body },
    { mode: "strict", trustAnchors, now: NOW },
  );
}

function json(status: number, body: unknown, extra: Record<string, string> = {}) {
  return (_request: CapturedRequest, response: ServerResponse) => {
    response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...extra }).end(JSON.stringify(body));
  };
}

/** Answers like the bank: the body signed with a seal (here the test TPP key, also issued by ca1). */
function signedJson(seal: RequestSigner, status: number, body: unknown, tamper?: (text: string) => string) {
  return (request: CapturedRequest, response: ServerResponse) => {
    const text = JSON.stringify(body);
    const requestId = header(request, "x-request-id") ?? "";
    const signed = seal.signResponse({ headers: { "X-Request-ID": requestId }, body: text }, { date: formatHttpDate(NOW), requestId });
    response
      .writeHead(status, { "Content-Type": "application/json; charset=utf-8", "X-Request-ID": requestId, ...signed.headers })
      .end(tamper === undefined ? text : tamper(text));
  };
}

describe("createAspspClient", () => {
  let server: CaptureServer;
  const exchanges: AspspExchange[] = [];
  const clients: { close(): Promise<void> }[] = [];

  function client(overrides: Partial<AspspClientOptions> = {}) {
    const created = createAspspClient({
      baseUrl: server.url,
      signer,
      redirectUri: "http://localhost:3000/callback",
      acceptFix: "amount-as-string",
      brand: "Example TPP",
      trustAnchors,
      now: () => NOW,
      recorder: (exchange) => {
        exchanges.push(exchange);
      },
      ...overrides,
    });
    clients.push(created);
    return created;
  }

  beforeAll(async () => {
    server = await startCaptureServer();
  });
  afterEach(async () => {
    server.requests.length = 0;
    exchanges.length = 0;
    server.setHandler(json(200, { accounts: [] }));
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await server.close();
  });

  describe("request headers and signature (supplement §9)", () => {
    it("sends every header of a call with the PSU present, and the bank's strict verifier accepts it", async () => {
      server.setHandler(json(200, { accounts: [] }));
      await client().fetch({
        method: "GET",
        path: "/v1/accounts",
        query: { withBalance: "true" },
        schema: accountsResponseSchema,
        caller: presentCaller,
      });
      const [request] = server.requests;
      if (request === undefined) throw new Error("no request arrived");
      expect(request.url).toBe("/v1/accounts?withBalance=true");
      expect(header(request, "date")).toBe("Mon, 02 Mar 2026 10:00:00 GMT");
      expect(header(request, "x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(header(request, "digest")).toBe(computeDigest(request.body));
      expect(header(request, "digest")).toBe("SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
      expect(header(request, "tpp-signature-certificate")).toBe(signer.certificateBase64);
      expect(header(request, "signature")).toContain(`keyId="${signer.keyId}"`);
      expect(header(request, "signature")).toContain('headers="date digest x-request-id psu-id psu-corporate-id tpp-redirect-uri"');
      expect(header(request, "tpp-session-id")).toBe(SESSION_ID);
      expect(header(request, "tpp-redirect-uri")).toBe("http://localhost:3000/callback");
      expect(header(request, "tpp-redirect-preferred")).toBe("true");
      expect(header(request, "tpp-brand-logging-information")).toBe("Example TPP");
      expect(header(request, "x-accept-fix")).toBe("amount-as-string");
      expect(header(request, "psu-id")).toBe(PSU_ID);
      expect(header(request, "psu-corporate-id")).toBe(CORPORATE_ID);
      expect(header(request, "psu-ip-address")).toBe("192.0.2.10");
      expect(header(request, "psu-ip-port")).toBe("443");
      expect(header(request, "psu-user-agent")).toBe("Mozilla/5.0 (X11; Linux x86_64)");
      expect(header(request, "psu-accept")).toBe("text/html");
      expect(header(request, "psu-accept-charset")).toBe("utf-8");
      expect(header(request, "psu-accept-encoding")).toBe("gzip, br");
      expect(header(request, "psu-accept-language")).toBe("nb-NO,nb;q=0.9");
      expect(header(request, "psu-http-method")).toBe("GET");
      expect(header(request, "content-type")).toBeUndefined();
      const verdict = verifyCaptured(request);
      expect(verdict.failures).toEqual([]);
      expect(verdict.verdict).toBe("PASS");
    });

    it("leaves PSU-IP-Address and the forwarded PSU-* headers out of a background call", async () => {
      await client().fetch({ method: "GET", path: "/v1/accounts/a1/balances", schema: z.unknown(), caller: backgroundCaller });
      const [request] = server.requests;
      if (request === undefined) throw new Error("no request arrived");
      for (const name of PSU_HEADERS) expect(header(request, name), name).toBeUndefined();
      expect(header(request, "psu-id")).toBe(PSU_ID);
      expect(header(request, "psu-corporate-id")).toBeUndefined();
      expect(header(request, "tpp-session-id")).toBeUndefined();
      expect(header(request, "tpp-redirect-uri")).toBe("http://localhost:3000/callback");
      expect(header(request, "signature")).toContain('headers="date digest x-request-id psu-id tpp-redirect-uri"');
      expect(verifyCaptured(request).verdict).toBe("PASS");
    });

    it("sends and hashes the same octets of a JSON body, non-ASCII included", async () => {
      const body = { email: "drift@blåbær.example", note: "Grüße – ø" };
      await client().fetch({
        method: "PUT",
        path: "/v1/tpps/PSDNO-FSA-123456/contact-information",
        body,
        schema: z.unknown(),
        caller: backgroundCaller,
      });
      const [request] = server.requests;
      if (request === undefined) throw new Error("no request arrived");
      expect(request.body.toString("utf8")).toBe(JSON.stringify(body));
      expect(header(request, "digest")).toBe(computeDigest(request.body));
      expect(header(request, "content-type")).toBe("application/json");
      expect(header(request, "content-length")).toBe(String(request.body.length));
      expect(verifyCaptured(request).verdict).toBe("PASS");
      expect(exchanges[0]?.requestBody).toBe(JSON.stringify(body));
    });

    it("percent-encodes a TPP-Redirect-URI with non-ASCII, so the Signature header stays plain ASCII", async () => {
      await client({ redirectUri: "http://localhost:3000/tilbakekåll?fra=Tromsø" }).fetch({
        method: "GET",
        path: "/v1/accounts",
        schema: z.unknown(),
        caller: presentCaller,
      });
      const [request] = server.requests;
      if (request === undefined) throw new Error("no request arrived");
      expect(header(request, "tpp-redirect-uri")).toBe("http://localhost:3000/tilbakek%C3%A5ll?fra=Troms%C3%B8");
      expect(header(request, "signature")).toMatch(/^keyId="/);
      expect(verifyCaptured(request).verdict).toBe("PASS");
    });

    it("sends TPP-Redirect-Preferred false when the caller prefers the bank's app", async () => {
      await client().fetch({
        method: "GET",
        path: "/v1/accounts",
        schema: z.unknown(),
        caller: { ...presentCaller, redirectPreferred: false },
      });
      expect(header(server.requests[0] ?? fail(), "tpp-redirect-preferred")).toBe("false");
    });

    it("records each exchange with the signing string and the headers as sent", async () => {
      await client().fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller });
      const [exchange] = exchanges;
      expect(exchange?.status).toBe(200);
      expect(exchange?.userId).toBe("user-1");
      expect(exchange?.signingString.split("\n").map((line) => line.split(":")[0])).toEqual([
        "date",
        "digest",
        "x-request-id",
        "psu-id",
        "psu-corporate-id",
        "tpp-redirect-uri",
      ]);
      expect(exchange?.requestHeaders.map(([name]) => name).slice(0, 5)).toEqual([
        "Date",
        "X-Request-ID",
        "Digest",
        "Signature",
        "TPP-Signature-Certificate",
      ]);
    });
  });

  describe("the inspector's record", () => {
    it("does not hold the reply back: the call returns while the record is still being written, and close() waits for it", async () => {
      let finish: () => void = () => undefined;
      const written: string[] = [];
      const slow = client({
        recorder: (exchange) =>
          new Promise<void>((resolve) => {
            finish = () => {
              written.push(exchange.requestId);
              resolve();
            };
          }),
      });
      const reply = await slow.fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller });
      expect(written).toEqual([]);
      let closed = false;
      const closing = slow.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(closed).toBe(false);
      finish();
      await closing;
      expect(written).toEqual([reply.requestId]);
    });

    it("a record that fails is logged and never breaks the call", async () => {
      const logged: string[] = [];
      const spy = vi.spyOn(console, "error").mockImplementation((message: unknown) => {
        logged.push(String(message));
      });
      try {
        const failing = client({ recorder: () => Promise.reject(new Error("disk full")) });
        const throwing = client({
          recorder: () => {
            throw new Error("no table");
          },
        });
        await expect(
          failing.fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller }),
        ).resolves.toMatchObject({ status: 200 });
        await expect(
          throwing.fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller }),
        ).resolves.toMatchObject({ status: 200 });
        await failing.close();
        expect(logged).toHaveLength(2);
        expect(logged).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/could not record the bank call .*no table/),
            expect.stringMatching(/could not record the bank call .*disk full/),
          ]),
        );
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe("links (supplement §1)", () => {
    it("resolves a relative link against a base URL with a path", () => {
      expect(resolveAspspUrl("https://bank.example/psd2", "/v1/accounts/a1/transactions?cursor=x").href).toBe(
        "https://bank.example/psd2/v1/accounts/a1/transactions?cursor=x",
      );
      expect(resolveAspspUrl("https://bank.example/psd2", "/psd2/v1/accounts").href).toBe("https://bank.example/psd2/v1/accounts");
      expect(resolveAspspUrl("https://bank.example", "/v1/accounts").href).toBe("https://bank.example/v1/accounts");
      expect(resolveAspspUrl("https://bank.example/", "v1/accounts").href).toBe("https://bank.example/v1/accounts");
      expect(resolveAspspUrl("https://bank.example/psd2", "https://bank.example/psd2/v1/x").href).toBe("https://bank.example/psd2/v1/x");
    });

    it("refuses to send a signed request to a link on another origin", () => {
      expect(() => resolveAspspUrl("https://bank.example", "https://evil.example/v1/accounts")).toThrow(
        expect.objectContaining({ code: "ASPSP_LINK_INVALID" }),
      );
    });

    it("follows a relative paging link under the base URL's path", async () => {
      const base = `${server.url}/psd2`;
      await client({ baseUrl: base }).fetch({
        method: "GET",
        path: "/v1/accounts/a1/transactions?bookingStatus=booked&limit=200&cursor=abc",
        schema: z.unknown(),
        caller: presentCaller,
      });
      expect(server.requests[0]?.url).toBe("/psd2/v1/accounts/a1/transactions?bookingStatus=booked&limit=200&cursor=abc");
      expect(verifyCaptured(server.requests[0] ?? fail()).verdict).toBe("PASS");
    });
  });

  describe("errors (supplement §4)", () => {
    it("turns a 401 into an AspspError with tppMessages, psuMessage and the scaRedirect link resolved", async () => {
      server.setHandler(
        json(401, {
          tppMessages: [{ category: "ERROR", code: "SCA_NOT_FOUND", text: "This request needs an SCA of the PSU: follow scaRedirect" }],
          psuMessage: "Please confirm with BankID",
          _links: { scaRedirect: { href: "/sca/abc?token=t0k", verbs: ["GET"] } },
        }),
      );
      const error = await client()
        .fetch({ method: "GET", path: "/v1/accounts", schema: accountsResponseSchema, caller: presentCaller })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AspspError);
      if (!(error instanceof AspspError)) return;
      expect(error.code).toBe("ASPSP_ERROR");
      expect(error.status).toBe(401);
      expect(error.bankCode).toBe("SCA_NOT_FOUND");
      expect(error.tppMessages).toEqual([
        { category: "ERROR", code: "SCA_NOT_FOUND", text: "This request needs an SCA of the PSU: follow scaRedirect" },
      ]);
      expect(error.psuMessage).toBe("Please confirm with BankID");
      expect(error.links.scaRedirect?.href).toBe("/sca/abc?token=t0k");
      expect(error.scaRedirect).toBe(`${server.url}/sca/abc?token=t0k`);
      expect(error.tppSessionId).toBe(SESSION_ID);
      expect(error.requestId).toBe(header(server.requests[0] ?? fail(), "x-request-id"));
      expect(error.message).toBe("The bank answered 401 (SCA_NOT_FOUND: This request needs an SCA of the PSU: follow scaRedirect)");
    });

    it("keeps an absolute scaRedirect on another host of the bank as it is", async () => {
      server.setHandler(
        json(401, {
          tppMessages: [{ category: "ERROR", code: "SCA_EXPIRED" }],
          _links: { scaRedirect: { href: "https://auth.bank.example/sca/1", verbs: ["GET"] } },
        }),
      );
      const error = await client()
        .fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller })
        .catch((e: unknown) => e);
      expect(error instanceof AspspError && error.scaRedirect).toBe("https://auth.bank.example/sca/1");
    });

    it("turns a reply without tppMessages into an AspspError that says what it could not read", async () => {
      server.setHandler((_request, response) => response.writeHead(502, { "Content-Type": "text/html" }).end("<h1>Bad gateway</h1>"));
      const error = await client()
        .fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AspspError);
      if (!(error instanceof AspspError)) return;
      expect(error.status).toBe(502);
      expect(error.tppMessages).toEqual([]);
      expect(error.bodyProblems[0]).toMatch(/not JSON/);
    });

    it("rejects a 2xx reply that does not match the interface", async () => {
      server.setHandler(json(200, { accounts: [{ name: "no resourceId" }] }));
      await expect(
        client().fetch({ method: "GET", path: "/v1/accounts", schema: accountsResponseSchema, caller: presentCaller }),
      ).rejects.toMatchObject({
        code: "ASPSP_RESPONSE_INVALID",
      });
    });

    it("does not retry on an HTTP error", async () => {
      server.setHandler(json(503, { tppMessages: [{ category: "ERROR", code: "SYSTEM_ERROR" }] }));
      await expect(
        client().fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller }),
      ).rejects.toBeInstanceOf(AspspError);
      expect(server.requests).toHaveLength(1);
    });
  });

  describe("retry on a connection error", () => {
    it("sends a GET once more, with a new X-Request-ID, when the connection breaks", async () => {
      server.setHandler((_request, response, index) => {
        if (index === 0) response.socket?.destroy();
        else response.writeHead(200, { "Content-Type": "application/json" }).end('{"accounts":[]}');
      });
      const reply = await client().fetch({ method: "GET", path: "/v1/accounts", schema: accountsResponseSchema, caller: presentCaller });
      expect(reply.value).toEqual({ accounts: [] });
      expect(server.requests).toHaveLength(2);
      const [first, second] = server.requests;
      expect(header(first ?? fail(), "x-request-id")).not.toBe(header(second ?? fail(), "x-request-id"));
      expect(exchanges.map((e) => [e.attempt, e.status])).toEqual([
        [1, undefined],
        [2, 200],
      ]);
      expect(exchanges[0]?.error).toBeTruthy();
    });

    it("sends a GET at most twice", async () => {
      server.setHandler((_request, response) => response.socket?.destroy());
      await expect(
        client().fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller }),
      ).rejects.toMatchObject({
        code: "ASPSP_CONNECTION_LOST",
      });
      expect(server.requests).toHaveLength(2);
    });

    it("never sends a POST twice", async () => {
      server.setHandler((_request, response) => response.socket?.destroy());
      const error = await client()
        .fetch({ method: "POST", path: "/v1/consents", body: {}, schema: z.unknown(), caller: presentCaller })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TppError);
      // The request reached the server before the connection broke: lost, not unreachable.
      expect(error instanceof TppError && error.code).toBe("ASPSP_CONNECTION_LOST");
      expect(server.requests).toHaveLength(1);
    });

    it("reports a bank that is down as unreachable", async () => {
      const down = createAspspClient({ baseUrl: "http://127.0.0.1:9", signer, redirectUri: "http://localhost:3000/callback" });
      clients.push(down);
      await expect(down.fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller })).rejects.toMatchObject({
        code: "ASPSP_UNREACHABLE",
      });
    });
  });

  describe("ASPSP_TIMEOUT_MS, the X-Request-ID named beforehand, the failure's log line", () => {
    it("sends a POST with the X-Request-ID its caller wrote down, and refuses one named for a GET (its retry needs a new one)", async () => {
      server.setHandler(json(201, { consentId: "c" }));
      const reply = await client().fetch({
        method: "POST",
        path: "/v1/consents",
        body: {},
        schema: z.unknown(),
        caller: presentCaller,
        requestId: "intent-request-1",
      });
      expect(reply.requestId).toBe("intent-request-1");
      expect(header(server.requests.at(-1) ?? fail(), "x-request-id")).toBe("intent-request-1");
      await expect(
        client().fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller, requestId: "r" }),
      ).rejects.toMatchObject({ code: "INPUT_INVALID" });
    });

    it("ends an attempt whose body trickles in past the timeout, though each chunk comes in time, and logs one line", async () => {
      server.setHandler((_request, response) => {
        response.writeHead(200, { "Content-Type": "application/json" });
        let sent = 0;
        const timer = setInterval(() => {
          if (response.destroyed || sent > 40) return clearInterval(timer);
          sent += 1;
          response.write(" ");
        }, 50);
      });
      const lines: string[] = [];
      const started = Date.now();
      const error = await client({ timeoutMs: 1_000, log: (line) => lines.push(line) })
        .fetch({ method: "POST", path: "/v1/consents", body: {}, schema: z.unknown(), caller: presentCaller })
        .catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(1_800);
      expect(error).toMatchObject({ code: "ASPSP_TIMEOUT" });
      const requestId = header(server.requests.at(-1) ?? fail(), "x-request-id");
      expect(error instanceof TppError && error.callRequestId).toBe(requestId);
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(`^tpp: bank call POST /v1/consents failed, X-Request-ID ${requestId}: The bank did not answer`)),
      ]);
    });

    it("logs a 5xx in one line, and a 4xx not at all", async () => {
      const lines: string[] = [];
      server.setHandler(json(503, { tppMessages: [{ category: "ERROR", code: "SYSTEM_ERROR" }] }));
      await client({ log: (line) => lines.push(line) })
        .fetch({ method: "POST", path: "/v1/consents", body: {}, schema: z.unknown(), caller: presentCaller })
        .catch(() => undefined);
      server.setHandler(json(400, { tppMessages: [{ category: "ERROR", code: "FORMAT_ERROR" }] }));
      await client({ log: (line) => lines.push(line) })
        .fetch({ method: "POST", path: "/v1/consents", body: {}, schema: z.unknown(), caller: presentCaller })
        .catch(() => undefined);
      expect(lines).toEqual([
        expect.stringMatching(/^tpp: bank call POST \/v1\/consents failed, X-Request-ID \S+: the bank answered 503 \(SYSTEM_ERROR\)$/),
      ]);
    });
  });

  describe("response signatures (supplement §9, response signing)", () => {
    it("verifies a signed reply", async () => {
      server.setHandler(signedJson(signer, 200, { accounts: [] }));
      const reply = await client().fetch({ method: "GET", path: "/v1/accounts", schema: accountsResponseSchema, caller: presentCaller });
      expect(reply.signature).toEqual({ status: "verified", keyId: signer.keyId });
      expect(exchanges[0]?.signature?.status).toBe("verified");
    });

    it("flags a tampered reply and still returns it when signatures are not required", async () => {
      server.setHandler(signedJson(signer, 200, { accounts: [] }, (text) => text.replace("[]", "[ ]")));
      const reply = await client().fetch({ method: "GET", path: "/v1/accounts", schema: accountsResponseSchema, caller: presentCaller });
      expect(reply.signature.status).toBe("failed");
      expect(reply.signature.status === "failed" && reply.signature.problems.join(" ")).toMatch(/digest\.match/);
      expect(exchanges[0]?.signature?.status).toBe("failed");
    });

    it("refuses a tampered reply when signed responses are required", async () => {
      server.setHandler(signedJson(signer, 200, { accounts: [] }, (text) => text.replace("[]", "[ ]")));
      await expect(
        client({ requireSignedResponses: true }).fetch({
          method: "GET",
          path: "/v1/accounts",
          schema: accountsResponseSchema,
          caller: presentCaller,
        }),
      ).rejects.toMatchObject({ code: "RESPONSE_SIGNATURE_INVALID" });
      expect(exchanges[0]?.error).toMatch(/^refused: the reply's signature is failed/);
    });

    it("refuses an unsigned reply when signed responses are required, and calls it unsigned otherwise", async () => {
      server.setHandler(json(200, { accounts: [] }));
      const reply = await client().fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller });
      expect(reply.signature).toEqual({ status: "unsigned" });
      await expect(
        client({ requireSignedResponses: true }).fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller }),
      ).rejects.toMatchObject({ code: "RESPONSE_SIGNATURE_INVALID" });
    });

    it("verifies the signature of an error reply too", async () => {
      server.setHandler(signedJson(signer, 404, { tppMessages: [{ category: "ERROR", code: "RESOURCE_UNKNOWN" }] }));
      await expect(
        client().fetch({ method: "GET", path: "/v1/accounts/x", schema: z.unknown(), caller: presentCaller }),
      ).rejects.toBeInstanceOf(AspspError);
      expect(exchanges[0]?.signature?.status).toBe("verified");
    });

    it("leaves the signature unchecked without trust anchors", async () => {
      server.setHandler(signedJson(signer, 200, { accounts: [] }));
      const reply = await client({ trustAnchors: undefined }).fetch({
        method: "GET",
        path: "/v1/accounts",
        schema: z.unknown(),
        caller: presentCaller,
      });
      expect(reply.signature.status).toBe("unchecked");
    });
  });
});

describe("mutual TLS", () => {
  let server: CaptureServer;
  let qwac: { certificatePem: string; privateKeyPem: string };
  const ca1 = { certificatePem: testPki.ca1CertificatePem, privateKeyPem: testPki.ca1KeyPem };

  beforeAll(async () => {
    // Node checks the host name against the CN when a certificate has no subjectAltName.
    const serverCertificate = issueSealCertificate({
      issuer: ca1,
      organizationName: "Test Bank AS",
      commonName: "localhost",
      now: new Date(),
      validityDays: 30,
    });
    const issued = issueTppCertificate({
      issuer: ca1,
      organizationName: "Example TPP AS",
      organizationIdentifier: "PSDNO-FSA-123456",
      commonName: "Example TPP QWAC",
      roles: ["PSP_AI"],
      now: new Date(),
      validityDays: 30,
    });
    if (serverCertificate.privateKeyPem === null || issued.privateKeyPem === null) throw new Error("no key issued");
    qwac = { certificatePem: issued.certificatePem, privateKeyPem: issued.privateKeyPem };
    server = await startCaptureServer({
      tls: {
        certificatePem: serverCertificate.certificatePem,
        privateKeyPem: serverCertificate.privateKeyPem,
        clientCaPem: testPki.ca1CertificatePem,
      },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it("passes the QWAC and key to the TLS connection options", () => {
    const options = createAspspAgentOptions({ tls: qwac, timeouts: { connectMs: 1234 } });
    expect(options.connect).toMatchObject({ cert: qwac.certificatePem, key: qwac.privateKeyPem, timeout: 1234 });
    expect(createAspspAgentOptions({}).connect).not.toHaveProperty("cert");
  });

  it("presents the QWAC to a bank that asks for a client certificate", async () => {
    const tlsClient = createAspspClient({
      baseUrl: server.url,
      signer,
      redirectUri: "http://localhost:3000/callback",
      tls: { ...qwac, caPem: testPki.ca1CertificatePem },
    });
    try {
      await tlsClient.fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller });
    } finally {
      await tlsClient.close();
    }
    expect(server.requests.at(-1)?.clientCertificateCn).toBe("Example TPP QWAC");
  });

  it("cannot reach such a bank without a client certificate", async () => {
    const plain = createAspspClient({
      baseUrl: server.url,
      signer,
      redirectUri: "http://localhost:3000/callback",
      tls: undefined,
      dispatcher: new (await import("undici")).Agent({ connect: { ca: testPki.ca1CertificatePem } }),
    });
    const error = await plain
      .fetch({ method: "GET", path: "/v1/accounts", schema: z.unknown(), caller: presentCaller })
      .catch((e: unknown) => e);
    await plain.close();
    // TLS 1.3: the client's request is on its way before the server refuses the handshake for
    // want of a certificate and closes, so the client cannot tell it never reached the bank.
    expect(error).toMatchObject({ code: "ASPSP_CONNECTION_LOST" });
    // The server's certificate is trusted: what fails is the missing client certificate.
    expect(error instanceof Error && error.message).not.toMatch(/CERT_HAS_EXPIRED|self.signed|UNABLE_TO_VERIFY/i);
  });
});

function fail(): never {
  throw new Error("expected a value");
}
