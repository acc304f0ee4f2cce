/**
 * The shared core of issueTppCertificate and issueSealCertificate: an end-entity eSeal
 * certificate signed by a CA, with the QC statements and, when roles are given, the PSD2 statement.
 *
 * Profile (that of the shared reference tpp.cert.pem): subject C, O, organizationIdentifier
 * (UTF8String), CN; basicConstraints CA:FALSE, critical; keyUsage digitalSignature +
 * nonRepudiation, critical; subjectKeyIdentifier; authorityKeyIdentifier (the issuer's own
 * subjectKeyIdentifier); qcStatements, not critical. The issuer Name is the CA's subject copied
 * byte for byte, so that name chaining never depends on re-encoding.
 *
 * @see ETSI TS 119 495 §5.1 and §5.2.1, RFC 5280 §4.1.2.4, §4.2.1
 */
import { type KeyObject } from "node:crypto";
import { DER_TAG, derContents, expectDerTag, formatSerialNumber, type ParsedCertificate, readDerValue } from "../x509";
import {
  authorityKeyIdentifier,
  basicConstraints,
  buildCertificate,
  encodeName,
  extendedKeyUsage,
  keyUsage,
  subjectKeyIdentifier,
  type NameAttribute,
} from "./build-certificate";
import { CertificateError, withCertificateParseErrors } from "./certificate-error";
import { checkCompetentAuthority, DEFAULT_COMPETENT_AUTHORITY, encodeQcStatements, type CompetentAuthority } from "./encode-qc-statements";
import { type RsaModulusLength } from "./generate-rsa-key-pair";
import {
  checkCountry,
  checkText,
  issuedCertificateOf,
  resolveSubjectKey,
  validityFrom,
  type IssuedCertificate,
  type SubjectKey,
} from "./issue-options";
import { keyIdentifierOfSpki, publicKeyToSpkiDer, readPrivateKey, requireRsaKey } from "./keys";
import { OID } from "./oids";
import { isPsd2Role, type Psd2Role } from "./psd2-roles";
import { readCertificate } from "./read-certificate";
import { randomSerialNumber, serialNumberFromHex } from "./serial-number";

/** The CA that signs: its certificate and private key (a CertificateAuthority fits). */
export interface CertificateIssuer {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
}

export interface EsealCertificateOptions {
  readonly issuer: CertificateIssuer;
  /** The subject's O: the organisation's legal name. */
  readonly organizationName: string;
  /** ETSI form, e.g. "PSDNO-FSA-123456"; required with PSD2 roles. */
  readonly organizationIdentifier?: string;
  /** Default: organizationName. */
  readonly commonName?: string;
  /** Two capitals; default "NO". */
  readonly country?: string;
  readonly roles?: readonly Psd2Role[];
  /** Default Finanstilsynet / NO-FSA. */
  readonly competentAuthority?: CompetentAuthority;
  /** The clock: notBefore is this instant (to the second). */
  readonly now: Date;
  readonly validityDays?: number;
  /** The subject's key; a 2048-bit RSA key is generated when absent. */
  readonly subjectKey?: SubjectKey;
  /** Bits of a generated key; default 2048. */
  readonly modulusLength?: RsaModulusLength;
  /** A fixed serial in hex (tests); default 16 random octets. */
  readonly serialNumber?: string;
}

/**
 * organizationIdentifier: `<3-letter type><2-letter country>-<id>` (ETSI EN 319 412-1 §5.1.4);
 * for a PSD2 certificate `PSD<country>-<NCA id>-<PSP id>`, whose `<country>-<NCA id>` is the
 * competent authority's nCAId (ETSI TS 119 495 §5.2.1).
 */
function checkOrganizationIdentifier(value: string, authority: CompetentAuthority | null): void {
  checkText(value, "organizationIdentifier");
  if (!/^[A-Z]{3}[A-Z]{2}-\S+$/.test(value)) {
    throw new CertificateError(
      "OPTIONS_INVALID",
      `organizationIdentifier "${value}" is not in the ETSI form <type><country>-<id>, e.g. PSDNO-FSA-123456`,
    );
  }
  if (authority === null) return;
  const psd = /^PSD([A-Z]{2})-([A-Z]{2,8})-\S+$/.exec(value);
  if (!psd) {
    throw new CertificateError(
      "OPTIONS_INVALID",
      `organizationIdentifier "${value}" is not in the PSD2 form PSD<country>-<NCA id>-<PSP id>, e.g. PSDNO-FSA-123456`,
    );
  }
  if (`${psd[1]}-${psd[2]}` !== authority.id) {
    throw new CertificateError(
      "OPTIONS_INVALID",
      `organizationIdentifier "${value}" names the authority ${psd[1]}-${psd[2]}, but competentAuthority.id is "${authority.id}"`,
    );
  }
}

