import { verify as verifySignature } from "node:crypto";
import { cutForMessage, quoteForMessage } from "../validation/quote-for-message";
import { isSameDistinguishedName } from "../x509/is-same-distinguished-name";
import { parseKeyId } from "../x509/key-id";
import type { TrustAnchor } from "../x509/load-trust-anchors";
import { type ParsedCertificate, parseCertificate } from "../x509/parse-certificate";
import { parseSerialNumber } from "../x509/format-serial-number";
import { parseDistinguishedName } from "../x509/parse-distinguished-name";
import { checkCertificateChain, findCertificateIssuers, type IssuerSearch } from "../x509/verify-certificate-chain";
import { buildSigningString, REQUEST_TARGET, type RequestTarget } from "./build-signing-string";
import type { CertificateCache, CertificateCacheEntry } from "./certificate-cache";
import { computeDigest, type DigestAlgorithm, isDigestAlgorithm, parseDigestHeader } from "./compute-digest";
import { decodeRfc2047, isRfc2047Encoded } from "./decode-rfc2047";
import { createHeaderLookup, type HttpMessage } from "./header-lookup";
import { parseSignatureHeader, type SignatureParameters } from "./parse-signature-header";
import { codeOfCheck, rankOfCheck, selectErrorCode, type SignatureErrorCode, type VerificationCheck } from "./verification-checks";
import { ownValue } from "../lookup/own-value";

/** strict: the bank's default, canonical forms only; lenient: accepts the spellings real banks differ on. */
export type VerificationMode = "strict" | "lenient";

export interface VerifyOptions {
  readonly mode: VerificationMode;
  readonly trustAnchors: readonly TrustAnchor[];
  /** The time certificate validity is checked at. */
  readonly now: Date;
  /** Remembers parsed certificates and chain verdicts across messages (the bank should pass one). */
  readonly certificateCache?: CertificateCache;
}

export interface VerificationFailure {
  readonly check: VerificationCheck;
  /** What is wrong, in plain words for a TPP developer. */
  readonly message: string;
  readonly code: SignatureErrorCode;
}

export interface VerificationResult {
  readonly verdict: "PASS" | "FAIL";
  /** The code to answer with (400), by ERROR_CODE_PRIORITY; null on PASS. */
  readonly code: SignatureErrorCode | null;
  /** One entry per failed check, in VERIFICATION_CHECKS order. */
  readonly failures: readonly VerificationFailure[];
  readonly certificate?: ParsedCertificate;
  /** The Signature header's parameters (after RFC 2047 decoding), when it could be read. */
  readonly signature?: SignatureParameters;
  /** The names the signing string was built from (lower-cased). */
  readonly signedHeaders?: readonly string[];
  /** The signing string rebuilt from the message, when every listed header was present. */
  readonly signingString?: string;
}

/** What differs between verifying a request and a response. */
export interface MessageProfile {
  /** "request" or "response", for messages. */
  readonly kind: string;
  /** The lower-case name of the header carrying the signer's certificate. */
  readonly certificateHeader: string;
  /** Headers that must be signed when present. */
  readonly conditionalHeaders: readonly string[];
  readonly requestTarget?: RequestTarget;
}

const MANDATORY_HEADERS = ["digest", "x-request-id"] as const;
const NON_ASCII = /[\u0080-\uffff]/;
const LIST_SEPARATOR = /[ \t]+/;
const HEADER_NAME = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const DISPLAY_NAMES: Readonly<Record<string, string>> = {
  date: "Date",
  digest: "Digest",
  "x-request-id": "X-Request-ID",
  "psu-id": "PSU-ID",
  "psu-corporate-id": "PSU-Corporate-ID",
  "tpp-redirect-uri": "TPP-Redirect-URI",
  "tpp-signature-certificate": "TPP-Signature-Certificate",
  "aspsp-signature-certificate": "ASPSP-Signature-Certificate",
};

