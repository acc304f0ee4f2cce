/**
 * The sandbox bank's own certificate authority: a self-signed RSA root that issues TPP and seal
 * certificates.
 *
 * Profile: subject C, O, CN ("<organizationName> Sandbox QTSP CA" unless given); basicConstraints
 * CA:TRUE, pathLenConstraint 0 (it issues end-entity certificates only), critical; keyUsage
 * keyCertSign + cRLSign, critical; subjectKeyIdentifier; authorityKeyIdentifier = its own key id.
 * Serial: 16 random octets, positive (see serial-number.ts).
 *
 * @see RFC 5280 §4.2.1.9, §4.2.1.3, docs/interface/certificates.md#certificates-and-tpp-registration
 */
import { createPublicKey } from "node:crypto";
import { formatSerialNumber } from "../x509";
import {
  authorityKeyIdentifier,
  basicConstraints,
  buildCertificate,
  encodeName,
  keyUsage,
  subjectKeyIdentifier,
  type NameAttribute,
} from "./build-certificate";
import { generateRsaKeyPair, type RsaModulusLength } from "./generate-rsa-key-pair";
import { checkCountry, checkText, issuedCertificateOf, validityFrom } from "./issue-options";
import { keyIdentifierOfSpki, privateKeyToPkcs8Pem, publicKeyToSpkiDer, readPrivateKey, requireRsaKey } from "./keys";
import { OID } from "./oids";
import { randomSerialNumber, serialNumberFromHex } from "./serial-number";

export interface CertificateAuthorityOptions {
  /** The bank's name: the subject's O, and the base of the default CN. */
  readonly organizationName: string;
  /** Default "<organizationName> Sandbox QTSP CA". */
  readonly commonName?: string;
  /** Two capitals; default "NO". */
  readonly country?: string;
  /** The clock: notBefore is this instant (to the second). */
  readonly now: Date;
  /** Default 3650 (ten years). */
  readonly validityDays?: number;
  /** The CA's existing RSA key (PKCS#8 or PKCS#1 PEM); generated when absent. */
  readonly privateKeyPem?: string;
  /** Bits of a generated key; default 3072. */
  readonly modulusLength?: RsaModulusLength;
  /** A fixed serial in hex (tests); default 16 random octets. */
  readonly serialNumber?: string;
}

export interface CertificateAuthority {
  /** The CA certificate, PEM. */
  readonly certificatePem: string;
  /** The CA certificate's DER as one line of Base64. */
  readonly certificateBase64: string;
  /** The CA's private key, PKCS#8 PEM: keep it with the bank's data, never log it. */
  readonly privateKeyPem: string;
  /** Upper-case hex without leading zeros. */
  readonly serialNumber: string;
}

/** A new self-signed sandbox CA certificate and key. @see RFC 5280 §4.2.1.9, docs/interface/certificates.md#certificates-and-tpp-registration */
export function createCertificateAuthority(options: CertificateAuthorityOptions): CertificateAuthority {
  const country = options.country ?? "NO";
  const commonName = options.commonName ?? `${options.organizationName} Sandbox QTSP CA`;
  checkText(options.organizationName, "organizationName");
  checkText(commonName, "commonName");
  checkCountry(country);
  const { notBefore, notAfter } = validityFrom(options.now, options.validityDays ?? 3650);
  const serial = options.serialNumber === undefined ? randomSerialNumber() : serialNumberFromHex(options.serialNumber);

  const privateKeyPem = options.privateKeyPem ?? generateRsaKeyPair(options.modulusLength ?? 3072).privateKeyPem;
  const privateKey = readPrivateKey(privateKeyPem, "privateKeyPem");
  requireRsaKey(privateKey, "privateKeyPem");
  const spki = publicKeyToSpkiDer(createPublicKey(privateKey));
  const keyId = keyIdentifierOfSpki(spki);

  const subject: NameAttribute[] = [
    { oid: OID.countryName, value: country, printable: true },
    { oid: OID.organizationName, value: options.organizationName },
    { oid: OID.commonName, value: commonName },
  ];
  const name = encodeName(subject);
  const der = buildCertificate(
    {
      serial,
      issuerName: name,
      subjectName: name,
      notBefore,
      notAfter,
      subjectPublicKeyInfo: spki,
      extensions: [
        basicConstraints(true, 0),
        keyUsage(["keyCertSign", "cRLSign"]),
        subjectKeyIdentifier(keyId),
        authorityKeyIdentifier(keyId),
      ],
    },
    privateKey,
  );
  const pkcs8 = privateKeyToPkcs8Pem(privateKey);
  return { ...issuedCertificateOf(der, formatSerialNumber(serial), pkcs8), privateKeyPem: pkcs8 };
}
