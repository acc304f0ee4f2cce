import "server-only";
import { X509Certificate, createPrivateKey } from "node:crypto";
import { TppError } from "../errors";
import { readConfigFile } from "./read-config-file";

/** The QWAC and its key for mutual TLS with the bank, as PEM. */
export interface TlsCredentials {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
}

function configError(variable: string, message: string, cause?: unknown): TppError {
  return new TppError("CONFIG_INVALID", `${variable}: ${message}`, { variable, cause });
}

/**
 * Reads TPP_TLS_CERT_FILE and TPP_TLS_KEY_FILE (the QWAC for mutual TLS) and checks that the key
 * belongs to the certificate; the files are handed to the TLS layer as read.
 * @see supplement.md §10 (production: QWAC over mutual TLS)
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
