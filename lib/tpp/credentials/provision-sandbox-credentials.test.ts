import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueTppCertificate, issueTppTlsClientCertificate, readCertificateInfo } from "../../psd2/certificates";
import { type CaptureHandler, type CaptureServer, startCaptureServer } from "../testing/capture-server";
import { testPki } from "../testing/test-pki";
import { provisionSandboxCredentials, sandboxPortalCandidates } from "./provision-sandbox-credentials";

const work = mkdtempSync(path.join(tmpdir(), "tpp-portal-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("provisionSandboxCredentials (supplement §10, the developer portal)", () => {
  let portal: CaptureServer;
  let caPem = testPki.ca1CertificatePem;

  // A portal like the sandbox bank's: JSON in, a certificate, its key and the CA out.
  const portalHandler: CaptureHandler = (request, response) => {
    if (request.method === "GET" && request.url === "/portal/ca.pem") {
      response.writeHead(200, { "Content-Type": "application/x-pem-file" }).end(caPem);
      return;
    }
    const body: unknown = JSON.parse(request.body.toString());
    if (typeof body !== "object" || body === null || !("organisationId" in body) || typeof body.organisationId !== "string") {
      response.writeHead(400).end();
      return;
    }
    const subject = {
      issuer: { certificatePem: testPki.ca1CertificatePem, privateKeyPem: testPki.ca1KeyPem },
      organizationName: "PSD2 TPP Demo AS",
      organizationIdentifier: body.organisationId,
      roles: ["PSP_AI", "PSP_PI"] as const,
      now: new Date(Date.now() - 60_000),
    };
    const issued = issueTppCertificate(subject);
    const tls = issueTppTlsClientCertificate(subject);
    response.writeHead(201, { "Content-Type": "application/json" }).end(
      JSON.stringify({
        tppId: body.organisationId,
        certificate: issued.certificatePem,
        privateKey: issued.privateKeyPem,
        caCertificate: caPem,
        tlsCertificate: tls.certificatePem,
        tlsPrivateKey: tls.privateKeyPem,
      }),
    );
  };

  beforeAll(async () => {
    portal = await startCaptureServer();
    portal.setHandler(portalHandler);
  });
  afterAll(async () => {
    await portal.close();
  });

  it("asks the portal once for a certificate with both roles, keeps it (key readable by the owner only) and reuses it", async () => {
    const directory = path.join(work, "first");
    const first = await provisionSandboxCredentials({ bankUrl: portal.url, directory });
    expect(first.issued).toBe(true);
    expect(first.tppId).toMatch(/^PSDNO-FSA-DEMO\d{6}$/);
    const request = portal.requests.find((r) => r.method === "POST");
    expect(request?.url).toBe("/portal/certificates");
    expect(JSON.parse(request?.body.toString() ?? "{}")).toEqual({
      organisationName: "PSD2 TPP Demo AS",
      organisationId: first.tppId,
      roles: ["PSP_AI", "PSP_PI"],
    });
    expect(readCertificateInfo(first.certificatePem).roles).toEqual(["PSP_AI", "PSP_PI"]);
    expect(statSync(path.join(directory, "private-key.pem")).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(directory, "private-key.pem"), "utf8")).toBe(first.privateKeyPem);

    portal.requests.length = 0;
    const second = await provisionSandboxCredentials({ bankUrl: portal.url, directory });
    expect(second.issued).toBe(false);
    expect(second.certificatePem).toBe(first.certificatePem);
    expect(portal.requests.map((r) => r.method)).toEqual(["GET"]);
  });

  it("asks again when the bank's CA changed (its data was reset, or its CA renewed), under the same TPP id", async () => {
    const directory = path.join(work, "reset");
    const first = await provisionSandboxCredentials({ bankUrl: portal.url, directory });
    caPem = readFileSync(testPki.path("ca2.cert.pem"), "utf8");
    try {
      const again = await provisionSandboxCredentials({ bankUrl: portal.url, directory });
      expect(again.issued).toBe(true);
      expect(again.certificatePem).not.toBe(first.certificatePem);
      // The same TPP at the bank: its psu-ids (per TPP) stay good.
      expect(again.tppId).toBe(first.tppId);
    } finally {
      caPem = testPki.ca1CertificatePem;
    }
  });

  it("keeps using the kept certificate while the bank is down, and says what to do without one", async () => {
    const directory = path.join(work, "down");
    const bank = await startCaptureServer();
    bank.setHandler(portalHandler);
    const first = await provisionSandboxCredentials({ bankUrl: bank.url, directory });
    await bank.close();
    const kept = await provisionSandboxCredentials({ bankUrl: bank.url, directory });
    expect(kept).toMatchObject({ issued: false, tppId: first.tppId });

    const none = await provisionSandboxCredentials({ bankUrl: bank.url, directory: path.join(work, "none") }).catch((e: unknown) => e);
    expect(none).toMatchObject({ code: "CREDENTIALS_UNAVAILABLE" });
    expect(none instanceof Error && none.message).toMatch(
      /portal at http:\/\/127\.0\.0\.1:\d+\/portal\/certificates cannot be reached .*npm run demo/,
    );
  });

  it("asks the portal of another bank URL for its own certificate", async () => {
    const directory = path.join(work, "moved");
    await provisionSandboxCredentials({ bankUrl: portal.url, directory });
    const elsewhere = await provisionSandboxCredentials({ bankUrl: "http://127.0.0.1:9", directory }).catch((e: unknown) => e);
    expect(elsewhere).toMatchObject({ code: "CREDENTIALS_UNAVAILABLE" });
  });
});

describe("sandboxPortalCandidates", () => {
  it("looks at the bank's address, and over HTTPS at its next port too (a bank requiring client certificates serves its portal there)", () => {
    expect(sandboxPortalCandidates("http://localhost:4000")).toEqual(["http://localhost:4000"]);
    expect(sandboxPortalCandidates("https://localhost:4000")).toEqual(["https://localhost:4000", "https://localhost:4001"]);
    expect(sandboxPortalCandidates("https://127.0.0.1")).toEqual(["https://127.0.0.1", "https://127.0.0.1:444"]);
    expect(sandboxPortalCandidates("https://localhost:65535")).toEqual(["https://localhost:65535"]);
  });
});
