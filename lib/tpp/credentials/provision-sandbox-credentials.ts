import "server-only";
import { randomInt, X509Certificate } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { get as httpsGet } from "node:https";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import { Agent, request } from "undici";
import { z } from "zod";
import { loadCertificatePem, loadPrivateKeyPem, privateKeyMatchesCertificate } from "../../psd2/certificates";
import { parseCertificate } from "../../psd2/x509";
import { TppError } from "../errors";
import type { SigningCredentials } from "./read-signing-credentials";
import type { TlsCredentials } from "./read-tls-credentials";

/** A sandbox certificate from the bank's developer portal, kept in the data directory. */
export interface SandboxCredentials extends SigningCredentials {
  /** The TPP's id at the bank: the certificate's organizationIdentifier. */
  readonly tppId: string;
  /** The bank's sandbox CA: it issued this certificate and the bank's response seal. */
  readonly caCertificatePem: string;
  /** true when the portal issued it just now. */
  readonly issued: boolean;
  /** The QWAC-style TLS client certificate the portal issued beside it, for a bank that asks for one. */
  readonly tls: TlsCredentials | undefined;
}

/** The reply of POST /portal/certificates (the bank's developer portal). @see docs/interface/certificates.md#certificates-and-tpp-registration */
const portalCertificateSchema = z.looseObject({
  tppId: z.string().min(1),
  certificate: z.string().includes("BEGIN CERTIFICATE"),
  privateKey: z.string().includes("PRIVATE KEY"),
  caCertificate: z.string().includes("BEGIN CERTIFICATE"),
  tlsCertificate: z.string().includes("BEGIN CERTIFICATE").optional(),
  tlsPrivateKey: z.string().includes("PRIVATE KEY").optional(),
});

const registrationSchema = z.object({ tppId: z.string(), organisationName: z.string(), issuedAt: z.string(), bankUrl: z.string() });

const FILES = {
  certificate: "certificate.pem",
  privateKey: "private-key.pem",
  ca: "aspsp-ca.pem",
  registration: "registration.json",
} as const;
const TLS_FILES = { certificate: "tls-certificate.pem", privateKey: "tls-private-key.pem" } as const;

/** The organisation the demo registers as; the id is new per data directory. */
export const SANDBOX_ORGANISATION_NAME = "PSD2 TPP Demo AS";

const TIMEOUTS = { headersTimeout: 30_000, bodyTimeout: 30_000 } as const;

/** A file of the credentials directory, a run-time path (kept out of Next's output file tracing). */
function fileIn(directory: string, name: string): string {
  return path.join(/*turbopackIgnore: true*/ directory, name);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function unavailable(message: string, cause?: unknown): TppError {
  return new TppError("CREDENTIALS_UNAVAILABLE", message, { cause });
}

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch {
    return undefined;
  }
}

/** Writes a file completely or not at all (a crash mid-write must not leave half a key). */
async function writeAtomically(file: string, content: string, mode: number): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode });
  await rename(temporary, file);
}

/**
 * GET /portal/ca.pem over HTTPS from the local sandbox bank, whose CA is not known before: the
 * reply is accepted only when the server's own certificate was issued by the CA it serves (the
 * bank is on this machine, isLocalUrl: the same trust as the portal's certificate over HTTP).
 */
function fetchCaOverHttps(bankUrl: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const outgoing = httpsGet(`${bankUrl}/portal/ca.pem`, { rejectUnauthorized: false, timeout: TIMEOUTS.headersTimeout }, (response) => {
      const peer = (response.socket as TLSSocket).getPeerCertificate();
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", () => resolve(undefined));
      response.on("end", () => {
        try {
          if (response.statusCode !== 200 || peer.raw === undefined) return resolve(undefined);
          const caPem = loadCertificatePem(Buffer.concat(chunks).toString("utf8"));
          const ca = new X509Certificate(caPem);
          const server = new X509Certificate(peer.raw);
          resolve(server.checkIssued(ca) && server.verify(ca.publicKey) ? caPem : undefined);
        } catch {
          resolve(undefined);
        }
      });
    });
    outgoing.on("timeout", () => outgoing.destroy());
    outgoing.on("error", () => resolve(undefined));
  });
}

/** GET /portal/ca.pem at one address (over HTTP or HTTPS), or undefined when it does not answer with a CA. */
async function fetchCaAt(url: string): Promise<string | undefined> {
  if (new URL(url).protocol === "https:") return fetchCaOverHttps(url);
  try {
    const response = await request(`${url}/portal/ca.pem`, { method: "GET", ...TIMEOUTS });
    const text = await response.body.text();
    if (response.statusCode !== 200) return undefined;
    return loadCertificatePem(text);
  } catch {
    return undefined;
  }
}

/**
 * Where the sandbox bank's portal may be: the bank's own address, and over HTTPS the port after
 * it. A bank that requires a client certificate (BANK_CLIENT_CERT=required) fails the handshake
 * of a connection without one, and serves its portal and SCA pages without one on its web port,
 * by default its API port + 1 (BANK_WEB_PORT), as `npm run demo -- --tls` starts it.
 */
