import type { Server } from "node:https";
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

/** Refuses the request; the connection is closed once the reply is sent. */
function refuse(reply: FastifyReply, error: BankError): never {
  reply.header("Connection", "close");
  throw error;
}

/** The sockets of the web pages' listener (BANK_CLIENT_CERT=required), which asks for no client certificate. */
const webSockets = new WeakSet<object>();

/** Marks a server as the web pages' listener: its /v1 requests are refused (registerWebListenerRefusal). */
export function markWebListener(server: Server): void {
  server.on("secureConnection", (socket: TLSSocket) => webSockets.add(socket));
}

/**
 * BANK_CLIENT_CERT=required, before the security gate: a /v1 request that came to the web pages'
 * listener (no client certificate asked for) is refused with 400 CERTIFICATE_MISSING, saying
 * where the API is; the connection stays open for the pages.
 */
export function registerWebListenerRefusal(app: FastifyInstance, { apiUrl }: { apiUrl: string }): void {
  app.addHook("onRequest", async (request) => {
    if (!webSockets.has(request.raw.socket)) return;
    throw new BankError(
      "CERTIFICATE_MISSING",
      `This is the bank's port for its web pages (developer portal, SCA), which asks for no client certificate: the PSD2 interface is served at ${apiUrl}/v1, over mutual TLS with the TPP's TLS client certificate`,
      { path: PATH },
    );
  });
}

/**
 * BANK_CLIENT_CERT=required: the API port's handshake already failed without a client
 * certificate that chains to the bank's CA or a BANK_TRUST_ANCHORS CA (services/pki/bank-tls.ts);
 * a /v1 request over such a connection must carry the organizationIdentifier of the certificate
 * the request is signed with. A refusal is 400 CERTIFICATE_INVALID, its text naming both
 * identifiers, and the connection is closed after it. Registered after the security gate.
 * @see docs/interface/errors.md#statuses-by-code, docs/interface/transport.md#transport
 */
export function registerClientCertificateCheck(app: FastifyInstance): void {
  const identityOf = createIdentityReader();
  app.decorateRequest("tlsClientOrganisationId", undefined);

  app.addHook("onRequest", async (request, reply) => {
    const socket = request.raw.socket as Partial<TLSSocket>;
    const peer = typeof socket.getPeerCertificate === "function" ? socket.getPeerCertificate() : undefined;
    // The handshake let no such connection through; should one come (a server built otherwise), it fails closed.
    if (peer === undefined || peer === null || peer.raw === undefined || socket.authorized !== true) {
      refuse(
        reply,
        new BankError(
          "CERTIFICATE_MISSING",
          "The TLS connection carries no client certificate the bank trusts: this bank requires the TPP's certificate for TLS client authentication (mutual TLS), issued by a CA it trusts",
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
