/**
 * The app against the sandbox bank's own process over HTTPS with a client certificate required
 * (BANK_TLS=on, BANK_CLIENT_CERT=required), as a TPP meets a bank's test platform: the sandbox
 * credentials come from the bank's portal over HTTPS (signing certificate, the QWAC-style TLS
 * client certificate, the CA), and the signed client calls /v1 over mutual TLS with them; without
 * the client certificate (the handshake fails), with another TPP's, or without the bank's CA, the
 * call fails saying why. The portal is on the bank's web port, which asks for no client certificate.
 * @see docs/interface/certificates.md#certificates-and-tpp-registration, docs/interface/transport.md#transport; docs/interface/authentication.md#transport-security
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createRequestSigner } from "../../psd2/signing";
import { loadTrustAnchors } from "../../psd2/x509";
import { provisionSandboxCredentials, type SandboxCredentials } from "../credentials/provision-sandbox-credentials";
import { type SandboxBank, startSandboxBank } from "../testing/start-sandbox-bank";
import { testPki } from "../testing/test-pki";
import type { AspspExchange } from "./aspsp-exchange";
import { type AspspClientOptions, createAspspClient } from "./create-aspsp-client";

const work = mkdtempSync(path.join(tmpdir(), "tpp-tls-"));

describe("the signed client against the sandbox bank over HTTPS with a client certificate", () => {
  let bank: SandboxBank;
  let credentials: SandboxCredentials;
  let options: AspspClientOptions;

  beforeAll(async () => {
    bank = await startSandboxBank({ env: { BANK_TLS: "on", BANK_CLIENT_CERT: "required" } });
    credentials = await provisionSandboxCredentials({
      bankUrl: bank.url,
      portalUrl: bank.webUrl,
      directory: path.join(work, "credentials"),
    });
    options = {
      baseUrl: bank.url,
      signer: createRequestSigner({ privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem }),
      redirectUri: "http://127.0.0.1:3999/callback",
      trustAnchors: loadTrustAnchors(credentials.caCertificatePem),
      requireSignedResponses: true,
    };
  }, 120_000);
  afterAll(async () => {
    await bank?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("gets its certificates from the portal over HTTPS, and keeps them", async () => {
    expect(credentials.issued).toBe(true);
    expect(credentials.tls?.certificatePem).toContain("BEGIN CERTIFICATE");
    const again = await provisionSandboxCredentials({
      bankUrl: bank.url,
      portalUrl: bank.webUrl,
      directory: path.join(work, "credentials"),
    });
    expect(again.issued).toBe(false);
    expect(again.tls).toEqual(credentials.tls);
    expect(again.caCertificatePem).toBe(credentials.caCertificatePem);
  });

  it("calls /v1 over TLS 1.2+ with the client certificate, and verifies the signed reply", async () => {
    const exchanges: AspspExchange[] = [];
    const client = createAspspClient({
      ...options,
      tls: { ...credentials.tls, caPem: credentials.caCertificatePem },
      recorder: (exchange) => {
        exchanges.push(exchange);
      },
    });
    try {
      const reply = await client.fetch({ method: "GET", path: "/v1/sandbox/customers", schema: z.unknown(), caller: {} });
      expect(reply.status).toBe(200);
      expect(reply.signature.status).toBe("verified");
      expect(exchanges.at(-1)?.url.startsWith("https://127.0.0.1:")).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("without the client certificate: the bank fails the TLS handshake, and the error says which setting decides it", async () => {
    const client = createAspspClient({ ...options, tls: { caPem: credentials.caCertificatePem } });
    try {
      const error = await client
        .fetch({ method: "GET", path: "/v1/sandbox/customers", schema: z.unknown(), caller: {} })
        .catch((e: unknown) => e);
      // The TLS 1.3 alert, or (when the client reads the closed connection first) the connection's end.
      expect(error).toMatchObject({ code: expect.stringMatching(/^ASPSP_(UNREACHABLE|CONNECTION_LOST)$/) });
      expect(error instanceof Error && error.message).toMatch(
        /(ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED.*; the bank requires a client certificate|; the app presents no TLS client certificate, and a bank that requires one \(mutual TLS\) closes such a connection): set TPP_TLS_CERT_FILE with TPP_TLS_KEY_FILE, or TPP_TLS_P12_FILE$/,
      );
    } finally {
      await client.close();
    }
  });

  it("with a client certificate of another TPP than the signature's: 400 CERTIFICATE_INVALID naming both", async () => {
    // Signed with the shared test PKI's TPP (trusted by the bank through BANK_TRUST_ANCHORS).
    const client = createAspspClient({
      ...options,
      signer: createRequestSigner({ privateKeyPem: testPki.tppKeyPem, certificatePem: testPki.tppCertificatePem }),
      tls: { ...credentials.tls, caPem: credentials.caCertificatePem },
    });
    try {
      const error = await client
        .fetch({ method: "GET", path: "/v1/sandbox/customers", schema: z.unknown(), caller: {} })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        status: 400,
        tppMessages: [
          {
            code: "CERTIFICATE_INVALID",
            text: `The TLS client certificate is for ${credentials.tppId}, but the request is signed with the certificate of PSDNO-FSA-123456: both must be the same TPP's`,
          },
        ],
      });
    } finally {
      await client.close();
    }
  });

  it("without the bank's CA the server is not trusted, and the error says which setting decides it", async () => {
    const client = createAspspClient({ ...options, tls: { ...credentials.tls } });
    try {
      const error = await client
        .fetch({ method: "GET", path: "/v1/sandbox/customers", schema: z.unknown(), caller: {} })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "ASPSP_UNREACHABLE" });
      expect(error instanceof Error && error.message).toMatch(
        /SELF_SIGNED_CERT_IN_CHAIN.*; the bank's server certificate is not from a CA the app trusts: set ASPSP_TLS_CA_FILE to its CA\)$/,
      );
    } finally {
      await client.close();
    }
  });
});