function display(name: string): string {
  return ownValue(DISPLAY_NAMES, name) ?? name;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Values the messages echo are cut (quoteForMessage), and a check's messages stop adding up past
// this length, so that a failure fits a tppMessage text (at most 512 characters) with its check.
const MAX_CHECK_MESSAGE = 400;

class FailureCollector {
  private readonly byCheck = new Map<VerificationCheck, string>();

  add(check: VerificationCheck, full: string): void {
    const message = full.length > MAX_CHECK_MESSAGE ? cutForMessage(full, MAX_CHECK_MESSAGE) : full;
    const previous = this.byCheck.get(check);
    if (previous === undefined) this.byCheck.set(check, message);
    else if (previous.length + message.length + 2 <= MAX_CHECK_MESSAGE) this.byCheck.set(check, `${previous}; ${message}`);
    else if (!previous.endsWith("; and more")) this.byCheck.set(check, `${previous}; and more`);
  }

  has(check: VerificationCheck): boolean {
    return this.byCheck.has(check);
  }

  list(): VerificationFailure[] {
    return [...this.byCheck]
      .map(([check, message]) => ({ check, message, code: codeOfCheck(check) }))
      .sort((a, b) => rankOfCheck(a.check) - rankOfCheck(b.check));
  }
}

function checkDigest(header: string | undefined, body: string | Uint8Array, strict: boolean, kind: string, fail: FailureCollector): void {
  if (header === undefined) {
    fail.add("digest.present", `the ${kind} has no Digest header; it is required, also for an empty body`);
    return;
  }
  let entries;
  try {
    entries = parseDigestHeader(header);
  } catch (error) {
    fail.add("digest.syntax", messageOf(error));
    return;
  }
  let supported = 0;
  for (const entry of entries) {
    const token = strict ? entry.algorithm : entry.algorithm.toUpperCase();
    if (!isDigestAlgorithm(token)) continue;
    supported++;
    const expected = computeDigest(body, token);
    if (expected === `${token}=${entry.value}`) continue;
    const other: DigestAlgorithm = token === "SHA-256" ? "SHA-512" : "SHA-256";
    const hint =
      computeDigest(body, other) === `${other}=${entry.value}` ? ` (the value is the ${other} of the body: label and value disagree)` : "";
    fail.add(
      "digest.match",
      `the Digest header says ${quoteForMessage(`${entry.algorithm}=${entry.value}`, 100)}, but the ${token} of the body is ${expected.slice(token.length + 1)}${hint}`,
    );
  }
  if (supported === 0) {
    const tokens =
      entries
        .slice(0, 3)
        .map((entry) => quoteForMessage(entry.algorithm))
        .join(", ") + (entries.length > 3 ? ", ..." : "");
    fail.add(
      "digest.algorithm",
      `Digest algorithm ${tokens} is not supported: write SHA-256 or SHA-512 (the RFC 5843 tokens, with the hyphen${strict ? ", in upper case" : ""})`,
    );
  }
}

/** What keeps a certificate header's value from being the canonical one-line Base64 of its DER. */
function describeNonCanonical(value: string, der: Uint8Array): string {
  if (value.includes("-----BEGIN")) return "PEM armour (-----BEGIN CERTIFICATE-----) is not part of it";
  if (/\s/.test(value)) return "it holds spaces or line breaks";
  const decoded = Buffer.from(value, "base64");
  if (decoded.length > der.length && Buffer.from(der).equals(decoded.subarray(0, der.length))) {
    return "more follows the certificate (a second certificate or other bytes)";
  }
  return "its Base64 is not in the canonical form (padding, or bits that do not belong)";
}

interface CertificateState {
  readonly certificate?: ParsedCertificate;
}

function resolveCertificate(value: string, options: VerifyOptions, fail: FailureCollector, label: string): CertificateState {
  const cache = options.certificateCache;
  const cached = cache?.get(value);
  let entry: CertificateCacheEntry = cached ?? {};
  if (cached === undefined) {
    try {
      entry = { certificate: parseCertificate(value) };
    } catch (error) {
      entry = { error: messageOf(error) };
    }
  }
  const certificate = entry.certificate;
  let search: IssuerSearch | undefined;
  if (certificate !== undefined) {
    if (entry.issuerSearch?.anchors === options.trustAnchors) {
      search = entry.issuerSearch.result;
    } else {
      search = findCertificateIssuers(certificate, options.trustAnchors);
      entry = { ...entry, issuerSearch: { anchors: options.trustAnchors, result: search } };
    }
  }
  if (entry !== cached) cache?.set(value, entry);

  if (certificate === undefined || search === undefined) {
    fail.add("certificate.parse", `${label} cannot be read as a Base64-encoded X.509 certificate: ${entry.error ?? "unknown error"}`);
    return {};
  }
  // Strictly only the canonical form passes (docs/interface/request-signing.md#certificate-header): the DER of one certificate, as one
  // line of Base64; no PEM armour, whitespace, trailing bytes or second certificate.
  if (options.mode === "strict" && value !== certificate.base64) {
    fail.add(
      "certificate.format",
      `${label} must be the certificate's DER as one line of Base64, with nothing else: ${describeNonCanonical(value, certificate.der)}`,
    );
  }
  const now = options.now;
  if (now.getTime() > certificate.notAfter.getTime()) {
    fail.add("certificate.validity", `the certificate expired on ${certificate.notAfter.toISOString()} (now is ${now.toISOString()})`);
  } else if (now.getTime() < certificate.notBefore.getTime()) {
    fail.add(
      "certificate.validity",
      `the certificate is not valid before ${certificate.notBefore.toISOString()} (now is ${now.toISOString()})`,
    );
  }
  const chain = checkCertificateChain(certificate, search, now);
  if (!chain.ok) fail.add("certificate.chain", chain.message);
  return { certificate };
}

function checkKeyId(keyId: string, certificate: ParsedCertificate, strict: boolean, fail: FailureCollector): void {
  let parts;
  try {
    parts = parseKeyId(keyId);
  } catch (error) {
    fail.add("keyId.syntax", messageOf(error));
    return;
  }
  const { serialNumber, issuer } = parts;
  if (serialNumber !== certificate.serialNumber) {
    const serial = parseSerialNumber(serialNumber);
    if (serial === certificate.serial) {
      if (strict) {
        fail.add(
          "keyId.serial.format",
          `keyId SN ${quoteForMessage(serialNumber, 60)} is the certificate's serial, but not in the canonical form ${quoteForMessage(certificate.serialNumber, 60)} (upper-case hex without leading zeros)`,
        );
      }
    } else if (serial === undefined) {
      fail.add(
        "keyId.serial",
        `keyId SN ${quoteForMessage(serialNumber, 60)} is not a hexadecimal number; the certificate's serial is ${quoteForMessage(certificate.serialNumber, 60)}`,
      );
    } else {
      fail.add(
        "keyId.serial",
        `keyId SN is ${quoteForMessage(serialNumber, 60)} but the certificate's serial is ${quoteForMessage(certificate.serialNumber, 60)}`,
      );
    }
  }
  if (issuer !== certificate.issuerName) {
    let same = false;
    let reason = "";
    try {
      const name = parseDistinguishedName(issuer, { percentDecoding: true });
      same = isSameDistinguishedName(name, certificate.issuer);
      if (!same && isSameDistinguishedName({ rdns: [...name.rdns].reverse() }, certificate.issuer)) {
        reason = " (the same RDNs in ASN.1 order: RFC 2253 writes the most specific RDN, CN, first)";
      }
    } catch (error) {
      reason = ` (${cutForMessage(messageOf(error), 100)})`;
    }
    if (!same) {
      fail.add(
        "keyId.ca",
        `keyId CA is ${quoteForMessage(issuer, 120)} but the certificate's issuer is ${quoteForMessage(certificate.issuerName, 120)}${reason}`,
      );
    } else if (strict) {
      fail.add(
        "keyId.ca.format",
        `keyId CA ${quoteForMessage(issuer, 120)} names the certificate's issuer, but not in the RFC 2253 form of Java's X500Principal.getName(): ${quoteForMessage(certificate.issuerName, 120)}`,
      );
    }
  }
}

interface SignedNames {
  readonly names: readonly string[];
  /** False when a name cannot be resolved (an unsupported pseudo-header or a malformed name). */
  readonly resolvable: boolean;
}

function readSignedNames(raw: string | undefined, strict: boolean, profile: MessageProfile, fail: FailureCollector): SignedNames {
  // draft-cavage §2.1.6: without a headers parameter only Date is signed.
  if (raw === undefined) return { names: ["date"], resolvable: true };
  const tokens = raw.split(LIST_SEPARATOR).filter((token) => token !== "");
  if (tokens.length === 0) {
    fail.add("headers.syntax", "the headers parameter is empty");
    return { names: [], resolvable: true };
  }
  if (strict && raw !== tokens.join(" ")) {
    fail.add("headers.syntax", `the names in the headers parameter ${quoteForMessage(raw, 100)} must be separated by single spaces`);
  }
  if (strict && tokens.some((token) => token !== token.toLowerCase())) {
    fail.add("headers.syntax", `the names in the headers parameter ${quoteForMessage(raw, 100)} must be lower-case`);
  }
  const names = tokens.map((token) => token.toLowerCase());
  let resolvable = true;
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) fail.add("headers.syntax", `${quoteForMessage(name)} appears twice in the headers parameter`);
    seen.add(name);
    if (name === REQUEST_TARGET && profile.requestTarget !== undefined) continue;
    if (name.startsWith("(")) {
      fail.add(
        "headers.syntax",
        `the pseudo-header ${quoteForMessage(name)} is not supported${profile.requestTarget === undefined ? ` in a ${profile.kind}` : ""}`,
      );
      resolvable = false;
    } else if (!HEADER_NAME.test(name)) {
      fail.add("headers.syntax", `${quoteForMessage(name)} in the headers parameter is not a header name`);
      resolvable = false;
    }
  }
  return { names, resolvable };
}

