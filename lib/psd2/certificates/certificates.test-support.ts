/// <reference types="vite/client" />
// Shared by the *.test.ts files of lib/psd2/certificates: the shared test PKI and the fixtures,
// read through Vite's `?raw` imports (no node:fs, so lib/psd2's no-I/O lint rule holds as it is),
// and an assertion on CertificateError's code and message. Never imported by production code.
import { expect } from "vitest";
import ca1CertPem from "../../../test-vectors/signature/keys/ca1.cert.pem?raw";
import ca1KeyPem from "../../../test-vectors/signature/keys/ca1.key.pem?raw";
import ca2CertPem from "../../../test-vectors/signature/keys/ca2.cert.pem?raw";
import ca2KeyPem from "../../../test-vectors/signature/keys/ca2.key.pem?raw";
import tppCa2CertPem from "../../../test-vectors/signature/keys/tpp-ca2.cert.pem?raw";
import tppExpiredCertPem from "../../../test-vectors/signature/keys/tpp-expired.cert.pem?raw";
import tppRogueCertPem from "../../../test-vectors/signature/keys/tpp-rogue.cert.pem?raw";
import tppCertPem from "../../../test-vectors/signature/keys/tpp.cert.pem?raw";
import tppKeyPem from "../../../test-vectors/signature/keys/tpp.key.pem?raw";
import tppPublicPem from "../../../test-vectors/signature/keys/tpp.public.pem?raw";
import trustedCasPem from "../../../test-vectors/signature/keys/trusted-cas.pem?raw";
import openssl3P12Base64 from "./fixtures/tpp-openssl3.p12.b64?raw";
import opensslLegacyP12Base64 from "./fixtures/tpp-openssl-legacy.p12.b64?raw";
import { CertificateError, type CertificateErrorCode } from "./certificate-error";

/** test-vectors/signature/keys (see its README). */
export const SHARED_KEYS = {
  ca1CertPem,
  ca1KeyPem,
  ca2CertPem,
  ca2KeyPem,
  tppCa2CertPem,
  tppExpiredCertPem,
  tppRogueCertPem,
  tppCertPem,
  tppKeyPem,
  tppPublicPem,
  trustedCasPem,
} as const;

/** fixtures/README.md: PKCS#12 files made by OpenSSL from the shared keys, password "secret". */
export const P12_FIXTURES = { openssl3P12Base64, opensslLegacyP12Base64, password: "secret" } as const;

/** The text with LF line ends: the shared PEM files have CRLF, this module writes LF. */
export function lf(text: string): string {
  return text.replace(/\r\n/g, "\n");
}

/** Runs `run` and asserts it throws a CertificateError with this code and a message containing (string) or matching (RegExp). */
export function expectCertificateError(run: () => unknown, code: CertificateErrorCode, message: string | RegExp): CertificateError {
  try {
    run();
  } catch (error) {
    if (!(error instanceof CertificateError)) throw error;
    expect({ code: error.code, message: error.message }).toEqual({
      code,
      message: typeof message === "string" ? expect.stringContaining(message) : expect.stringMatching(message),
    });
    return error;
  }
  throw new Error(`expected a CertificateError ${code}, but nothing was thrown`);
}
