/**
 * The bank's own process over HTTPS (BANK_TLS=on) with a client certificate required
 * (BANK_CLIENT_CERT=required): its server certificate chains to its CA and names 127.0.0.1 and
 * localhost; TLS 1.0 and 1.1 are refused (a client that speaks them is shown to reach a server
 * that allows them), 1.2 and 1.3 accepted; /v1 refuses a connection without a client
 * certificate, with one from a CA it does not trust, and with one of another TPP than the
 * request's signature, and serves the right one; the portal and the SCA pages need none.
 * @see docs/interface/transport.md#transport
 */
import { randomBytes, X509Certificate } from "node:crypto";
import pg from "pg";
import { type ConnectionOptions, connect, createServer, type Server, type TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCertificateAuthority, issueTppTlsClientCertificate, readCertificateInfo } from "../psd2/certificates";
import { type BankProcess, spawnBankProcess as spawnBank, waitForHealth } from "../../testing/bank-process";
import { httpInjector, sendRequest, type TlsRequestOptions } from "./testing/bank-process";
import { createSignedTestClient, sharedTppCredentials } from "./testing/signed-test-client";
import { testDatabaseKinds } from "./testing/test-database";

const trustAnchors = new URL("../../test-vectors/signature/keys/trusted-cas.pem", import.meta.url).pathname;

type Credentials = { cert: string; key: string };

/** Opens a TLS connection with these options; resolves with the protocol, or rejects with the handshake's error. */
function handshake(port: number, options: ConnectionOptions): Promise<{ protocol: string | null; socket: TLSSocket }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port, ...options }, () => {
      resolve({ protocol: socket.getProtocol(), socket });
      socket.end();
    });
    socket.once("error", reject);
  });
}

/** TLS 1.0 or 1.1 as an old client offers it (OpenSSL 3 needs security level 0 for their ciphers). */
const oldClient = (version: "TLSv1" | "TLSv1.1") =>
  ({ minVersion: version, maxVersion: version, ciphers: "DEFAULT:@SECLEVEL=0", rejectUnauthorized: false }) satisfies ConnectionOptions;

