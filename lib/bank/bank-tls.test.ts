/**
 * The bank's own process over HTTPS (BANK_TLS=on) with a client certificate required
 * (BANK_CLIENT_CERT=required): its server certificate chains to its CA and names 127.0.0.1 and
 * localhost; TLS 1.0 and 1.1 are refused (a client that speaks them is shown to reach a server
 * that allows them), 1.2 and 1.3 accepted; the API port fails the handshake of a connection
 * without a client certificate or with one from a CA it does not trust (no HTTP reply at all),
 * refuses one of another TPP than the request's signature with 400 CERTIFICATE_INVALID naming
 * both, and serves the right one; the portal and the SCA pages are on the web port, which asks
 * for none and whose /v1 says where the API is.
 * @see docs/interface/transport.md#transport
 */
import { randomBytes, randomUUID, X509Certificate } from "node:crypto";
import pg from "pg";
import { type ConnectionOptions, connect, createServer, type Server, type TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCertificateAuthority, issueTppTlsClientCertificate, readCertificateInfo } from "../psd2/certificates";
import { type BankProcess, spawnBundledBankProcess as spawnBank, waitForHealth } from "../../testing/bank-process";
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

/**
 * Sends `GET path` over a TLS connection with these options. Resolves with what came back before
 * the connection closed (empty: closed without a reply), or rejects with the connection's error;
 * `connected` tells whether the client saw its side of the handshake complete.
 */
