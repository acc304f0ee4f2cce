import { isIP } from "node:net";
import type { SecureContextOptions, TlsOptions } from "node:tls";
import { generateRsaKeyPairAsync, issueTlsServerCertificate } from "../../../psd2/certificates";
import { durationMs } from "../../../psd2/time";
import type { BankConfig } from "../../config";
import type { BankPki } from "./bank-pki";

/** How long the server certificate made at each start is valid (a day back for clocks a little behind). */
const SERVER_CERTIFICATE_DAYS = 397;

/** The hosts the server certificate names: the public URL's, localhost and 127.0.0.1, and the address listened on. */
export function serverCertificateHosts(config: Pick<BankConfig, "publicUrl" | "host">): string[] {
  const hosts = [new URL(config.publicUrl).hostname, "localhost", "127.0.0.1"];
  const listened = config.host.replace(/^\[|\]$/g, "");
  // A wildcard address is no name a client connects to.
  if (!["0.0.0.0", "::", ""].includes(listened) && (isIP(listened) !== 0 || /^[a-z0-9.-]+$/i.test(listened))) hosts.push(listened);
  return [...new Set(hosts.map((host) => host.replace(/^\[|\]$/g, "").toLowerCase()))];
}

/**
 * The node:https options of the bank with BANK_TLS: a server certificate from the bank's own CA
 * (made at each start, with a new key; every process of a cluster makes its own, and each chains
 * to the one CA), served with that CA; TLS 1.2 and 1.3 only. A client certificate is asked for
 * and checked against the bank's CA and BANK_TRUST_ANCHORS, but the handshake does not fail
 * without one: the PSU's browser reaches the SCA pages and the developer portal without a
 * certificate, and the /v1 interface refuses such a connection itself, saying why
 * (plugins/client-certificate.ts), where a failed handshake would tell the TPP only an alert code.
 * @see docs/interface/transport.md#transport
 */
export async function createBankTlsOptions(options: {
  config: Pick<BankConfig, "publicUrl" | "host" | "bankName" | "clientCertificate">;
  pki: Pick<BankPki, "ca">;
  now: Date;
  extraTrustAnchorsPem?: string;
}): Promise<TlsOptions & SecureContextOptions> {
  const key = await generateRsaKeyPairAsync(2048);
  const server = issueTlsServerCertificate({
    issuer: options.pki.ca,
    hosts: serverCertificateHosts(options.config),
    organizationName: options.config.bankName,
    now: new Date(options.now.getTime() - durationMs({ days: 1 })),
    validityDays: SERVER_CERTIFICATE_DAYS,
    subjectKey: { privateKeyPem: key.privateKeyPem },
  });
  const requestCert = options.config.clientCertificate === "required";
  return {
    key: key.privateKeyPem,
    // The chain a client needs to reach the CA it was given (the CA itself may be sent too).
    cert: `${server.certificatePem}${options.pki.ca.certificatePem}`,
    minVersion: "TLSv1.2",
    ...(requestCert
      ? {
          requestCert: true,
          rejectUnauthorized: false,
          ca: [options.pki.ca.certificatePem, ...(options.extraTrustAnchorsPem ? [options.extraTrustAnchorsPem] : [])],
        }
      : {}),
  };
}
