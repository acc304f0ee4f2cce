/**
 * The developer portal's certificate issuance: a TPP certificate with the PSD2 QC statement for
 * the roles chosen, signed by the bank's sandbox CA, and a new key, as the real platforms'
 * developer portals issue sandbox certificates. The TPP is registered (or its name and roles
 * refreshed); the key is handed out once and never kept.
 *
 * @see docs/interface/certificates.md#certificates-and-tpp-registration; ETSI TS 119 495 §5.1
 */
import { z } from "zod";
import {
  type CertificateIssuer,
  CertificateError,
  DEFAULT_COMPETENT_AUTHORITY,
  generateRsaKeyPairAsync,
  issueTppCertificate,
  issueTppTlsClientCertificate,
} from "../../../psd2/certificates";
import { checkWith } from "../../../psd2/schemas/zod-checks";
import { durationMs } from "../../../psd2/time";
import { formatError, type Violation } from "../../../psd2/validation";
import type { Executor } from "../../db/open-bank-database";
import { BankError } from "../../errors";
import { createTppsRepository } from "../../repositories/tpps-repository";
import { certificatesValidFrom } from "../clock/sandbox-time-window";
import { ownValue } from "../../../psd2/lookup/own-value";

/** The roles a TPP may ask for: account information and payment initiation. */
export const PORTAL_ROLES = ["PSP_AI", "PSP_PI"] as const;
export type PortalRole = (typeof PORTAL_ROLES)[number];

/** How long an issued certificate is valid after the later of the real and the sandbox time. */
const VALIDITY_DAYS = 730;
const DAY_MS = durationMs({ days: 1 });

/** Names of competent authorities by the nCAId of the organisation id; others are named by the id. */
const AUTHORITY_NAMES: Record<string, string> = {
  "NO-FSA": DEFAULT_COMPETENT_AUTHORITY.name,
  "SE-FINA": "Finansinspektionen",
  "DK-DFSA": "Finanstilsynet",
  "FI-FINFSA": "Finanssivalvonta",
  "DE-BAFIN": "Bundesanstalt für Finanzdienstleistungsaufsicht",
  "GB-FCA": "Financial Conduct Authority",
};

const ORGANISATION_ID = /^PSD([A-Z]{2})-([A-Z]{2,8})-([A-Za-z0-9][A-Za-z0-9._-]*)$/;

function checkOrganisationName(value: string): Violation | undefined {
  if (value.trim().length === 0) return formatError("is required");
  if (value !== value.trim()) return formatError("must not begin or end with spaces");
  if (Array.from(value).length > 64) return formatError("must be at most 64 characters (the limit of a certificate's O)");
  return undefined;
}

function checkOrganisationId(value: string): Violation | undefined {
  if (value.length === 0) return formatError("is required, e.g. PSDNO-FSA-123456");
  if (value.length > 64 || !ORGANISATION_ID.test(value)) {
    return formatError(
      "must be an ETSI PSD2 organisation id PSD<country>-<authority>-<id> of at most 64 characters, e.g. PSDNO-FSA-123456 (letters, digits, dot, hyphen and underscore in the id)",
    );
  }
  return undefined;
}

function checkRoles(roles: readonly string[]): Violation | undefined {
  if (roles.length === 0) return formatError("must hold PSP_AI, PSP_PI or both");
  if (new Set(roles).size !== roles.length) return formatError("must name each role once");
  return undefined;
}

/** The request of POST /portal/certificates (the form sends the same fields); every field's error is reported at once. */
export const portalCertificateRequestSchema = z.strictObject({
  organisationName: z
    .string()
    .check(checkWith(checkOrganisationName))
    .describe("The organisation's legal name, the certificate's O and CN (1-64 characters)"),
  organisationId: z
    .string()
    .check(checkWith(checkOrganisationId))
    .describe("The organisation id in the ETSI form PSD<country>-<authority>-<id>, e.g. PSDNO-FSA-123456; it is the TPP's id at the bank"),
  roles: z
    .array(z.enum(PORTAL_ROLES))
    .check(checkWith(checkRoles))
    .describe("PSP_AI (account information) and/or PSP_PI (payment initiation)"),
});

/** A request of POST /portal/certificates that passed portalCertificateRequestSchema. */
export type PortalCertificateRequest = z.output<typeof portalCertificateRequestSchema>;