export function sandboxPortalCandidates(bankUrl: string): string[] {
  const url = new URL(bankUrl);
  if (url.protocol !== "https:") return [bankUrl];
  const port = Number(url.port || 443);
  if (port >= 65535) return [bankUrl];
  const web = new URL(bankUrl);
  web.port = String(port + 1);
  return [bankUrl, web.toString().replace(/\/+$/, "")];
}

/** The sandbox bank's portal: its address (`portalUrl`, or the first of sandboxPortalCandidates that answers) and the CA it serves. */
async function locateSandboxPortal(bankUrl: string, portalUrl?: string): Promise<{ url: string; caPem: string } | undefined> {
  for (const url of portalUrl === undefined ? sandboxPortalCandidates(bankUrl) : [portalUrl]) {
    const caPem = await fetchCaAt(url);
    if (caPem !== undefined) return { url, caPem };
  }
  return undefined;
}

/**
 * GET /portal/ca.pem: the sandbox bank's CA (over HTTP or HTTPS, from the bank's address or its
 * web port: sandboxPortalCandidates), or undefined when the bank cannot be reached.
 */
export async function fetchSandboxCa(bankUrl: string, portalUrl?: string): Promise<string | undefined> {
  return (await locateSandboxPortal(bankUrl, portalUrl))?.caPem;
}

async function requestCertificate(
  portalUrl: string,
  keptId: string | undefined,
  caPem: string | undefined,
): Promise<z.output<typeof portalCertificateSchema> & { organisationName: string }> {
  // A new id per data directory, kept across renewals: the portal registers the TPP under it (and
  // renews the certificate for the same id), and the bank's psu-ids are per TPP, so the app's
  // PSU-IDs stay good when its certificate is renewed.
  const organisationId = keptId ?? `PSDNO-FSA-DEMO${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
  const body = JSON.stringify({ organisationName: SANDBOX_ORGANISATION_NAME, organisationId, roles: ["PSP_AI", "PSP_PI"] });
  let status: number;
  let text: string;
  // Over HTTPS the server's certificate must chain to the CA fetched (checked) just before.
  const dispatcher = new URL(portalUrl).protocol === "https:" && caPem !== undefined ? new Agent({ connect: { ca: caPem } }) : undefined;
  try {
    const response = await request(`${portalUrl}/portal/certificates`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body,
      ...TIMEOUTS,
      ...(dispatcher === undefined ? {} : { dispatcher }),
    });
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    throw unavailable(
      `no certificate is configured and the sandbox bank's portal at ${portalUrl}/portal/certificates cannot be reached (${messageOf(error)}): start the bank (npm run bank) or use npm run demo`,
      error,
    );
  } finally {
    await dispatcher?.close();
  }
  if (status !== 201) {
    throw unavailable(`the sandbox bank's portal refused a certificate (${status}): ${text.slice(0, 300)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw unavailable("the sandbox bank's portal answered with something other than JSON", error);
  }
  const parsed = portalCertificateSchema.safeParse(json);
  if (!parsed.success)
    throw unavailable(
      `the sandbox bank's portal answered without a certificate and key (${parsed.error.issues[0]?.message ?? "unreadable"})`,
    );
  return { ...parsed.data, organisationName: SANDBOX_ORGANISATION_NAME };
}

/** The TPP id the portal registered for this data directory and bank before, if any. */
async function readKeptTppId(directory: string, bankUrl: string): Promise<string | undefined> {
  const text = await readIfPresent(fileIn(directory, FILES.registration));
  if (text === undefined) return undefined;
  try {
    const registration = registrationSchema.parse(JSON.parse(text));
    return registration.bankUrl === bankUrl ? registration.tppId : undefined;
  } catch {
    return undefined;
  }
}

/** The kept TLS client certificate and key, when both are there and belong together. */
async function readKeptTls(directory: string): Promise<TlsCredentials | undefined> {
  const [certificateText, keyText] = await Promise.all([
    readIfPresent(fileIn(directory, TLS_FILES.certificate)),
    readIfPresent(fileIn(directory, TLS_FILES.privateKey)),
  ]);
  if (certificateText === undefined || keyText === undefined) return undefined;
  try {
    const certificatePem = loadCertificatePem(certificateText);
    const privateKeyPem = loadPrivateKeyPem(keyText);
    return privateKeyMatchesCertificate(privateKeyPem, certificatePem) ? { certificatePem, privateKeyPem } : undefined;
  } catch {
    return undefined;
  }
}

