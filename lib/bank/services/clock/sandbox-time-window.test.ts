import { X509Certificate } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCertificateAuthority, issueSealCertificate, issueTppCertificate, readCertificateInfo } from "../../../psd2/certificates";
import { loadTrustAnchors, parseCertificate, verifyCertificateChain } from "../../../psd2/x509";
import { buildBank } from "../../app";
import { loadBankConfig } from "../../config";
import { createSettingsRepository } from "../../repositories/settings-repository";
import { registerReplyCheck } from "../../testing/reply-check";
import { createSignedTestClient } from "../../testing/signed-test-client";
import { createTestDatabase, testDatabaseKinds } from "../../testing/test-database";
import { loadBankPki } from "../pki/bank-pki";
import { certificatesValidFrom, earliestSandboxTime } from "./sandbox-time-window";

/** The real time of these tests: after the clock example of docs/sandbox-bank.md (2026-03-02), as today is. */
const REAL_NOW = new Date("2026-11-25T12:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;

type Issued = { certificate: string; privateKey: string; validFrom: string };

// docs/interface/certificates.md#certificates-and-tpp-registration (the sandbox CA and the portal), docs/interface/sandbox-operations.md#clock-and-batch-runs (the sandbox clock, set forward or back).
describe.each(testDatabaseKinds())("the bank's certificates cover every time the sandbox clock can show, on %s", (kind) => {
  let app: FastifyInstance;
  let issued: Issued;

  beforeAll(async () => {
    app = await buildBank({
      config: loadBankConfig({}),
      database: await createTestDatabase(kind),
      realNow: () => REAL_NOW,
      instrumentV1: registerReplyCheck,
    });
    const response = await app.inject({
      method: "POST",
      url: "/portal/certificates",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ organisationName: "Clockwise AS", organisationId: "PSDNO-FSA-555001", roles: ["PSP_AI", "PSP_PI"] }),
    });
    expect(response.statusCode, response.body).toBe(201);
    issued = response.json<Issued>();
  }, 60_000);
  afterAll(() => app?.close());

  it("the CA, the seal and a portal certificate are valid from five years and a day before the real time", () => {
    const from = certificatesValidFrom(REAL_NOW).getTime();
    expect(from).toBe(Date.parse("2021-11-24T12:00:00Z"));
    for (const pem of [app.bank.pki.ca.certificatePem, app.bank.pki.seal.certificatePem, issued.certificate]) {
      expect(Date.parse(readCertificateInfo(pem).notBefore)).toBeLessThanOrEqual(from);
    }
    expect(Date.parse(readCertificateInfo(app.bank.pki.ca.certificatePem).notAfter)).toBeGreaterThan(
      REAL_NOW.getTime() + 20 * 365 * DAY_MS,
    );
  });

  it("a portal certificate signs requests the bank accepts with the clock yesterday, at docs/sandbox-bank.md's clock example and five years back", async () => {
    const tpp = createSignedTestClient(app, { privateKeyPem: issued.privateKey, certificatePem: issued.certificate });
    const instants = [
      { now: new Date(REAL_NOW.getTime() - DAY_MS).toISOString(), frozen: true },
      { now: "2026-03-02T05:00:00+01:00", frozen: true },
      { now: new Date(earliestSandboxTime(REAL_NOW).getTime() + 60_000).toISOString(), frozen: true },
    ];
    for (const instant of instants) {
      const moved = await tpp.post("/v1/sandbox/clock", instant);
      expect(moved.statusCode, moved.body).toBe(200);
      const read = await tpp.get("/v1/sandbox/customers");
      expect(read.statusCode, `${instant.now}: ${read.body}`).toBe(200);
    }
  });

  it("the clock cannot be set further back than five years: 400 FORMAT_ERROR naming now", async () => {
    const tpp = createSignedTestClient(app, { privateKeyPem: issued.privateKey, certificatePem: issued.certificate });
    const response = await tpp.post("/v1/sandbox/clock", { now: new Date(earliestSandboxTime(REAL_NOW).getTime() - 60_000).toISOString() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      tppMessages: [
        {
          code: "FORMAT_ERROR",
          path: "now",
          text: "now must be at most 5 years before the real time (2021-11-25T12:00:00.000Z or later): the bank's CA and certificates cover no earlier time",
        },
      ],
    });
  });
});

describe.each(testDatabaseKinds())("a CA kept from before the rule (valid from the first start), on %s", (kind) => {
  it("is certified again with the same key and names on load: what it issued still chains to it, and it covers five years back", async () => {
    const database = await createTestDatabase(kind);
    try {
      const settings = createSettingsRepository(database.db);
      const firstStart = new Date("2026-06-01T10:00:00Z");
      const oldCa = createCertificateAuthority({
        organizationName: "Fjordbanken",
        commonName: "Fjordbanken Sandbox QTSP CA",
        now: firstStart,
        validityDays: 3650,
        modulusLength: 2048,
      });
      const oldSeal = issueSealCertificate({
        issuer: oldCa,
        organizationName: "Fjordbanken",
        organizationIdentifier: "NTRNO-999999999",
        commonName: "Fjordbanken eSeal",
        now: firstStart,
        validityDays: 3650,
      });
      await settings.set(
        "pki",
        {
          ca: { certificatePem: oldCa.certificatePem, privateKeyPem: oldCa.privateKeyPem },
          seal: { certificatePem: oldSeal.certificatePem, privateKeyPem: oldSeal.privateKeyPem },
        },
        firstStart,
      );
      const tppOfOldCa = issueTppCertificate({
        issuer: oldCa,
        organizationName: "Early TPP AS",
        organizationIdentifier: "PSDNO-FSA-555002",
        roles: ["PSP_AI"],
        now: firstStart,
        validityDays: 730,
      });

      const pki = await loadBankPki({ settings, bankName: "Another Name", now: REAL_NOW });
      const ca = readCertificateInfo(pki.ca.certificatePem);
      expect(Date.parse(ca.notBefore)).toBeLessThanOrEqual(certificatesValidFrom(REAL_NOW).getTime());
      expect(ca.subject).toBe(readCertificateInfo(oldCa.certificatePem).subject);
      expect(new X509Certificate(pki.ca.certificatePem).publicKey.export({ format: "der", type: "spki" })).toEqual(
        new X509Certificate(oldCa.certificatePem).publicKey.export({ format: "der", type: "spki" }),
      );
      expect(Date.parse(readCertificateInfo(pki.seal.certificatePem).notBefore)).toBeLessThanOrEqual(
        certificatesValidFrom(REAL_NOW).getTime(),
      );
      expect(
        verifyCertificateChain(parseCertificate(tppOfOldCa.certificatePem), loadTrustAnchors(pki.ca.certificatePem), REAL_NOW),
      ).toMatchObject({ ok: true });
      // Kept: a second load changes nothing.
      const again = await loadBankPki({ settings, bankName: "Another Name", now: REAL_NOW });
      expect(again.ca.certificatePem).toBe(pki.ca.certificatePem);
    } finally {
      await database.close();
    }
  }, 60_000);
});