function parseIssuerCertificate(pem: string): ParsedCertificate {
  try {
    return readCertificate(pem);
  } catch (error) {
    if (error instanceof CertificateError) {
      throw new CertificateError(error.code, `issuer.certificatePem: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/** The issuer's Name (DER), key identifier and signing key, after checking they belong together. */
export function readIssuer(issuer: CertificateIssuer): { name: Uint8Array; keyId: Uint8Array; privateKey: KeyObject } {
  const parsed = parseIssuerCertificate(issuer.certificatePem);
  const privateKey = readPrivateKey(issuer.privateKeyPem, "issuer.privateKeyPem");
  requireRsaKey(privateKey, "issuer.privateKeyPem");
  const { x509 } = parsed;
  if (!x509.ca) throw new CertificateError("OPTIONS_INVALID", "issuer.certificatePem is not a CA certificate (basicConstraints CA:FALSE)");
  if (!x509.checkPrivateKey(privateKey)) {
    throw new CertificateError("KEY_MISMATCH", "issuer.privateKeyPem is not the key of issuer.certificatePem");
  }
  const keyId = withCertificateParseErrors(() => {
    const ski = parsed.extensions.find((e) => e.oid === OID.subjectKeyIdentifier)?.value;
    if (ski === undefined) return keyIdentifierOfSpki(parsed.subjectPublicKeyInfo);
    const what = "issuer subjectKeyIdentifier";
    return derContents(ski, expectDerTag(readDerValue(ski, what), DER_TAG.OCTET_STRING, what));
  });
  return { name: parsed.subject.der, keyId, privateKey };
}

/**
 * What differs between a seal and a QWAC (a website authentication certificate, presented as a
 * TLS client certificate): the QcType, and for a QWAC keyEncipherment and the clientAuth purpose.
 */
export type EsealProfile = "eseal" | "qwac-client";

/** An eSeal certificate (or, with profile qwac-client, a QWAC-style TLS client certificate) signed by `issuer`. @see ETSI TS 119 495 §5.1, RFC 5280 §4.2.1 */
export function issueEsealCertificate(
  options: EsealCertificateOptions,
  defaultValidityDays: number,
  profile: EsealProfile = "eseal",
): IssuedCertificate {
  const country = options.country ?? "NO";
  const commonName = options.commonName ?? options.organizationName;
  const roles = options.roles ?? [];
  const authority = options.competentAuthority ?? DEFAULT_COMPETENT_AUTHORITY;
  checkText(options.organizationName, "organizationName");
  checkText(commonName, "commonName");
  checkCountry(country);
  for (const role of roles) {
    if (!isPsd2Role(role)) {
      throw new CertificateError("OPTIONS_INVALID", `roles: "${String(role)}" is not one of PSP_AS, PSP_PI, PSP_AI, PSP_IC`);
    }
  }
  if (roles.length > 0) {
    checkCompetentAuthority(authority);
    if (options.organizationIdentifier === undefined) {
      throw new CertificateError("OPTIONS_INVALID", "organizationIdentifier is required for a certificate with PSD2 roles");
    }
  }
  if (options.organizationIdentifier !== undefined) {
    checkOrganizationIdentifier(options.organizationIdentifier, roles.length > 0 ? authority : null);
  }
  const { notBefore, notAfter } = validityFrom(options.now, options.validityDays ?? defaultValidityDays);
  const serial = options.serialNumber === undefined ? randomSerialNumber() : serialNumberFromHex(options.serialNumber);
  const issuer = readIssuer(options.issuer);
  const subjectKey = resolveSubjectKey(options.subjectKey, options.modulusLength ?? 2048);
  const spki = publicKeyToSpkiDer(subjectKey.publicKey);

  const subject: NameAttribute[] = [
    { oid: OID.countryName, value: country, printable: true },
    { oid: OID.organizationName, value: options.organizationName },
    ...(options.organizationIdentifier === undefined ? [] : [{ oid: OID.organizationIdentifier, value: options.organizationIdentifier }]),
    { oid: OID.commonName, value: commonName },
  ];
  const der = buildCertificate(
    {
      serial,
      issuerName: issuer.name,
      subjectName: encodeName(subject),
      notBefore,
      notAfter,
      subjectPublicKeyInfo: spki,
      extensions: [
        basicConstraints(false),
        keyUsage(profile === "eseal" ? ["digitalSignature", "nonRepudiation"] : ["digitalSignature", "keyEncipherment"]),
        ...(profile === "eseal" ? [] : [extendedKeyUsage([OID.clientAuth])]),
        subjectKeyIdentifier(keyIdentifierOfSpki(spki)),
        authorityKeyIdentifier(issuer.keyId),
        {
          oid: OID.qcStatements,
          critical: false,
          value: encodeQcStatements({ roles, competentAuthority: authority, qcType: profile === "eseal" ? "eseal" : "web" }),
        },
      ],
    },
    issuer.privateKey,
  );
  return issuedCertificateOf(der, formatSerialNumber(serial), subjectKey.privateKeyPem);
}