export type PortalCertificate = {
  tppId: string;
  organisationName: string;
  roles: PortalRole[];
  /** The TPP certificate (PEM); its Base64 DER on one line is the TPP-Signature-Certificate header. */
  certificate: string;
  /** The certificate's private key (PKCS#8 PEM); the bank keeps no copy. */
  privateKey: string;
  /** The bank's sandbox CA (PEM): the certificate chains to it. */
  caCertificate: string;
  /**
   * A QWAC-style TLS client certificate (PEM) for the same organisation, roles and validity, for
   * mutual TLS (a bank with BANK_CLIENT_CERT=required refuses /v1 calls without it); its own key.
   * @see docs/interface/transport.md#transport
   */
  tlsCertificate: string;
  /** The TLS client certificate's private key (PKCS#8 PEM); the bank keeps no copy. */
  tlsPrivateKey: string;
  serialNumber: string;
  validFrom: string;
  validUntil: string;
};

export type PortalCertificateDependencies = {
  db: Executor;
  ca: CertificateIssuer;
  /** The sandbox clock's time and the real time: the certificate is valid at both. */
  sandboxNow: Date;
  realNow: Date;
};

/**
 * POST /portal/certificates: issues a TPP certificate and key for the roles asked, signed by the
 * bank's sandbox CA, and registers the TPP (registeredThrough "portal"; an organisation id
 * already registered gets its name and roles refreshed). The route checks the request with
 * portalCertificateRequestSchema; what issuing still refuses is a BankError FORMAT_ERROR.
 *
 * @see docs/interface/certificates.md#certificates-and-tpp-registration
 */
export async function issuePortalCertificate(
  dependencies: PortalCertificateDependencies,
  request: PortalCertificateRequest,
): Promise<PortalCertificate> {
  const [, country, authority] = ORGANISATION_ID.exec(request.organisationId) ?? [];
  const authorityId = `${country}-${authority}`;
  const roles = PORTAL_ROLES.filter((role) => request.roles.includes(role));

  // Valid from where the sandbox clock can reach back (five years and a day before the real time,
  // or a day before the sandbox time if it is earlier) until two years after the later of the two
  // times, so that no move of the clock the bank accepts makes it not yet valid or expired.
  const times = [dependencies.sandboxNow.getTime(), dependencies.realNow.getTime()];
  const from = new Date(
    Math.min(certificatesValidFrom(dependencies.realNow).getTime(), Math.floor((dependencies.sandboxNow.getTime() - DAY_MS) / 1000) * 1000),
  );
  const validityDays = Math.ceil((Math.max(...times) - from.getTime()) / DAY_MS) + VALIDITY_DAYS;

  const [key, tlsKey] = await Promise.all([generateRsaKeyPairAsync(2048), generateRsaKeyPairAsync(2048)]);
  let issued;
  let tlsIssued;
  try {
    const subject = {
      issuer: dependencies.ca,
      organizationName: request.organisationName,
      organizationIdentifier: request.organisationId,
      roles,
      competentAuthority: { id: authorityId, name: ownValue(AUTHORITY_NAMES, authorityId) ?? authorityId },
      now: from,
      validityDays,
    };
    issued = issueTppCertificate({ ...subject, subjectKey: { privateKeyPem: key.privateKeyPem } });
    tlsIssued = issueTppTlsClientCertificate({ ...subject, subjectKey: { privateKeyPem: tlsKey.privateKeyPem } });
  } catch (error) {
    // The schema checks what issuing checks; a refusal left is still the caller's input.
    if (error instanceof CertificateError && error.code === "OPTIONS_INVALID")
      throw new BankError("FORMAT_ERROR", error.message.slice(0, 512));
    throw error;
  }

  await createTppsRepository(dependencies.db).upsertFromPortal(
    { id: request.organisationId, name: request.organisationName, roles },
    dependencies.realNow,
  );
  return {
    tppId: request.organisationId,
    organisationName: request.organisationName,
    roles,
    certificate: issued.certificatePem,
    privateKey: key.privateKeyPem,
    caCertificate: dependencies.ca.certificatePem,
    tlsCertificate: tlsIssued.certificatePem,
    tlsPrivateKey: tlsKey.privateKeyPem,
    serialNumber: issued.serialNumber,
    validFrom: from.toISOString().replace(/\.\d{3}Z$/, "Z"),
    validUntil: new Date(Math.floor(from.getTime() / 1000) * 1000 + validityDays * DAY_MS).toISOString().replace(/\.\d{3}Z$/, "Z"),
  };
}
