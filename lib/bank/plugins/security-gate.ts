import type { FastifyInstance, FastifyRequest } from "fastify";
import { readCertificateInfo, type Psd2Role } from "../../psd2/certificates";
import {
  type CertificateCache,
  createCertificateCache,
  decodeHeaderOctets,
  type VerificationFailure,
  verifyRequest,
} from "../../psd2/signing";
import type { ParsedCertificate, TrustAnchor } from "../../psd2/x509";
import { BankError, type BankTppMessage } from "../errors";
import type { SandboxClock } from "../services/clock/sandbox-clock";

/** The TPP a request comes from, as its (verified) certificate tells. */
export type TppIdentity = {
  /** The certificate's organizationIdentifier: the TPP's id at the bank. */
  id: string;
  name: string;
  roles: readonly Psd2Role[];
  keyId: string;
};

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the security gate on every /v1 request that passed it. */
    tpp: TppIdentity;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The header a failed check is about, for the tppMessage's path. */
function headerOfCheck(check: string): string {
  if (check.startsWith("certificate")) return "TPP-Signature-Certificate";
  if (check.startsWith("digest")) return "Digest";
  return "Signature";
}

/** Header values as Unicode: Node decodes header octets as latin1, the wire carries UTF-8. */
function unicodeHeaders(request: FastifyRequest): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.map(decodeHeaderOctets) : decodeHeaderOctets(value);
  }
  return headers;
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}

export type SecurityGateOptions = {
  mode: "strict" | "lenient";
  trustAnchors: readonly TrustAnchor[];
  clock: SandboxClock;
};

/**
 * The security gate of every /v1 request, in this order: X-Request-ID (a UUID, echoed on every
 * reply), the request signature and certificate (docs/interface/request-signing.md#the-banks-checks: Digest, Signature, chain to a
 * trusted CA by signature, validity, keyId, RSA), the operation's PSD2 roles, and the headers
 * the spec requires for the operation. It writes nothing: a TPP is registered by the first
 * operation that stores something for it.
 *
 * @see docs/interface/request-signing.md#request-signing, docs/interface/certificates.md#certificates-and-tpp-registration; docs/interface/authentication.md#authentication, docs/interface/header-parameters.md#headers-by-operation
 */
export function registerSecurityGate(app: FastifyInstance, options: SecurityGateOptions): void {
  const certificateCache: CertificateCache = createCertificateCache({ maxEntries: 1000 });
  // The identity (roles, name) read from a certificate, by its Base64; bounded like the cache.
  const identities = new Map<string, Omit<TppIdentity, "keyId">>();

  function identityOf(certificate: ParsedCertificate): TppIdentity {
    const { base64, keyId } = certificate;
    let identity = identities.get(base64);
    if (!identity) {
      const info = readCertificateInfo(certificate);
      identity = {
        id: info.organizationIdentifier ?? "",
        name: info.organizationName ?? info.commonName ?? "Unnamed TPP",
        roles: info.roles,
      };
      if (identities.size >= 1000) identities.clear();
      identities.set(base64, identity);
    }
    return { ...identity, keyId };
  }

  app.decorateRequest("tpp", undefined as unknown as TppIdentity);

  app.addHook("onRequest", async (request) => {
    const requestId = headerValue(request, "x-request-id");
    if (requestId === undefined || requestId.trim() === "") {
      throw new BankError("HTTP_HEADER_REQUIRED", "The header X-Request-ID is required on every request", {
        path: "X-Request-ID",
      });
    }
    if (!UUID.test(requestId)) {
      throw new BankError("FORMAT_ERROR", `X-Request-ID '${requestId.slice(0, 80)}' is not a UUID`, { path: "X-Request-ID" });
    }
  });

  // After the body is read: the Digest covers the body's octets as received.
  app.addHook("preHandler", async (request) => {
    const result = verifyRequest(
      {
        method: request.method,
        path: request.url,
        headers: unicodeHeaders(request),
        body: request.rawBody ?? Buffer.alloc(0),
      },
      { mode: options.mode, trustAnchors: options.trustAnchors, now: options.clock.now(), certificateCache },
    );
    if (result.verdict === "FAIL") {
      // The message whose code decides the reply leads; every failed check is listed.
      const messages: BankTppMessage[] = result.failures
        .map((failure: VerificationFailure): BankTppMessage => ({
          category: "ERROR",
          code: failure.code,
          path: headerOfCheck(failure.check),
          text: `${failure.message} (check ${failure.check})`,
        }))
        .sort((a, b) => Number(b.code === result.code) - Number(a.code === result.code));
      throw BankError.fromMessages(messages);
    }
    const certificate = result.certificate;
    if (!certificate)
      throw new BankError("CERTIFICATE_INVALID", "The certificate could not be read", { path: "TPP-Signature-Certificate" });
    const tpp = identityOf(certificate);
    if (tpp.id === "") {
      throw new BankError(
        "CERTIFICATE_INVALID",
        "The certificate's subject has no organizationIdentifier (2.5.4.97): the bank cannot tell which TPP it is",
        { path: "TPP-Signature-Certificate" },
      );
    }
    request.tpp = tpp;

    const operation = request.routeOptions.config.operation;
    // Fails closed: only a path no route serves (answered 404 or 405 next) has no policy.
    if (!operation) {
      if (request.is404) return;
      throw new BankError("FORBIDDEN", "This operation admits no PSD2 role: the bank refuses it for every certificate", {
        path: "TPP-Signature-Certificate",
      });
    }
    if (!operation.roles.some((role) => tpp.roles.includes(role))) {
      const held = tpp.roles.length > 0 ? tpp.roles.join(", ") : "none";
      throw new BankError(
        "FORBIDDEN",
        `This operation needs the PSD2 role ${operation.roles.join(" or ")}; the certificate's roles are ${held}`,
        { path: "TPP-Signature-Certificate" },
      );
    }
    for (const name of operation.requiredHeaders ?? []) {
      const value = headerValue(request, name);
      if (value === undefined || value.trim() === "") {
        throw new BankError("HTTP_HEADER_REQUIRED", `The header ${name} is required for this operation`, { path: name });
      }
    }
  });
}
