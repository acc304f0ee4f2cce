import "server-only";
import { X509Certificate, createPrivateKey } from "node:crypto";
import { CertificateError, loadPemBundle, loadPkcs12 } from "../../psd2/certificates";
import { TppError } from "../errors";
import { readConfigFile } from "./read-config-file";

/** The QWAC and its key for mutual TLS with the bank, as PEM (the certificate may be followed by its chain). */
export interface TlsCredentials {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
}

/** The TLS client certificate the app presents to the bank. */
export type TlsClientCertificateSource =
  | { readonly kind: "files"; readonly variable: "TPP_TLS_CERT_FILE" | "TPP_TLS_P12_FILE"; readonly credentials: TlsCredentials }
  /** The local sandbox's portal issues one beside the signing certificate (kept with it). */
  | { readonly kind: "sandbox-portal" }
  | { readonly kind: "none" };

/** The CAs the bank's TLS server certificate must chain to. */
export type TlsServerCaSource =
  | { readonly kind: "file"; readonly file: string; readonly pem: string; readonly subjects: readonly string[] }
  /** The local sandbox bank over HTTPS: its CA, from its portal (kept with the credentials). */
  | { readonly kind: "sandbox-portal" }
  /** Node's bundled CAs: a bank with a publicly trusted certificate. */
  | { readonly kind: "system" };

/** How the app reaches the bank over TLS. */
export interface TlsSetting {
  readonly clientCertificate: TlsClientCertificateSource;
  readonly serverCa: TlsServerCaSource;
}

/** The variables read here (environmentSchema in config.ts checks their form). */
export interface TlsVariables {
  readonly TPP_TLS_CERT_FILE?: string | undefined;
  readonly TPP_TLS_KEY_FILE?: string | undefined;
  readonly TPP_TLS_P12_FILE?: string | undefined;
  readonly TPP_TLS_P12_PASSWORD?: string | undefined;
  readonly ASPSP_TLS_CA_FILE?: string | undefined;
}

function configError(variable: string, message: string, cause?: unknown): TppError {
  return new TppError("CONFIG_INVALID", `${variable}: ${message}`, { variable, cause });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads TPP_TLS_CERT_FILE and TPP_TLS_KEY_FILE (the QWAC for mutual TLS) and checks that the key
 * belongs to the certificate; the files are handed to the TLS layer as read.
 * @see docs/interface/certificates.md#production-qwac (production: QWAC over mutual TLS)
 */
export function readTlsCredentials(files: { certFile: string; keyFile: string }, cwd: string): TlsCredentials {
  const certificatePem = readConfigFile("TPP_TLS_CERT_FILE", files.certFile, cwd).toString("utf8");
  const privateKeyPem = readConfigFile("TPP_TLS_KEY_FILE", files.keyFile, cwd).toString("utf8");
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certificatePem);
  } catch (error) {
    throw configError("TPP_TLS_CERT_FILE", `${files.certFile} is not a PEM certificate`, error);
  }
  let matches: boolean;
  try {
    matches = certificate.checkPrivateKey(createPrivateKey(privateKeyPem));
  } catch (error) {
    throw configError("TPP_TLS_KEY_FILE", `${files.keyFile} is not a PEM private key`, error);
  }
  if (!matches) {
    throw configError(
      "TPP_TLS_KEY_FILE",
      `the key in ${files.keyFile} does not belong to the certificate in TPP_TLS_CERT_FILE (${files.certFile})`,
    );
  }
  return { certificatePem, privateKeyPem };
}

/** TPP_TLS_P12_FILE with TPP_TLS_P12_PASSWORD: the QWAC, its chain and key from one PKCS#12 file. */
export function readTlsPkcs12(file: string, password: string, cwd: string): TlsCredentials {
  const bytes = readConfigFile("TPP_TLS_P12_FILE", file, cwd);
  try {
    const contents = loadPkcs12(new Uint8Array(bytes), password);
    return { certificatePem: [contents.certificatePem, ...contents.chainPems].join(""), privateKeyPem: contents.privateKeyPem };
  } catch (error) {
    if (error instanceof CertificateError && error.code === "PKCS12_PASSWORD") {
      throw configError("TPP_TLS_P12_PASSWORD", `wrong password for ${file} (TPP_TLS_P12_FILE)`, error);
    }
    throw configError("TPP_TLS_P12_FILE", `${file} is not a usable PKCS#12 file (${messageOf(error)})`, error);
  }
}

/** ASPSP_TLS_CA_FILE: a PEM bundle of CA certificates (no key), with their subjects for the start-up line. */
function readServerCa(file: string, cwd: string): Extract<TlsServerCaSource, { kind: "file" }> {
  const text = readConfigFile("ASPSP_TLS_CA_FILE", file, cwd).toString("utf8");
  try {
    const bundle = loadPemBundle(text);
    if (bundle.privateKeyPem !== null) throw new CertificateError("PEM_INVALID", "it holds a private key; give only the CA certificates");
    if (bundle.certificatePem === null) throw new CertificateError("PEM_INVALID", "no CERTIFICATE block found");
    const pems = [bundle.certificatePem, ...bundle.chainPems];
    return { kind: "file", file, pem: pems.join(""), subjects: pems.map((pem) => new X509Certificate(pem).subject.replace(/\n/g, ", ")) };
  } catch (error) {
    throw configError("ASPSP_TLS_CA_FILE", `${file} is not a PEM bundle of CA certificates (${messageOf(error)})`, error);
  }
}

