import { createPrivateKey, createPublicKey, type KeyObject, sign } from "node:crypto";
import { type ParsedCertificate, parseCertificate } from "../x509/parse-certificate";
import { buildSigningString, REQUEST_TARGET } from "./build-signing-string";
import { computeDigest, type DigestAlgorithm } from "./compute-digest";
import { encodeRfc2047 } from "./encode-rfc2047";
import { formatHttpDate } from "./format-http-date";
import { formatSignatureHeader } from "./format-signature-header";
import { createHeaderLookup, type HttpMessage, type HttpRequest } from "./header-lookup";
import { SigningError } from "./signing-error";

/** The key and certificate a signer is made from; each is parsed once, here. */
export interface RequestSignerOptions {
  /** The RSA private key as PEM (PKCS#8 or PKCS#1); or pass `privateKey`. */
  readonly privateKeyPem?: string;
  readonly privateKey?: KeyObject;
  /** The signing certificate as PEM; or pass `certificateDer` or an already parsed `certificate`. */
  readonly certificatePem?: string;
  readonly certificateDer?: Uint8Array;
  readonly certificate?: ParsedCertificate;
}

/** Per-message choices. The signer reads no clock and makes no ids: pass `date`/`requestId`. */
export interface SignOptions {
  /** Default SHA-256. */
  readonly digestAlgorithm?: DigestAlgorithm;
  /** The names to sign, in order (e.g. the BG example order); default: the TPP order, names present only. */
  readonly headerOrder?: readonly string[];
  /** Put `(request-target)` first (verifiers support it; the TPP does not send it by default). */
  readonly includeRequestTarget?: boolean;
  /** The Date to send and sign (a Date is written as IMF-fixdate); overrides the message's Date. */
  readonly date?: Date | string;
  /** The X-Request-ID to send and sign; overrides the message's. */
  readonly requestId?: string;
}

export type ResponseSignOptions = Omit<SignOptions, "includeRequestTarget">;

/** The headers a signature adds to a message (Date and X-Request-ID only when given as options). */
export interface SignedHeaders {
  readonly Digest: string;
  readonly Signature: string;
  readonly Date?: string;
  readonly "X-Request-ID"?: string;
}

export interface SignedRequestHeaders extends SignedHeaders {
  readonly "TPP-Signature-Certificate": string;
}

export interface SignedResponseHeaders extends SignedHeaders {
  readonly "ASPSP-Signature-Certificate": string;
}

/** What a signature produced: the headers to add, and what went into it (for inspectors and logs). */
export interface SignatureResult<H extends SignedHeaders> {
  readonly headers: H;
  readonly signingString: string;
  readonly signedHeaders: readonly string[];
  /** The Signature header value before any RFC 2047 wrapping. */
  readonly signatureHeaderDecoded: string;
  /** Whether the Signature header was sent RFC 2047-wrapped (a signed value or the keyId is non-ASCII). */
  readonly rfc2047: boolean;
}

export interface RequestSigner {
  readonly keyId: string;
  readonly certificate: ParsedCertificate;
  /** One-line Base64 DER: the TPP-Signature-Certificate (or ASPSP-Signature-Certificate) value. */
  readonly certificateBase64: string;
  /** Signs a request; the headers to add include TPP-Signature-Certificate. @see docs/interface/request-signing.md#request-signing */
  sign(request: HttpRequest, options?: SignOptions): SignatureResult<SignedRequestHeaders>;
  /** Signs a response the same way; certificate in ASPSP-Signature-Certificate. @see docs/interface/request-signing.md#request-signing */
  signResponse(response: HttpMessage, options?: ResponseSignOptions): SignatureResult<SignedResponseHeaders>;
}

/** The order the TPP signs in, each name only when present (digest always). @see docs/interface/request-signing.md#signed-headers */
export const TPP_SIGNED_HEADER_ORDER = ["date", "digest", "x-request-id", "psu-id", "psu-corporate-id", "tpp-redirect-uri"] as const;

/** The order the bank signs its responses in. @see docs/interface/request-signing.md#response-signing */
export const RESPONSE_SIGNED_HEADER_ORDER = ["date", "digest", "x-request-id"] as const;

const NON_ASCII = /[\u0080-\uffff]/;

function sameKey(a: KeyObject, b: KeyObject): boolean {
  const der = (key: KeyObject): Buffer => key.export({ type: "spki", format: "der" });
  return der(a).equals(der(b));
}