/** The kept credentials, when they are complete, match, are valid now and belong to this bank. */
async function readKept(directory: string, bankUrl: string, now: Date): Promise<Omit<SandboxCredentials, "issued"> | undefined> {
  const [certificateText, keyText, caText, registrationText] = await Promise.all(
    [FILES.certificate, FILES.privateKey, FILES.ca, FILES.registration].map((name) => readIfPresent(fileIn(directory, name))),
  );
  if (certificateText === undefined || keyText === undefined || caText === undefined || registrationText === undefined) return undefined;
  try {
    const registration = registrationSchema.parse(JSON.parse(registrationText));
    if (registration.bankUrl !== bankUrl) return undefined;
    const certificatePem = loadCertificatePem(certificateText);
    const privateKeyPem = loadPrivateKeyPem(keyText);
    if (!privateKeyMatchesCertificate(privateKeyPem, certificatePem)) return undefined;
    const certificate = parseCertificate(certificatePem);
    if (certificate.notAfter.getTime() <= now.getTime() || certificate.notBefore.getTime() > now.getTime()) return undefined;
    return {
      certificatePem,
      privateKeyPem,
      chainPems: [caText],
      tppId: registration.tppId,
      caCertificatePem: loadCertificatePem(caText),
      tls: await readKeptTls(directory),
    };
  } catch {
    return undefined;
  }
}

/**
 * The TPP's certificate in the local sandbox: the one kept in `directory` (certificate.pem,
 * private-key.pem readable by the owner only, aspsp-ca.pem, registration.json, and the TLS client
 * certificate tls-certificate.pem with tls-private-key.pem), or a new one from the bank's
 * developer portal on first start, when the bank's CA changed (its data was reset), or when the
 * kept set has no TLS client certificate (kept from before the portal issued one). When the bank
 * cannot be reached, the kept certificate is used as it is. Works over HTTP and HTTPS (the CA is
 * then fetched as fetchCaOverHttps says).
 * @see docs/interface/certificates.md#certificates-and-tpp-registration
 */
export async function provisionSandboxCredentials(options: {
  /** The bank's address (ASPSP_BASE_URL): the credentials are kept for it. */
  bankUrl: string;
  /** Where its portal is, when not at one of sandboxPortalCandidates(bankUrl). */
  portalUrl?: string;
  directory: string;
  now?: Date;
}): Promise<SandboxCredentials> {
  const now = options.now ?? new Date();
  const kept = await readKept(options.directory, options.bankUrl, now);
  const portal = await locateSandboxPortal(options.bankUrl, options.portalUrl);
  const currentCa = portal?.caPem;
  if (kept !== undefined && (currentCa === undefined || (currentCa === kept.caCertificatePem && kept.tls !== undefined))) {
    return { ...kept, issued: false };
  }

  const portalUrl = portal?.url ?? options.portalUrl ?? options.bankUrl;
  const issued = await requestCertificate(portalUrl, await readKeptTppId(options.directory, options.bankUrl), currentCa);
  let certificatePem: string;
  let privateKeyPem: string;
  let caCertificatePem: string;
  try {
    certificatePem = loadCertificatePem(issued.certificate);
    privateKeyPem = loadPrivateKeyPem(issued.privateKey);
    caCertificatePem = loadCertificatePem(issued.caCertificate);
  } catch (error) {
    throw unavailable(`the sandbox bank's portal sent a certificate or key that cannot be read (${messageOf(error)})`, error);
  }
  if (!privateKeyMatchesCertificate(privateKeyPem, certificatePem))
    throw unavailable("the sandbox bank's portal sent a key that does not match its certificate");
  let tls: TlsCredentials | undefined;
  if (issued.tlsCertificate !== undefined && issued.tlsPrivateKey !== undefined) {
    try {
      tls = { certificatePem: loadCertificatePem(issued.tlsCertificate), privateKeyPem: loadPrivateKeyPem(issued.tlsPrivateKey) };
    } catch (error) {
      throw unavailable(`the sandbox bank's portal sent a TLS client certificate or key that cannot be read (${messageOf(error)})`, error);
    }
    if (!privateKeyMatchesCertificate(tls.privateKeyPem, tls.certificatePem))
      throw unavailable("the sandbox bank's portal sent a TLS client key that does not match its certificate");
  }
  await mkdir(options.directory, { recursive: true, mode: 0o700 });
  // The key first and the registration last: readKept accepts the set only when all are there.
  await writeAtomically(fileIn(options.directory, FILES.privateKey), privateKeyPem, 0o600);
  await writeAtomically(fileIn(options.directory, FILES.certificate), certificatePem, 0o644);
  await writeAtomically(fileIn(options.directory, FILES.ca), caCertificatePem, 0o644);
  if (tls !== undefined) {
    await writeAtomically(fileIn(options.directory, TLS_FILES.privateKey), tls.privateKeyPem, 0o600);
    await writeAtomically(fileIn(options.directory, TLS_FILES.certificate), tls.certificatePem, 0o644);
  }
  await writeAtomically(
    fileIn(options.directory, FILES.registration),
    `${JSON.stringify({ tppId: issued.tppId, organisationName: issued.organisationName, issuedAt: now.toISOString(), bankUrl: options.bankUrl }, null, 2)}\n`,
    0o644,
  );
  return { certificatePem, privateKeyPem, chainPems: [caCertificatePem], tppId: issued.tppId, caCertificatePem, issued: true, tls };
}
