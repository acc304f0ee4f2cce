/**
 * The shared signature test PKI (test-vectors/signature/keys): ca1 issued tpp.cert.pem (roles
 * PSP_AI and PSP_PI, organizationIdentifier PSDNO-FSA-123456); trusted-cas.pem holds ca1 and ca2.
 */
import { readFileSync } from "node:fs";

const keysDir = new URL("../../../test-vectors/signature/keys/", import.meta.url);

function read(name: string): string {
  return readFileSync(new URL(name, keysDir), "utf8");
}

export const testPki = {
  tppKeyPem: read("tpp.key.pem"),
  tppCertificatePem: read("tpp.cert.pem"),
  ca1CertificatePem: read("ca1.cert.pem"),
  ca1KeyPem: read("ca1.key.pem"),
  trustedCasPem: read("trusted-cas.pem"),
  /** A file path, for configuration tests. */
  path: (name: string): string => new URL(name, keysDir).pathname,
};