function loadPrivateKey(options: RequestSignerOptions): KeyObject {
  let key: KeyObject;
  if (options.privateKey !== undefined) key = options.privateKey;
  else if (options.privateKeyPem !== undefined) {
    try {
      key = createPrivateKey(options.privateKeyPem);
    } catch (error) {
      throw new SigningError("KEY_INVALID", "the private key PEM cannot be read", { cause: error });
    }
  } else throw new SigningError("KEY_INVALID", "give privateKeyPem or privateKey");
  if (key.type !== "private" || key.asymmetricKeyType !== "rsa") {
    throw new SigningError(
      "KEY_INVALID",
      `the signing key must be an RSA private key (rsa-sha256), not ${key.asymmetricKeyType ?? key.type}`,
    );
  }
  return key;
}

function loadCertificate(options: RequestSignerOptions): ParsedCertificate {
  if (options.certificate !== undefined) return options.certificate;
  const input = options.certificatePem ?? options.certificateDer;
  if (input === undefined) throw new SigningError("KEY_INVALID", "give certificatePem, certificateDer or certificate");
  return parseCertificate(input);
}

/**
 * Makes a signer from a key and certificate, parsing both once and precomputing the keyId, the
 * certificate header and the Signature header's fixed part; each `sign` then costs a hash, a
 * string and one RSA signature. Throws if the key does not belong to the certificate.
 * @see docs/interface/request-signing.md#request-signing
 */
export function createRequestSigner(options: RequestSignerOptions): RequestSigner {
  const privateKey = loadPrivateKey(options);
  const certificate = loadCertificate(options);
  if (!sameKey(createPublicKey(privateKey), certificate.publicKey)) {
    throw new SigningError("KEY_INVALID", `the private key does not belong to the certificate ${certificate.keyId}`);
  }
  const keyId = certificate.keyId;
  const certificateBase64 = certificate.base64;
  // Checks that the keyId can stand in quotes, and gives the fixed start of every Signature header.
  const template = formatSignatureHeader({ keyId, algorithm: "rsa-sha256", headers: "", signature: "" });
  const prefix = template.slice(0, template.indexOf('headers="') + 'headers="'.length);
  const keyIdNonAscii = NON_ASCII.test(keyId);

  function signMessage(
    message: HttpMessage,
    options: SignOptions,
    defaultOrder: readonly string[],
    requestTarget: { method: string; path: string } | undefined,
  ): SignatureResult<SignedHeaders> {
    const lookup = createHeaderLookup(message.headers);
    const digest = computeDigest(message.body ?? "", options.digestAlgorithm ?? "SHA-256");
    const date =
      options.date === undefined ? lookup("date") : typeof options.date === "string" ? options.date : formatHttpDate(options.date);
    const requestId = options.requestId ?? lookup("x-request-id");
    if (requestId === undefined) {
      throw new SigningError("HEADER_MISSING", "X-Request-ID is required and signed: set the header or pass options.requestId");
    }
    const value = (name: string): string | undefined =>
      name === "digest" ? digest : name === "date" ? date : name === "x-request-id" ? requestId : lookup(name);
    let names =
      options.headerOrder === undefined
        ? defaultOrder.filter((name) => value(name) !== undefined)
        : options.headerOrder.map((name) => name.toLowerCase());
    if (options.includeRequestTarget === true && !names.includes(REQUEST_TARGET)) names = [REQUEST_TARGET, ...names];
    const signingString = buildSigningString(names, value, requestTarget);
    const signature = sign("sha256", Buffer.from(signingString, "utf8"), privateKey).toString("base64");
    const signatureHeaderDecoded = `${prefix}${names.join(" ")}",signature="${signature}"`;
    const rfc2047 = keyIdNonAscii || NON_ASCII.test(signingString);
    return {
      headers: {
        Digest: digest,
        Signature: rfc2047 ? encodeRfc2047(signatureHeaderDecoded) : signatureHeaderDecoded,
        ...(options.date !== undefined && date !== undefined ? { Date: date } : {}),
        ...(options.requestId !== undefined ? { "X-Request-ID": requestId } : {}),
      },
      signingString,
      signedHeaders: names,
      signatureHeaderDecoded,
      rfc2047,
    };
  }

  return {
    keyId,
    certificate,
    certificateBase64,
    sign(request, signOptions = {}) {
      const result = signMessage(request, signOptions, TPP_SIGNED_HEADER_ORDER, request);
      return { ...result, headers: { ...result.headers, "TPP-Signature-Certificate": certificateBase64 } };
    },
    signResponse(response, signOptions = {}) {
      const result = signMessage(response, signOptions, RESPONSE_SIGNED_HEADER_ORDER, undefined);
      return { ...result, headers: { ...result.headers, "ASPSP-Signature-Certificate": certificateBase64 } };
    },
  };
}
