import { readCertificateInfo } from "../../psd2/certificates";
import { decodeRfc2047, isRfc2047Encoded, parseSignatureHeader } from "../../psd2/signing";
import { parseKeyId } from "../../psd2/x509";
import type { HeaderPair } from "../aspsp/aspsp-exchange";

/** The Signature header of a request, taken apart for a reader. @see docs/interface/request-signing.md#signature-header */
export interface SignatureExplanation {
  readonly keyId: string;
  /** The keyId's SN: the certificate's serial number in upper-case hex. */
  readonly serialNumber: string | undefined;
  /** The keyId's CA: the issuer's distinguished name (RFC 2253, as Java writes it). */
  readonly issuer: string | undefined;
  readonly algorithm: string | undefined;
  /** The names the signing string was built from, in order. */
  readonly signedHeaders: readonly string[];
  /** Whether the header was sent RFC 2047-wrapped (=?utf-8?B?...?=). */
  readonly rfc2047: boolean;
  /** What TPP-Signature-Certificate says about the signer. */
  readonly certificate:
    | {
        readonly subject: string;
        readonly organizationIdentifier: string | null;
        readonly roles: readonly string[];
        readonly notBefore: string;
        readonly notAfter: string;
        /** Whether the certificate's own keyId is the one in the Signature header. */
        readonly matchesKeyId: boolean;
      }
    | undefined;
  /** Why the header could not be read, when it could not. */
  readonly problem: string | undefined;
}

function headerValue(headers: readonly HeaderPair[], name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Explains a recorded request's Signature: keyId (serial, issuer), algorithm, signed headers, certificate. */
export function explainSignature(headers: readonly HeaderPair[]): SignatureExplanation | undefined {
  const raw = headerValue(headers, "signature");
  if (raw === undefined) return undefined;
  const rfc2047 = isRfc2047Encoded(raw);
  const empty = {
    keyId: "",
    serialNumber: undefined,
    issuer: undefined,
    algorithm: undefined,
    signedHeaders: [],
    rfc2047,
    certificate: undefined,
  };
  let parameters;
  try {
    parameters = parseSignatureHeader(rfc2047 ? decodeRfc2047(raw) : raw);
  } catch (error) {
    return { ...empty, problem: messageOf(error) };
  }
  let parts: { serialNumber: string; issuer: string } | undefined;
  let problem: string | undefined;
  try {
    parts = parseKeyId(parameters.keyId);
  } catch (error) {
    problem = messageOf(error);
  }
  const certificateHeader = headerValue(headers, "tpp-signature-certificate");
  let certificate: SignatureExplanation["certificate"];
  if (certificateHeader !== undefined) {
    try {
      const info = readCertificateInfo(certificateHeader);
      certificate = {
        subject: info.subject,
        organizationIdentifier: info.organizationIdentifier,
        roles: info.roles,
        notBefore: info.notBefore,
        notAfter: info.notAfter,
        matchesKeyId: info.keyId === parameters.keyId,
      };
    } catch (error) {
      problem ??= `TPP-Signature-Certificate cannot be read: ${messageOf(error)}`;
    }
  }
  return {
    keyId: parameters.keyId,
    serialNumber: parts?.serialNumber,
    issuer: parts?.issuer,
    algorithm: parameters.algorithm,
    signedHeaders: (parameters.headers ?? "").split(/\s+/).filter((name) => name !== ""),
    rfc2047,
    certificate,
    problem,
  };
}