/**
 * The TLS side of the connection to the bank: the client certificate (TPP_TLS_CERT_FILE with
 * TPP_TLS_KEY_FILE, or TPP_TLS_P12_FILE with TPP_TLS_P12_PASSWORD; in the local sandbox without
 * them, the one its portal issues) and the CAs the bank's server certificate must chain to
 * (ASPSP_TLS_CA_FILE; for the local sandbox over HTTPS its CA; else Node's bundled CAs). A wrong
 * setting is a CONFIG_INVALID error naming the variable.
 * @see docs/interface/certificates.md#certificates-and-tpp-registration, docs/interface/transport.md#transport
 */
export function readTlsSetting(
  e: TlsVariables,
  options: { readonly cwd: string; readonly aspspBaseUrl: string; readonly sandboxPortal: boolean },
): TlsSetting {
  if (e.TPP_TLS_P12_FILE !== undefined && (e.TPP_TLS_CERT_FILE !== undefined || e.TPP_TLS_KEY_FILE !== undefined)) {
    throw configError("TPP_TLS_P12_FILE", "give either TPP_TLS_P12_FILE or TPP_TLS_CERT_FILE with TPP_TLS_KEY_FILE, not both");
  }
  if (e.TPP_TLS_P12_PASSWORD !== undefined && e.TPP_TLS_P12_FILE === undefined) {
    throw configError("TPP_TLS_P12_FILE", "is required with TPP_TLS_P12_PASSWORD");
  }
  const https = new URL(options.aspspBaseUrl).protocol === "https:";
  if (e.ASPSP_TLS_CA_FILE !== undefined && !https) {
    throw configError(
      "ASPSP_TLS_CA_FILE",
      `is set, but ASPSP_BASE_URL (${options.aspspBaseUrl}) is plain HTTP: give the bank's https:// URL, or leave ASPSP_TLS_CA_FILE unset`,
    );
  }
  let clientCertificate: TlsClientCertificateSource;
  if (e.TPP_TLS_CERT_FILE !== undefined && e.TPP_TLS_KEY_FILE !== undefined) {
    clientCertificate = {
      kind: "files",
      variable: "TPP_TLS_CERT_FILE",
      credentials: readTlsCredentials({ certFile: e.TPP_TLS_CERT_FILE, keyFile: e.TPP_TLS_KEY_FILE }, options.cwd),
    };
  } else if (e.TPP_TLS_P12_FILE !== undefined) {
    clientCertificate = {
      kind: "files",
      variable: "TPP_TLS_P12_FILE",
      credentials: readTlsPkcs12(e.TPP_TLS_P12_FILE, e.TPP_TLS_P12_PASSWORD ?? "", options.cwd),
    };
  } else if (options.sandboxPortal && https) {
    clientCertificate = { kind: "sandbox-portal" };
  } else {
    clientCertificate = { kind: "none" };
  }
  let serverCa: TlsServerCaSource;
  if (e.ASPSP_TLS_CA_FILE !== undefined) serverCa = readServerCa(e.ASPSP_TLS_CA_FILE, options.cwd);
  else if (options.sandboxPortal && https) serverCa = { kind: "sandbox-portal" };
  else serverCa = { kind: "system" };
  return { clientCertificate, serverCa };
}

/** The start-up line's words for how the app reaches the bank over TLS. */
export function describeTlsSetting(setting: TlsSetting, aspspBaseUrl: string): string {
  if (new URL(aspspBaseUrl).protocol !== "https:") return "plain HTTP to the bank (no TLS: ASPSP_BASE_URL is http://)";
  const ca =
    setting.serverCa.kind === "file"
      ? `the bank's server certificate checked against ASPSP_TLS_CA_FILE ${setting.serverCa.file} (${setting.serverCa.subjects.join("; ")})`
      : setting.serverCa.kind === "sandbox-portal"
        ? "the bank's server certificate checked against the sandbox bank's CA (from its portal)"
        : "the bank's server certificate checked against Node's bundled CAs (ASPSP_TLS_CA_FILE unset)";
  const client = setting.clientCertificate;
  const certificate =
    client.kind === "files"
      ? `client certificate ${new X509Certificate(client.credentials.certificatePem).subject.replace(/\n/g, ", ")} from ${client.variable}`
      : client.kind === "sandbox-portal"
        ? "client certificate from the sandbox portal (issued beside the signing certificate)"
        : "no client certificate (TPP_TLS_CERT_FILE or TPP_TLS_P12_FILE unset)";
  return `TLS to the bank: ${ca}; ${certificate}`;
}