describe("the bank over HTTPS with a client certificate required", () => {
  let bank: BankProcess;
  let port: number;
  let caPem: string;
  let tppId: string;
  /** The TLS client certificate the portal issued for the shared test TPP (the request signer). */
  let right: Credentials;
  /** One the portal issued for another TPP. */
  let otherTpp: Credentials;
  /** One for the right TPP from a CA the bank does not trust. */
  let foreign: Credentials;
  const tls = (extra: TlsRequestOptions = {}): TlsRequestOptions => ({ ca: caPem, ...extra });

  async function issue(organisationId: string): Promise<Credentials> {
    const response = await sendRequest(bank.url, {
      method: "POST",
      url: "/portal/certificates",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ organisationName: "TLS Test AS", organisationId, roles: ["PSP_AI", "PSP_PI"] }),
      tls: tls(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const issued = response.json<{ tlsCertificate: string; tlsPrivateKey: string }>();
    return { cert: issued.tlsCertificate, key: issued.tlsPrivateKey };
  }

  beforeAll(async () => {
    bank = await spawnBank({
      BANK_DATA_DIR: "memory",
      BANK_TLS: "on",
      BANK_CLIENT_CERT: "required",
      BANK_TRUST_ANCHORS: trustAnchors,
      BANK_LOG_LEVEL: "info",
    });
    await waitForHealth(bank);
    port = Number(new URL(bank.url).port);
    // Trust on first sight, once: every later request verifies the server against this CA.
    caPem = (await sendRequest(bank.url, { method: "GET", url: "/portal/ca.pem", tls: { rejectUnauthorized: false } })).body;
    tppId = readCertificateInfo(sharedTppCredentials().certificatePem).organizationIdentifier ?? "";
    right = await issue(tppId);
    otherTpp = await issue("PSDNO-FSA-424242");
    const strangerCa = createCertificateAuthority({ organizationName: "Stranger Trust Services", now: new Date(Date.now() - 86_400_000) });
    const strangerCertificate = issueTppTlsClientCertificate({
      issuer: strangerCa,
      organizationName: "TLS Test AS",
      organizationIdentifier: tppId,
      roles: ["PSP_AI", "PSP_PI"],
      now: new Date(Date.now() - 86_400_000),
    });
    foreign = { cert: strangerCertificate.certificatePem, key: strangerCertificate.privateKeyPem ?? "" };
  }, 180_000);

  afterAll(async () => {
    expect(await bank?.stop()).toBe(0);
  }, 30_000);

  it("says at start that it serves HTTPS and requires a client certificate", () => {
    expect(bank.lines().join("\n")).toContain("HTTPS, TLS 1.2 and 1.3, server certificate from the bank's CA");
    expect(bank.lines().join("\n")).toContain("client certificate required on /v1 (BANK_CLIENT_CERT=required)");
  });

  it("serves a server certificate from its own CA for 127.0.0.1 and localhost, for TLS servers only", async () => {
    for (const servername of ["localhost", undefined]) {
      const { socket } = await handshake(port, { ca: caPem, ...(servername === undefined ? {} : { servername }) });
      expect(socket.authorized).toBe(true);
      const certificate = new X509Certificate(socket.getPeerCertificate().raw);
      expect(certificate.verify(new X509Certificate(caPem).publicKey)).toBe(true);
      expect(certificate.subjectAltName).toContain("DNS:localhost");
      expect(certificate.subjectAltName).toContain("IP Address:127.0.0.1");
      expect(certificate.keyUsage).toEqual(["1.3.6.1.5.5.7.3.1"]);
    }
    // Without its CA the server is not trusted: the certificate is the bank's own, not a public one.
    await expect(handshake(port, {})).rejects.toMatchObject({ code: "SELF_SIGNED_CERT_IN_CHAIN" });
  });

  it("refuses TLS 1.0 and 1.1 (which the same client speaks with a server that allows them), and accepts 1.2 and 1.3", async () => {
    const control: Server = createServer({ key: right.key, cert: right.cert, minVersion: "TLSv1", ciphers: "DEFAULT:@SECLEVEL=0" }, (s) =>
      s.end(),
    );
    await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
    try {
      const controlPort = (control.address() as { port: number }).port;
      for (const version of ["TLSv1", "TLSv1.1"] as const) {
        expect((await handshake(controlPort, oldClient(version))).protocol).toBe(version);
        await expect(handshake(port, oldClient(version))).rejects.toMatchObject({
          code: expect.stringMatching(/ALERT_PROTOCOL_VERSION|UNSUPPORTED_PROTOCOL/),
        });
      }
    } finally {
      control.close();
    }
    expect((await handshake(port, { ca: caPem, maxVersion: "TLSv1.2" as const })).protocol).toBe("TLSv1.2");
    expect((await handshake(port, { ca: caPem, minVersion: "TLSv1.3" as const })).protocol).toBe("TLSv1.3");
    // And HTTP over each.
    for (const versions of [{ maxVersion: "TLSv1.2" }, { minVersion: "TLSv1.3" }] as const) {
      expect((await sendRequest(bank.url, { method: "GET", url: "/health", tls: tls(versions) })).statusCode).toBe(200);
    }
  });

  it("refuses /v1 without a client certificate: 400 CERTIFICATE_MISSING, saying so, and closes the connection", async () => {
    const response = await createSignedTestClient(httpInjector(bank.url, { tls: tls(), keepAlive: true })).get("/v1/sandbox/customers");
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers.connection).toBe("close");
    expect(response.json()).toMatchObject({
      tppMessages: [
        {
          category: "ERROR",
          code: "CERTIFICATE_MISSING",
          path: "TLS client certificate",
          text: expect.stringContaining("The TLS connection carries no client certificate"),
        },
      ],
    });
  });

  it("refuses a client certificate from a CA it does not trust: 400 CERTIFICATE_INVALID with the reason", async () => {
    const response = await createSignedTestClient(httpInjector(bank.url, { tls: tls(foreign), keepAlive: true })).get(
      "/v1/sandbox/customers",
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers.connection).toBe("close");
    const [message] = response.json<{ tppMessages: { code: string; text: string }[] }>().tppMessages;
    expect(message?.code).toBe("CERTIFICATE_INVALID");
    expect(message?.text).toBe(
      "The TLS client certificate (TLS Test AS) was not accepted: it was not issued by a CA the bank trusts (UNABLE_TO_VERIFY_LEAF_SIGNATURE); it must chain to the bank's sandbox CA or a CA of BANK_TRUST_ANCHORS, and be valid now",
    );
  });

  it("refuses a client certificate of another TPP than the request's signature, naming both", async () => {
    const response = await createSignedTestClient(httpInjector(bank.url, { tls: tls(otherTpp), keepAlive: true })).get(
      "/v1/sandbox/customers",
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      tppMessages: [
        {
          code: "CERTIFICATE_INVALID",
          path: "TLS client certificate",
          text: `The TLS client certificate is for PSDNO-FSA-424242, but the request is signed with the certificate of ${tppId}: both must be the same TPP's`,
        },
      ],
    });
  });

  it("serves the right TPP's client certificate", async () => {
    const response = await createSignedTestClient(httpInjector(bank.url, { tls: tls(right), keepAlive: true })).get(
      "/v1/sandbox/customers",
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.connection).toBe("keep-alive");
  });

  it("serves the developer portal and the SCA pages without a client certificate", async () => {
    expect((await sendRequest(bank.url, { method: "GET", url: "/portal", tls: tls() })).statusCode).toBe(200);
    // A consent's SCA link (signed with the right client certificate), opened by a browser without one.
    const tpp = createSignedTestClient(httpInjector(bank.url, { tls: tls(right) }));
    const consent = await tpp.post(
      "/v1/consents",
      {},
      { "TPP-Session-ID": "tls-test", "TPP-Redirect-URI": "https://tpp.example.test/callback", "PSU-IP-Address": "192.0.2.1" },
    );
    expect(consent.statusCode, consent.body).toBe(201);
    const href = consent.json<{ _links: { scaRedirect: { href: string } } }>()._links.scaRedirect.href;
    expect(href.startsWith(`${bank.url}/`)).toBe(true);
    const page = await sendRequest(bank.url, { method: "GET", url: href, tls: tls() });
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    expect(page.body).toContain("<form");
  });
});

