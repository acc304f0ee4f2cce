import { isIP } from "node:net";
import type { SecureContextOptions, TlsOptions } from "node:tls";
import { generateRsaKeyPairAsync, issueTlsServerCertificate } from "../../../psd2/certificates";
import { durationMs } from "../../../psd2/time";
import type { BankConfig } from "../../config";
import type { BankPki } from "./bank-pki";

/** How long the server certificate made at each start is valid (a day back for clocks a little behind). */
const SERVER_CERTIFICATE_DAYS = 397;

/** The hosts the server certificate names: the public URLs' (API and web pages), localhost and 127.0.0.1, and the address listened on. */
export function serverCertificateHosts(
  config: Pick<BankConfig, "publicUrl" | "host"> & Partial<Pick<BankConfig, "publicWebUrl">>,
): string[] {
  const hosts = [
    new URL(config.publicUrl).hostname,
    ...(config.publicWebUrl ? [new URL(config.publicWebUrl).hostname] : []),
    "localhost",
    "127.0.0.1",
  ];
  const listened = config.host.replace(/^\[|\]$/g, "");
  // A wildcard address is no name a client connects to.
  if (!["0.0.0.0", "::", ""].includes(listened) && (isIP(listened) !== 0 || /^[a-z0-9.-]+$/i.test(listened))) hosts.push(listened);
  return [...new Set(hosts.map((host) => host.replace(/^\[|\]$/g, "").toLowerCase()))];
}

/** The node:https options of the bank's listeners with BANK_TLS. */
export type BankTlsOptions = {
  /** The API port's: with BANK_CLIENT_CERT=required the handshake fails without a trusted client certificate. */
  api: TlsOptions & SecureContextOptions;
  /** The web pages' port (BANK_CLIENT_CERT=required only): the same server certificate, no client certificate asked for. */
  web: TlsOptions & SecureContextOptions;
};

/**
 * The node:https options of the bank with BANK_TLS: a server certificate from the bank's own CA
 * (made at each start, with a new key; every process of a cluster makes its own, and each chains
 * to the one CA), served with that CA; TLS 1.2 and 1.3 only. With BANK_CLIENT_CERT=required the
 * API port asks for a client certificate and fails the handshake without one that chains to the
 * bank's CA or a BANK_TRUST_ANCHORS CA (mutual TLS, as production platforms demand a QWAC); the
 * PSU's browser and a TPP without a certificate yet reach the SCA pages and the developer portal
 * on the web pages' port, whose options ask for none.
 * @see docs/interface/transport.md#transport
 */
export async function createBankTlsOptions(options: {
  config: Pick<BankConfig, "publicUrl" | "publicWebUrl" | "host" | "bankName" | "clientCertificate">;
  pki: Pick<BankPki, "ca">;
  now: Date;
  extraTrustAnchorsPem?: string;
}): Promise<BankTlsOptions> {
  const key = await generateRsaKeyPairAsync(2048);
  const server = issueTlsServerCertificate({
    issuer: options.pki.ca,
    hosts: serverCertificateHosts(options.config),
    organizationName: options.config.bankName,
    now: new Date(options.now.getTime() - durationMs({ days: 1 })),
    validityDays: SERVER_CERTIFICATE_DAYS,
    subjectKey: { privateKeyPem: key.privateKeyPem },
  });
  const web = {
    key: key.privateKeyPem,
    // The chain a client needs to reach the CA it was given (the CA itself may be sent too).
    cert: `${server.certificatePem}${options.pki.ca.certificatePem}`,
    minVersion: "TLSv1.2",
  } satisfies TlsOptions & SecureContextOptions;
  if (options.config.clientCertificate !== "required") return { api: web, web };
  return {
    api: {
      ...web,
      requestCert: true,
      rejectUnauthorized: true,
      ca: [options.pki.ca.certificatePem, ...(options.extraTrustAnchorsPem ? [options.extraTrustAnchorsPem] : [])],
    },
    web,
  };
}
