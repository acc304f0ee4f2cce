/**
 * Certificates for TLS: the server certificate the sandbox bank serves HTTPS with, and the
 * QWAC-style client certificate its developer portal issues beside the signing certificate, for
 * mutual TLS. Both are signed by the bank's sandbox CA.
 *
 * @see docs/interface/transport.md#transport; RFC 5280 §4.2.1.6 (subjectAltName), §4.2.1.12 (extendedKeyUsage);
 *   ETSI TS 119 495 §5.1 (QWAC with the PSD2 statement)
 */
import {
  authorityKeyIdentifier,
  basicConstraints,
  buildCertificate,
  encodeName,
  extendedKeyUsage,
  keyUsage,
  subjectAltName,
  subjectKeyIdentifier,
} from "./build-certificate";
import { CertificateError } from "./certificate-error";
import { formatSerialNumber } from "../x509";
import { type CertificateIssuer, issueEsealCertificate, readIssuer } from "./issue-eseal-certificate";
import { checkText, issuedCertificateOf, resolveSubjectKey, validityFrom, type IssuedCertificate, type SubjectKey } from "./issue-options";
import { type TppCertificateOptions } from "./issue-tpp-certificate";
import { keyIdentifierOfSpki, publicKeyToSpkiDer } from "./keys";
import { OID } from "./oids";
import { randomSerialNumber } from "./serial-number";

export interface TlsServerCertificateOptions {
  readonly issuer: CertificateIssuer;
  /** The host names and IP addresses the certificate is for (its subjectAltName); the first is its CN. */
  readonly hosts: readonly string[];
  /** The subject's O. */
  readonly organizationName: string;
  readonly now: Date;
  readonly validityDays: number;
  /** The subject's key; a 2048-bit RSA key is generated when absent. */
  readonly subjectKey?: SubjectKey;
}

/** 4 for an IPv4 address, 6 for an IPv6 address, 0 for anything else (a host name). */
function isIP(host: string): 0 | 4 | 6 {
  if (/^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(host)) return 4;
  if (/^[0-9a-f:]+$/i.test(host) && host.includes(":") && (host.match(/::/g) ?? []).length <= 1) return 6;
  return 0;
}

/** An IP address's octets (4 for IPv4, 16 for IPv6), as subjectAltName's iPAddress holds them. */
function ipOctets(address: string): Uint8Array {
  if (isIP(address) === 4) return new Uint8Array(address.split(".").map(Number));
  // IPv6: expand "::" to the missing groups of zeros.
  const [head = "", tail] = address.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups];
  return new Uint8Array(groups.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]));
}

/**
 * A TLS server certificate: subjectAltName with each host (a DNS name, or an IP address),
 * extendedKeyUsage serverAuth, keyUsage digitalSignature + keyEncipherment.
 */
export function issueTlsServerCertificate(options: TlsServerCertificateOptions): IssuedCertificate {
  const hosts = [...new Set(options.hosts.map((host) => host.replace(/^\[|\]$/g, "").toLowerCase()))];
  if (hosts.length === 0) throw new CertificateError("OPTIONS_INVALID", "hosts must name at least one host name or IP address");
  for (const host of hosts) {
    if (isIP(host) === 0 && !/^(?=.{1,253}$)([a-z0-9*]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(host)) {
      throw new CertificateError("OPTIONS_INVALID", `hosts: "${host}" is neither a host name nor an IP address`);
    }
  }
  checkText(options.organizationName, "organizationName");
  const { notBefore, notAfter } = validityFrom(options.now, options.validityDays);
  const serial = randomSerialNumber();
  const issuer = readIssuer(options.issuer);
  const subjectKey = resolveSubjectKey(options.subjectKey, 2048);
  const spki = publicKeyToSpkiDer(subjectKey.publicKey);
  const der = buildCertificate(
    {
      serial,
      issuerName: issuer.name,
      subjectName: encodeName([
        { oid: OID.organizationName, value: options.organizationName },
        { oid: OID.commonName, value: hosts[0] ?? "" },
      ]),
      notBefore,
      notAfter,
      subjectPublicKeyInfo: spki,
      extensions: [
        basicConstraints(false),
        keyUsage(["digitalSignature", "keyEncipherment"]),
        extendedKeyUsage([OID.serverAuth]),
        subjectAltName({
          dnsNames: hosts.filter((host) => isIP(host) === 0),
          ipAddresses: hosts.filter((host) => isIP(host) !== 0).map(ipOctets),
        }),
        subjectKeyIdentifier(keyIdentifierOfSpki(spki)),
        authorityKeyIdentifier(issuer.keyId),
      ],
    },
    issuer.privateKey,
  );
  return issuedCertificateOf(der, formatSerialNumber(serial), subjectKey.privateKeyPem);
}

/**
 * A QWAC-style TLS client certificate for a TPP: the subject and PSD2 statement of its signing
 * certificate (same organizationIdentifier, roles and authority), QcType web, extendedKeyUsage
 * clientAuth. @see docs/interface/transport.md#transport
 */
export function issueTppTlsClientCertificate(options: TppCertificateOptions): IssuedCertificate {
  if (options.roles.length === 0) {
    throw new CertificateError("OPTIONS_INVALID", "roles must hold at least one PSD2 role, e.g. PSP_AI or PSP_PI");
  }
  return issueEsealCertificate(options, 730, "qwac-client");
}