// The cluster (BANK_WORKERS=2 on PostgreSQL): every worker serves HTTPS from the one CA and checks
// client certificates; successive connections land on both workers (the log's pids show it).
describe.each(testDatabaseKinds().filter((kind) => kind === "postgres"))("two bank workers over HTTPS on %s", () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `bank_tls_${process.pid}_${randomBytes(4).toString("hex")}`;
  let bank: BankProcess;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    bank = await spawnBank({
      BANK_DATABASE_URL: url.toString(),
      BANK_WORKERS: "2",
      BANK_TLS: "on",
      BANK_CLIENT_CERT: "required",
      BANK_TRUST_ANCHORS: trustAnchors,
      BANK_LOG_LEVEL: "info",
      BANK_BATCH_RUN_INTERVAL: "0",
    });
    await waitForHealth(bank);
    const deadline = Date.now() + 120_000;
    while (bank.log().filter((line) => String(line.msg).startsWith("Server listening")).length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);

  afterAll(async () => {
    const ended = await bank?.stop();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await dropper.end();
    expect(ended).toBe(0);
  }, 60_000);

  it("each worker serves the right client certificate and refuses none, with certificates from the one CA", async () => {
    const caPem = (await sendRequest(bank.url, { method: "GET", url: "/portal/ca.pem", tls: { rejectUnauthorized: false } })).body;
    const tppId = readCertificateInfo(sharedTppCredentials().certificatePem).organizationIdentifier ?? "";
    const issued = await sendRequest(bank.url, {
      method: "POST",
      url: "/portal/certificates",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ organisationName: "TLS Test AS", organisationId: tppId, roles: ["PSP_AI", "PSP_PI"] }),
      tls: { ca: caPem },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const { tlsCertificate, tlsPrivateKey } = issued.json<{ tlsCertificate: string; tlsPrivateKey: string }>();
    const right = createSignedTestClient(httpInjector(bank.url, { tls: { ca: caPem, cert: tlsCertificate, key: tlsPrivateKey } }));
    const none = createSignedTestClient(httpInjector(bank.url, { tls: { ca: caPem } }));
    for (let index = 0; index < 6; index++) {
      expect((await right.get("/v1/sandbox/customers")).statusCode).toBe(200);
      expect((await none.get("/v1/sandbox/customers")).statusCode).toBe(400);
    }
    const pids = new Set(
      bank
        .log()
        .filter(
          (line) => line.msg === "incoming request" && String((line.req as { url?: unknown } | undefined)?.url) === "/v1/sandbox/customers",
        )
        .map((line) => Number(line.pid)),
    );
    expect(pids.size).toBe(2);
  }, 60_000);
});
