import "server-only";
import { createPrivateKey } from "node:crypto";
import { CertificateError, loadPemBundle, loadPkcs12, loadPrivateKeyPem, privateKeyMatchesCertificate } from "../../psd2/certificates";
import { parseCertificate } from "../../psd2/x509";
import { TppError } from "../errors";
import { readConfigFile } from "./read-config-file";

/** A signing key and its certificate, as PEM, with the rest of the chain when the file held one. */
export interface SigningCredentials {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
  readonly chainPems: readonly string[];
}

export type SigningCredentialFiles =
  | { readonly kind: "pem"; readonly certFile: string; readonly keyFile: string }
  | { readonly kind: "p12"; readonly p12File: string; readonly password: string };

function configError(variable: string, message: string, cause?: unknown): TppError {
  return new TppError("CONFIG_INVALID", `${variable}: ${message}`, { variable, cause });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The certificate must be usable now: start-up stops on one that is expired or not yet valid. */
function checkValidity(variable: string, certificatePem: string, now: Date): void {
  const certificate = parseCertificate(certificatePem);
  if (certificate.notAfter.getTime() < now.getTime()) {
    throw configError(variable, `the certificate ${certificate.keyId} expired on ${certificate.notAfter.toISOString()}`);
  }
  if (certificate.notBefore.getTime() > now.getTime()) {
    throw configError(variable, `the certificate ${certificate.keyId} is not valid before ${certificate.notBefore.toISOString()}`);
  }
}

/** rsa-sha256 is the interface's only algorithm (docs/interface/request-signing.md#signature-header-parts). */
function checkRsa(variable: string, privateKeyPem: string): void {
  const type = createPrivateKey(privateKeyPem).asymmetricKeyType;
  if (type !== "rsa") throw configError(variable, `the signing key must be an RSA key (rsa-sha256), not ${type ?? "unknown"}`);
}

function readPem(files: Extract<SigningCredentialFiles, { kind: "pem" }>, cwd: string): SigningCredentials {
  const certificateText = readConfigFile("TPP_CERT_FILE", files.certFile, cwd).toString("utf8");
  let certificatePem: string;
  let chainPems: readonly string[];
  try {
    // The certificate file may carry the chain after the leaf, as CAs hand them out.
    const bundle = loadPemBundle(certificateText);
    if (bundle.privateKeyPem !== null) {
      throw new CertificateError("PEM_INVALID", "it holds a private key; put the key in TPP_KEY_FILE");
    }
    if (bundle.certificatePem === null) throw new CertificateError("PEM_INVALID", "no CERTIFICATE block found");
    certificatePem = bundle.certificatePem;
    chainPems = bundle.chainPems;
  } catch (error) {
    throw configError("TPP_CERT_FILE", `${files.certFile} is not a PEM certificate (${messageOf(error)})`, error);
  }
  const keyText = readConfigFile("TPP_KEY_FILE", files.keyFile, cwd).toString("utf8");
  let privateKeyPem: string;
  try {
    privateKeyPem = loadPrivateKeyPem(keyText);
  } catch (error) {
    throw configError("TPP_KEY_FILE", `${files.keyFile} is not a PEM private key (${messageOf(error)})`, error);
  }
  if (!privateKeyMatchesCertificate(privateKeyPem, certificatePem)) {
    throw configError(
      "TPP_KEY_FILE",
      `the key in ${files.keyFile} does not belong to the certificate in TPP_CERT_FILE (${files.certFile})`,
    );
  }
  return { certificatePem, privateKeyPem, chainPems };
}

function readP12(files: Extract<SigningCredentialFiles, { kind: "p12" }>, cwd: string): SigningCredentials {
  const bytes = readConfigFile("TPP_P12_FILE", files.p12File, cwd);
  try {
    const contents = loadPkcs12(new Uint8Array(bytes), files.password);
    return { certificatePem: contents.certificatePem, privateKeyPem: contents.privateKeyPem, chainPems: contents.chainPems };
  } catch (error) {
    if (error instanceof CertificateError && error.code === "PKCS12_PASSWORD") {
      throw configError("TPP_P12_PASSWORD", `wrong password for ${files.p12File} (TPP_P12_FILE)`, error);
    }
    throw configError("TPP_P12_FILE", `${files.p12File} is not a usable PKCS#12 file (${messageOf(error)})`, error);
  }
}

/**
 * Reads the TPP's signing certificate and key from TPP_CERT_FILE + TPP_KEY_FILE or TPP_P12_FILE
 * + TPP_P12_PASSWORD, and checks that the key is RSA, belongs to the certificate, and that the
 * certificate is valid now. Every failure names its variable.
 * @see docs/interface/request-signing.md#request-signing, docs/interface/certificates.md#certificates-and-tpp-registration
 */
export function readSigningCredentials(files: SigningCredentialFiles, options: { cwd: string; now: Date }): SigningCredentials {
  const credentials = files.kind === "pem" ? readPem(files, options.cwd) : readP12(files, options.cwd);
  const variable = files.kind === "pem" ? "TPP_CERT_FILE" : "TPP_P12_FILE";
  checkRsa(files.kind === "pem" ? "TPP_KEY_FILE" : "TPP_P12_FILE", credentials.privateKeyPem);
  checkValidity(variable, credentials.certificatePem, options.now);
  return credentials;
}