/**
 * Verifies a signed message under a profile (request or response): every check of
 * docs/interface/request-signing.md#the-banks-checks that can run does, so the result lists every problem at once.
 * @see docs/interface/request-signing.md#the-banks-checks
 */
export function verifyMessage(message: HttpMessage, profile: MessageProfile, options: VerifyOptions): VerificationResult {
  if (Number.isNaN(options.now.getTime())) {
    // NaN compares false both ways and would silently pass the validity check.
    throw new RangeError("options.now is not a valid Date");
  }
  const strict = options.mode === "strict";
  const fail = new FailureCollector();
  const header = createHeaderLookup(message.headers);
  const certificateLabel = display(profile.certificateHeader);

  const signatureValue = header("signature");
  const certificateValue = header(profile.certificateHeader);
  const hasSignature = signatureValue !== undefined && signatureValue.trim() !== "";
  const hasCertificate = certificateValue !== undefined && certificateValue.trim() !== "";
  if (!hasSignature) fail.add("signature.present", `the ${profile.kind} has no Signature header`);
  if (!hasCertificate) fail.add("certificate.present", `the ${profile.kind} has no ${certificateLabel} header`);

  checkDigest(header("digest"), message.body ?? "", strict, profile.kind, fail);

  const { certificate } = hasCertificate ? resolveCertificate(certificateValue.trim(), options, fail, certificateLabel) : {};

  if (!hasSignature) {
    return finish(fail, certificate);
  }

  // The Signature header: RFC 2047-decoded when wrapped, then parsed.
  let decoded: string | undefined = signatureValue;
  const wrapped = isRfc2047Encoded(signatureValue);
  if (wrapped) {
    try {
      decoded = decodeRfc2047(signatureValue);
    } catch (error) {
      fail.add("signatureHeader.encoding", `the Signature header looks RFC 2047-encoded but cannot be decoded: ${messageOf(error)}`);
      decoded = undefined;
    }
  }
  let parameters: SignatureParameters | undefined;
  if (decoded !== undefined) {
    try {
      parameters = parseSignatureHeader(decoded.trim());
    } catch (error) {
      fail.add("signature.syntax", messageOf(error));
    }
  }
  if (parameters === undefined) {
    return finish(fail, certificate);
  }

  const { names, resolvable } = readSignedNames(parameters.headers, strict, profile, fail);
  const listed = cutForMessage(names.join(" "), 100);

  let algorithmUsable = true;
  if (parameters.algorithm === undefined) {
    fail.add("signature.algorithm", "the Signature header has no algorithm parameter; it must be rsa-sha256");
    algorithmUsable = false;
  } else if (parameters.algorithm !== "rsa-sha256") {
    fail.add("signature.algorithm", `algorithm is ${quoteForMessage(parameters.algorithm)}, but only rsa-sha256 is accepted`);
    algorithmUsable = false;
  }
  if (certificate !== undefined && certificate.publicKey.asymmetricKeyType !== "rsa") {
    fail.add(
      "signature.algorithm",
      `rsa-sha256 needs an RSA key, but the certificate holds a key of type '${certificate.publicKey.asymmetricKeyType ?? "unknown"}'`,
    );
    algorithmUsable = false;
  }

  for (const name of MANDATORY_HEADERS) {
    if (names.includes(name)) continue;
    const absent = header(name) === undefined ? ` (and the ${profile.kind} has no ${display(name)} header)` : "";
    fail.add("headers.mandatory", `${name} must be signed, but the headers parameter '${listed}' does not list it${absent}`);
  }
  for (const name of profile.conditionalHeaders) {
    if (header(name) !== undefined && !names.includes(name)) {
      fail.add(
        "headers.conditional",
        `${display(name)} is present in the ${profile.kind}, so ${name} must be signed, but the headers parameter '${listed}' does not list it`,
      );
    }
  }
  const absent = names.filter((name) => !name.startsWith("(") && header(name) === undefined);
  if (absent.length > 0) {
    const absentNames = cutForMessage(absent.join(", "), 100);
    const absentHeaders = cutForMessage(absent.map(display).join(", "), 100);
    fail.add(
      "headers.present",
      `the headers parameter lists ${absentNames}, but the ${profile.kind} has no ${absentHeaders} header; the signing string cannot be rebuilt`,
    );
  }
  const signingString = resolvable && absent.length === 0 ? buildSigningString(names, header, profile.requestTarget) : undefined;

  if (strict && !wrapped) {
    const nonAsciiValue = names.some((name) => NON_ASCII.test(header(name) ?? ""));
    if (NON_ASCII.test(decoded ?? "")) {
      fail.add(
        "signatureHeader.encoding",
        "the Signature header holds non-ASCII characters, so it must be sent RFC 2047-encoded (=?utf-8?B?...?=)",
      );
    } else if (nonAsciiValue) {
      fail.add(
        "signatureHeader.encoding",
        "a signed header value holds non-ASCII characters, so the Signature header must be sent RFC 2047-encoded (=?utf-8?B?...?=)",
      );
    }
  }

  if (certificate !== undefined) checkKeyId(parameters.keyId, certificate, strict, fail);

  if (certificate !== undefined && algorithmUsable && signingString !== undefined) {
    const encoded = parameters.signature;
    if (!BASE64.test(encoded) || encoded.length % 4 !== 0) {
      fail.add("signature.syntax", "the signature parameter is not Base64");
    } else {
      let valid = false;
      try {
        valid = verifySignature("sha256", Buffer.from(signingString, "utf8"), certificate.publicKey, Buffer.from(encoded, "base64"));
      } catch {
        valid = false;
      }
      if (!valid) {
        fail.add(
          "signature.verify",
          `the signature does not verify with the certificate's public key over the signing string rebuilt in the order of the headers parameter ('${listed}'): the key, the values or their order differ from what was signed`,
        );
      }
    }
  }

  return finish(fail, certificate, parameters, names, signingString);
}

function finish(
  fail: FailureCollector,
  certificate?: ParsedCertificate,
  signature?: SignatureParameters,
  signedHeaders?: readonly string[],
  signingString?: string,
): VerificationResult {
  const failures = fail.list();
  return {
    verdict: failures.length === 0 ? "PASS" : "FAIL",
    code: selectErrorCode(failures.map((failure) => failure.check)),
    failures,
    ...(certificate === undefined ? {} : { certificate }),
    ...(signature === undefined ? {} : { signature }),
    ...(signedHeaders === undefined ? {} : { signedHeaders }),
    ...(signingString === undefined ? {} : { signingString }),
  };
}
