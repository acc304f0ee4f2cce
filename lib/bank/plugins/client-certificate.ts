import type { TLSSocket } from "node:tls";
import type { FastifyInstance, FastifyReply } from "fastify";
import { readCertificateInfo } from "../../psd2/certificates";
import { BankError } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The organizationIdentifier of the TLS client certificate (BANK_CLIENT_CERT=required). */
    tlsClientOrganisationId: string | undefined;
  }
}

const PATH = "TLS client certificate";

/** The organizationIdentifier of a certificate's DER, or undefined; read once per certificate (bounded). */
function createIdentityReader(): (der: Buffer) => string | undefined {
  const known = new Map<string, string | undefined>();
  return (der) => {
    const key = der.toString("base64");
    if (known.has(key)) return known.get(key);
    let id: string | undefined;
    try {
      id = readCertificateInfo(`-----BEGIN CERTIFICATE-----\n${key}\n-----END CERTIFICATE-----\n`).organizationIdentifier ?? undefined;
    } catch {
      id = undefined;
    }
    if (known.size >= 1000) known.clear();
    known.set(key, id);
    return id;
  };
}

/** OpenSSL's verification codes in words (the code is kept beside them). */
const VERIFY_ERRORS: Readonly<Record<string, string>> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "it was not issued by a CA the bank trusts",
  UNABLE_TO_GET_ISSUER_CERT: "it was not issued by a CA the bank trusts",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "it was not issued by a CA the bank trusts",
  SELF_SIGNED_CERT_IN_CHAIN: "its chain ends in a CA the bank does not trust",
  DEPTH_ZERO_SELF_SIGNED_CERT: "it is self-signed",
  CERT_HAS_EXPIRED: "it has expired",
  CERT_NOT_YET_VALID: "it is not valid yet",
  CERT_SIGNATURE_FAILURE: "its signature does not verify",
  INVALID_PURPOSE: "it is not for TLS client authentication (its key usage or extended key usage)",
};

function describeVerifyError(error: unknown): string {
  const code = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error ?? "NOT_VERIFIED");
  const words = VERIFY_ERRORS[code];
  return words === undefined ? code : `${words} (${code})`;
}

/** Refuses the request; the connection is closed once the reply is sent. */
function refuse(reply: FastifyReply, error: BankError): never {
  reply.header("Connection", "close");
  throw error;
}

/**
 * BANK_CLIENT_CERT=required: every /v1 request must come over a TLS connection whose client
 * certificate chains to the bank's CA or a BANK_TRUST_ANCHORS CA (checked in the handshake,
 * which asks for one), and carries the organizationIdentifier of the certificate the request is
 * signed with. A refusal is 400 CERTIFICATE_MISSING or CERTIFICATE_INVALID, its text saying
 * what is wrong, and the connection is closed after it. Registered after the security gate.
 * @see docs/interface/errors.md#statuses-by-code, docs/interface/transport.md#transport
 */
export function registerClientCertificateCheck(app: FastifyInstance): void {
  const identityOf = createIdentityReader();
  app.decorateRequest("tlsClientOrganisationId", undefined);

  app.addHook("onRequest", async (request, reply) => {
    const socket = request.raw.socket as Partial<TLSSocket>;
    const peer = typeof socket.getPeerCertificate === "function" ? socket.getPeerCertificate() : undefined;
    if (peer === undefined || peer === null || Object.keys(peer).length === 0 || peer.raw === undefined) {
      refuse(
        reply,
        new BankError(
          "CERTIFICATE_MISSING",
          "The TLS connection carries no client certificate: this bank requires the TPP's certificate for TLS client authentication (mutual TLS), issued by a CA it trusts",
          { path: PATH },
        ),
      );
    }
    if (socket.authorized !== true) {
      const reason = describeVerifyError(socket.authorizationError);
      refuse(
        reply,
        new BankError(
          "CERTIFICATE_INVALID",
          `The TLS client certificate (${peer.subject?.CN ?? "no CN"}) was not accepted: ${reason}; it must chain to the bank's sandbox CA or a CA of BANK_TRUST_ANCHORS, and be valid now`,
          { path: PATH },
        ),
      );
    }
    const id = identityOf(peer.raw);
    if (id === undefined) {
      refuse(
        reply,
        new BankError(
          "CERTIFICATE_INVALID",
          "The TLS client certificate's subject has no organizationIdentifier (2.5.4.97): the bank cannot tell which TPP it is",
          { path: PATH },
        ),
      );
    }
    request.tlsClientOrganisationId = id;
  });

  // After the gate's preHandler: request.tpp is the signing certificate's TPP.
  app.addHook("preHandler", async (request, reply) => {
    const tlsId = request.tlsClientOrganisationId;
    if (tlsId !== undefined && tlsId !== request.tpp.id) {
      refuse(
        reply,
        new BankError(
          "CERTIFICATE_INVALID",
          `The TLS client certificate is for ${tlsId}, but the request is signed with the certificate of ${request.tpp.id}: both must be the same TPP's`,
          { path: PATH },
        ),
      );
    }
  });
}