function rawGet(port: number, options: ConnectionOptions, path = "/health"): Promise<{ reply: string; connected: boolean }> {
  return new Promise((resolve, reject) => {
    let reply = "";
    let connected = false;
    const socket = connect({ host: "127.0.0.1", port, ...options }, () => {
      connected = true;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-ID: ${randomUUID()}\r\nConnection: close\r\n\r\n`);
    });
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      reply += chunk;
    });
    socket.once("error", (error: NodeJS.ErrnoException) => reject(Object.assign(error, { reply, connected })));
    socket.once("close", () => resolve({ reply, connected }));
  });
}

/** TLS 1.0 or 1.1 as an old client offers it (OpenSSL 3 needs security level 0 for their ciphers). */
const oldClient = (version: "TLSv1" | "TLSv1.1") =>
  ({ minVersion: version, maxVersion: version, ciphers: "DEFAULT:@SECLEVEL=0", rejectUnauthorized: false }) satisfies ConnectionOptions;

describe("the bank over HTTPS with a client certificate required", () => {
  let bank: BankProcess;
  /** The API port (client certificate required in the handshake) and the web pages' port (none asked for). */
  let port: number;
  let webPort: number;
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
    const response = await sendRequest(bank.webUrl, {
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
    webPort = Number(new URL(bank.webUrl).port);
    expect(webPort).not.toBe(port);
    // Trust on first sight, once: every later request verifies the server against this CA.
    caPem = (await sendRequest(bank.webUrl, { method: "GET", url: "/portal/ca.pem", tls: { rejectUnauthorized: false } })).body;
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

  it("says at start that it serves HTTPS, requires a client certificate, and where its web pages are", () => {
    expect(bank.lines().join("\n")).toContain("HTTPS, TLS 1.2 and 1.3, server certificate from the bank's CA");
    expect(bank.lines().join("\n")).toContain(
      `client certificate required in the handshake (BANK_CLIENT_CERT=required); the web pages (portal, SCA) without one at ${bank.webUrl} (port ${webPort})`,
    );
  });

  it("serves a server certificate from its own CA for 127.0.0.1 and localhost, for TLS servers only, on both ports", async () => {
    for (const [servername, target, client] of [
      ["localhost", webPort, {}],
      [undefined, webPort, {}],
      ["localhost", port, right],
      [undefined, port, right],
    ] as const) {
      const { socket } = await handshake(target, { ca: caPem, ...client, ...(servername === undefined ? {} : { servername }) });
      expect(socket.authorized).toBe(true);
      const certificate = new X509Certificate(socket.getPeerCertificate().raw);
      expect(certificate.verify(new X509Certificate(caPem).publicKey)).toBe(true);
      expect(certificate.subjectAltName).toContain("DNS:localhost");
      expect(certificate.subjectAltName).toContain("IP Address:127.0.0.1");
      expect(certificate.keyUsage).toEqual(["1.3.6.1.5.5.7.3.1"]);
    }
    // Without its CA the server is not trusted: the certificate is the bank's own, not a public one.
    await expect(handshake(webPort, {})).rejects.toMatchObject({ code: "SELF_SIGNED_CERT_IN_CHAIN" });
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
        for (const [target, client] of [
          [port, right],
          [webPort, {}],
        ] as const) {
          await expect(handshake(target, { ...oldClient(version), ...client })).rejects.toMatchObject({
            code: expect.stringMatching(/ALERT_PROTOCOL_VERSION|UNSUPPORTED_PROTOCOL/),
          });
        }
      }
    } finally {
      control.close();
    }
    for (const [target, url, client] of [
      [port, bank.url, right],
      [webPort, bank.webUrl, {}],
    ] as const) {
      expect((await handshake(target, { ca: caPem, ...client, maxVersion: "TLSv1.2" as const })).protocol).toBe("TLSv1.2");
      expect((await handshake(target, { ca: caPem, ...client, minVersion: "TLSv1.3" as const })).protocol).toBe("TLSv1.3");
      // And HTTP over each.
      for (const versions of [{ maxVersion: "TLSv1.2" }, { minVersion: "TLSv1.3" }] as const) {
        expect((await sendRequest(url, { method: "GET", url: "/health", tls: tls({ ...client, ...versions }) })).statusCode).toBe(200);
      }
    }
  });

  it.each([
    ["without a client certificate", "TLSv1.3", () => ({}), /PEER_DID_NOT_RETURN_A_CERTIFICATE/],
    ["without a client certificate", "TLSv1.2", () => ({}), /PEER_DID_NOT_RETURN_A_CERTIFICATE/],
    ["with a client certificate from a CA it does not trust", "TLSv1.3", () => foreign, /^UNABLE_TO_VERIFY_LEAF_SIGNATURE$/],
    ["with a client certificate from a CA it does not trust", "TLSv1.2", () => foreign, /^UNABLE_TO_VERIFY_LEAF_SIGNATURE$/],
  ] as const)("fails the handshake of a connection %s (%s): no HTTP reply at all", async (_case, version, client, reason) => {
    const versions = { minVersion: version, maxVersion: version } as const;
    const refusals = () => bank.log().filter((line) => line.msg === "TLS handshake refused");
    const before = refusals().length;
    const outcome = await rawGet(port, { ca: caPem, ...client(), ...versions }, "/v1/sandbox/customers").then(
      (closed) => ({ error: undefined, ...closed }),
      (error: NodeJS.ErrnoException & { reply: string; connected: boolean }) => ({ error, reply: error.reply, connected: error.connected }),
    );
    // Closed with a TLS alert (or a reset) before a single byte of HTTP came back.
    expect(outcome.reply).toBe("");
    if (outcome.error !== undefined) expect(outcome.error.code).toMatch(/^(ERR_SSL_|EPROTO$|ECONNRESET$)/);
    // The bank says why, in its log.
    await expect.poll(() => refusals().length).toBe(before + 1);
    expect(String(refusals().at(-1)?.refused), JSON.stringify(refusals().slice(before))).toMatch(reason);
    // The bank's signed client gets no reply either: its request is never read.
    const failure = await createSignedTestClient(httpInjector(bank.url, { tls: tls({ ...client(), ...versions }) }))
      .get("/v1/sandbox/customers")
      .then(
        (response) => response,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    // The same client, with the right certificate, gets its answer: the refusal is the certificate's.
    const answered = await rawGet(port, { ca: caPem, ...right, ...versions }, "/health");
    expect(answered.reply).toMatch(/^HTTP\/1\.1 200 /);
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

  it("serves the developer portal, its CA, the docs and the health on the web port without a client certificate", async () => {
    for (const url of ["/portal", "/portal/ca.pem", "/docs", "/openapi.json", "/health"]) {
      const response = await sendRequest(bank.webUrl, { method: "GET", url, tls: tls() });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    }
    expect((await sendRequest(bank.webUrl, { method: "GET", url: "/portal/ca.pem", tls: tls() })).body).toBe(caPem);
    // The portal tells where the API is, and that it needs the client certificate.
    const portal = (await sendRequest(bank.webUrl, { method: "GET", url: "/portal", tls: tls() })).body;
    expect(portal).toContain(`<code>${bank.url}/v1</code>`);
    expect(portal).toContain(`These pages (at <code>${bank.webUrl}</code>) ask for none.`);
    expect(portal).toContain(`curl -s -X POST ${bank.webUrl}/portal/certificates`);
  });

  it("refuses /v1 on the web port, even signed and with the right certificate: 400 CERTIFICATE_MISSING naming the API's address", async () => {
    for (const client of [{}, right]) {
      const response = await createSignedTestClient(httpInjector(bank.webUrl, { tls: tls(client), keepAlive: true })).get(
        "/v1/sandbox/customers",
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        tppMessages: [
          {
            code: "CERTIFICATE_MISSING",
            path: "TLS client certificate",
            text: `This is the bank's port for its web pages (developer portal, SCA), which asks for no client certificate: the PSD2 interface is served at ${bank.url}/v1, over mutual TLS with the TPP's TLS client certificate`,
          },
        ],
      });
    }
  });

  it("links the SCA pages on the web port, where a browser without a certificate opens them", async () => {
    // A consent's SCA link (signed with the right client certificate), opened by a browser without one.
    const tpp = createSignedTestClient(httpInjector(bank.url, { tls: tls(right) }));
    const consent = await tpp.post(
      "/v1/consents",
      {},
      { "TPP-Session-ID": "tls-test", "TPP-Redirect-URI": "https://tpp.example.test/callback", "PSU-IP-Address": "192.0.2.1" },
    );
    expect(consent.statusCode, consent.body).toBe(201);
    const href = consent.json<{ _links: { scaRedirect: { href: string } } }>()._links.scaRedirect.href;
    expect(href.startsWith(`${bank.webUrl}/sca/`)).toBe(true);
    const page = await sendRequest(bank.webUrl, { method: "GET", url: href, tls: tls() });
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    expect(page.body).toContain("<form");
  });
});

// The cluster (BANK_WORKERS=2 on PostgreSQL): every worker serves both ports over HTTPS from the one
// CA, failing the API port's handshake without a client certificate; successive connections land
// on both workers (the log's pids show it).
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

  it("each worker serves the right client certificate and fails the handshake without one; each serves the web port", async () => {
    const caPem = (await sendRequest(bank.webUrl, { method: "GET", url: "/portal/ca.pem", tls: { rejectUnauthorized: false } })).body;
    const tppId = readCertificateInfo(sharedTppCredentials().certificatePem).organizationIdentifier ?? "";
    const issued = await sendRequest(bank.webUrl, {
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
    const web = createSignedTestClient(httpInjector(bank.webUrl, { tls: { ca: caPem } }));
    const pidsOf = (message: string, url?: string) =>
      new Set(
        bank
          .log()
          .filter((line) => line.msg === message && (url === undefined || String((line.req as { url?: unknown } | undefined)?.url) === url))
          .map((line) => Number(line.pid)),
      );
    // Each kind of connection several times in a row: the primary hands a port's connections to the workers in turn.
    for (let index = 0; index < 4; index++) expect((await right.get("/v1/sandbox/customers")).statusCode).toBe(200);
    expect(pidsOf("incoming request", "/v1/sandbox/customers").size).toBe(2);
    for (let index = 0; index < 4; index++) {
      const refused = await none.get("/v1/sandbox/customers").then(
        (response) => response,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(Error);
    }
    await expect.poll(() => pidsOf("TLS handshake refused").size).toBe(2);
    for (let index = 0; index < 4; index++) {
      expect((await sendRequest(bank.webUrl, { method: "GET", url: "/portal", tls: { ca: caPem } })).statusCode).toBe(200);
    }
    expect(pidsOf("incoming request", "/portal").size).toBe(2);
    for (let index = 0; index < 2; index++) {
      const onWeb = await web.get("/v1/sandbox/customers");
      expect(onWeb.statusCode).toBe(400);
      expect(onWeb.body).toContain(`the PSD2 interface is served at ${bank.url}/v1`);
    }
  }, 60_000);
});
