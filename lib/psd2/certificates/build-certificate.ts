/**
 * The shared core of issuing: encode the TBSCertificate with node-forge's ASN.1 encoder, sign it
 * with node:crypto (RSA PKCS#1 v1.5 with SHA-256), and wrap it. node:crypto signs in well under a
 * millisecond where forge's pure-JS RSA takes tens.
 *
 * @see RFC 5280 §4.1 (certificate), §4.2.1 (extensions)
 */
import { sign, type KeyObject } from "node:crypto";
import { CertificateError } from "./certificate-error";
import {
  bitString,
  boolean,
  explicit,
  fromDer,
  implicitPrimitive,
  integerFromContents,
  nullValue,
  octetString,
  oid,
  printableString,
  sequence,
  set,
  smallInteger,
  time,
  toDer,
  utf8String,
  type Asn1,
} from "./der-writer";
import { OID } from "./oids";

export interface NameAttribute {
  readonly oid: string;
  readonly value: string;
  /** PrintableString instead of UTF8String (RFC 5280 requires it for countryName). */
  readonly printable?: boolean;
}

export interface ExtensionTemplate {
  readonly oid: string;
  readonly critical: boolean;
  /** DER of the extension's value (the contents of extnValue). */
  readonly value: Uint8Array;
}

export interface CertificateTemplate {
  /** DER INTEGER contents, minimal and positive. */
  readonly serial: Uint8Array;
  /** DER of the issuer Name, copied byte for byte from the issuer's subject. */
  readonly issuerName: Uint8Array;
  readonly subjectName: Uint8Array;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly subjectPublicKeyInfo: Uint8Array;
  readonly extensions: readonly ExtensionTemplate[];
}

/** A Name with one attribute per RDN, in the order given (least specific first). */
export function encodeName(attributes: readonly NameAttribute[]): Uint8Array {
  return toDer(
    sequence(attributes.map((a) => set([sequence([oid(a.oid), a.printable === true ? printableString(a.value) : utf8String(a.value)])]))),
  );
}

/** basicConstraints (RFC 5280 §4.2.1.9). */
export function basicConstraints(ca: boolean, pathLength?: number): ExtensionTemplate {
  const fields: Asn1[] = [];
  if (ca) fields.push(boolean(true)); // cA DEFAULT FALSE: DER leaves out a default
  if (ca && pathLength !== undefined) fields.push(smallInteger(pathLength));
  return { oid: OID.basicConstraints, critical: true, value: toDer(sequence(fields)) };
}

const keyUsageBits = {
  digitalSignature: 0,
  nonRepudiation: 1,
  keyEncipherment: 2,
  dataEncipherment: 3,
  keyAgreement: 4,
  keyCertSign: 5,
  cRLSign: 6,
} as const;

/** keyUsage (RFC 5280 §4.2.1.3), a DER named BIT STRING without trailing zero bits. */
export function keyUsage(usages: readonly (keyof typeof keyUsageBits)[]): ExtensionTemplate {
  const bits = usages.map((u) => keyUsageBits[u]);
  const highest = Math.max(...bits);
  const octets = new Uint8Array(Math.floor(highest / 8) + 1);
  for (const bit of bits) {
    const index = Math.floor(bit / 8);
    octets[index] = (octets[index] ?? 0) | (0x80 >> (bit % 8));
  }
  const unused = 7 - (highest % 8);
  return { oid: OID.keyUsage, critical: true, value: toDer(bitString(octets, unused)) };
}

/** subjectKeyIdentifier (RFC 5280 §4.2.1.2). */
export function subjectKeyIdentifier(keyIdentifier: Uint8Array): ExtensionTemplate {
  return { oid: OID.subjectKeyIdentifier, critical: false, value: toDer(octetString(keyIdentifier)) };
}

/** authorityKeyIdentifier with keyIdentifier only (RFC 5280 §4.2.1.1). */
export function authorityKeyIdentifier(keyIdentifier: Uint8Array): ExtensionTemplate {
  return {
    oid: OID.authorityKeyIdentifier,
    critical: false,
    value: toDer(sequence([implicitPrimitive(0, keyIdentifier)])),
  };
}

/** extendedKeyUsage (RFC 5280 §4.2.1.12), not critical: the key purposes, e.g. serverAuth. */
export function extendedKeyUsage(purposes: readonly string[]): ExtensionTemplate {
  return { oid: OID.extKeyUsage, critical: false, value: toDer(sequence(purposes.map((purpose) => oid(purpose)))) };
}

/** subjectAltName (RFC 5280 §4.2.1.6) with dNSName and iPAddress entries (addresses as their octets). */
export function subjectAltName(names: {
  readonly dnsNames: readonly string[];
  readonly ipAddresses: readonly Uint8Array[];
}): ExtensionTemplate {
  const entries = [
    ...names.dnsNames.map((name) => implicitPrimitive(2, new Uint8Array(Buffer.from(name, "ascii")))),
    ...names.ipAddresses.map((address) => implicitPrimitive(7, address)),
  ];
  return { oid: OID.subjectAltName, critical: false, value: toDer(sequence(entries)) };
}

/** Signs the template with the issuer's RSA key; returns the certificate's DER. */
export function buildCertificate(template: CertificateTemplate, issuerKey: KeyObject): Uint8Array {
  if (template.notAfter.getTime() <= template.notBefore.getTime()) {
    throw new CertificateError("OPTIONS_INVALID", "validity: notAfter must be after notBefore");
  }
  const algorithm = sequence([oid(OID.sha256WithRsaEncryption), nullValue()]);
  const tbs = sequence([
    explicit(0, smallInteger(2)), // v3
    integerFromContents(template.serial),
    algorithm,
    fromDer(template.issuerName),
    sequence([time(template.notBefore), time(template.notAfter)]),
    fromDer(template.subjectName),
    fromDer(template.subjectPublicKeyInfo),
    explicit(
      3,
      sequence(template.extensions.map((e) => sequence([oid(e.oid), ...(e.critical ? [boolean(true)] : []), octetString(e.value)]))),
    ),
  ]);
  const tbsDer = toDer(tbs);
  const signature = sign("sha256", tbsDer, issuerKey);
  return toDer(sequence([fromDer(tbsDer), sequence([oid(OID.sha256WithRsaEncryption), nullValue()]), bitString(signature)]));
}
