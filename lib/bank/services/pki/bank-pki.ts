import { z } from "zod";
import { createCertificateAuthority, issueSealCertificate, readCertificateInfo } from "../../../psd2/certificates";
import { createRequestSigner, type RequestSigner } from "../../../psd2/signing";
import { addYearsToInstant, durationMs } from "../../../psd2/time";
import { loadTrustAnchors, type TrustAnchor } from "../../../psd2/x509";
import type { SettingsRepository } from "../../repositories/settings-repository";
import { certificatesValidFrom } from "../clock/sandbox-time-window";

/** The setting that holds the CA and the seal with their keys. */
export const PKI_SETTING = "pki";
const DAY_MS = durationMs({ days: 1 });
/** The CA and the seal stay valid this long after the real time they are made at. */
const YEARS_AHEAD = 30;
/** A CA or seal valid for less than this ahead of the real time is made again. */
const MIN_YEARS_AHEAD = 10;

const storedPkiSchema = z.object({
  ca: z.object({ certificatePem: z.string(), privateKeyPem: z.string() }),
  seal: z.object({ certificatePem: z.string(), privateKeyPem: z.string() }),
});
type StoredPki = z.infer<typeof storedPkiSchema>;

export type BankPki = {
  /** The bank's sandbox CA: it issues the developer portal's TPP certificates. */
  ca: { certificatePem: string; privateKeyPem: string };
  /** The bank's seal: it signs every /v1 response. */
  seal: { certificatePem: string };
  sealSigner: RequestSigner;
  /** The bank's own CA, then the anchors of BANK_TRUST_ANCHORS. */
  trustAnchors: readonly TrustAnchor[];
};

/** Whether a certificate is valid over the whole window the bank needs at `now`. */
function covers(certificatePem: string, now: Date): boolean {
  const info = readCertificateInfo(certificatePem);
  return (
    Date.parse(info.notBefore) <= certificatesValidFrom(now).getTime() &&
    Date.parse(info.notAfter) >= addYearsToInstant(now, MIN_YEARS_AHEAD).getTime()
  );
}

/**
 * The CA and seal certificates for the window the sandbox clock can reach: from
 * certificatesValidFrom(now) (five years and a day back) to 30 years ahead. With `keys`, the same
 * keys and names are certified again: what the CA issued before still chains to it (by
 * signature), and a TPP keeps its copy of the CA.
 */
function certifyPki(options: { bankName: string; now: Date; keys?: StoredPki }): StoredPki {
  const from = certificatesValidFrom(options.now);
  const validityDays = Math.ceil((addYearsToInstant(options.now, YEARS_AHEAD).getTime() - from.getTime()) / DAY_MS);
  const previousCa = options.keys ? readCertificateInfo(options.keys.ca.certificatePem) : undefined;
  const previousSeal = options.keys ? readCertificateInfo(options.keys.seal.certificatePem) : undefined;
  const organizationName = previousCa?.organizationName ?? options.bankName;
  const ca = createCertificateAuthority({
    organizationName,
    commonName: previousCa?.commonName ?? `${options.bankName} Sandbox QTSP CA`,
    now: from,
    validityDays,
    ...(options.keys ? { privateKeyPem: options.keys.ca.privateKeyPem } : {}),
  });
  const seal = issueSealCertificate({
    issuer: { certificatePem: ca.certificatePem, privateKeyPem: ca.privateKeyPem },
    organizationName: previousSeal?.organizationName ?? options.bankName,
    organizationIdentifier: previousSeal?.organizationIdentifier ?? "NTRNO-999999999",
    commonName: previousSeal?.commonName ?? `${options.bankName} eSeal`,
    now: from,
    validityDays,
    ...(options.keys ? { subjectKey: { privateKeyPem: options.keys.seal.privateKeyPem } } : {}),
  });
  if (!seal.privateKeyPem) throw new Error("the seal certificate was issued without its private key");
  return {
    ca: { certificatePem: ca.certificatePem, privateKeyPem: ca.privateKeyPem },
    seal: { certificatePem: seal.certificatePem, privateKeyPem: seal.privateKeyPem },
  };
}

/**
 * The bank's CA and seal, made on first start and kept with its data (docs/interface/certificates.md#certificates-and-tpp-registration), and the
 * trust anchors a TPP certificate may chain to. Both cover every time the sandbox clock can be
 * set to (sandbox-time-window.ts): a CA or seal kept from before that rule, or close to its end,
 * is certified again with the same key and name, so that what it issued keeps chaining to it.
 *
 * @see docs/interface/request-signing.md#response-signing and docs/interface/certificates.md#certificates-and-tpp-registration
 */
export async function loadBankPki(options: {
  settings: SettingsRepository;
  bankName: string;
  now: Date;
  extraTrustAnchorsPem?: string;
}): Promise<BankPki> {
  const saved = storedPkiSchema.safeParse(await options.settings.get(PKI_SETTING));
  let stored: StoredPki;
  if (!saved.success) {
    stored = certifyPki({ bankName: options.bankName, now: options.now });
    await options.settings.set(PKI_SETTING, stored, options.now);
  } else if (!covers(saved.data.ca.certificatePem, options.now) || !covers(saved.data.seal.certificatePem, options.now)) {
    stored = certifyPki({ bankName: options.bankName, now: options.now, keys: saved.data });
    await options.settings.set(PKI_SETTING, stored, options.now);
  } else {
    stored = saved.data;
  }
  const extra = options.extraTrustAnchorsPem ? loadTrustAnchors(options.extraTrustAnchorsPem) : [];
  return {
    ca: stored.ca,
    seal: { certificatePem: stored.seal.certificatePem },
    sealSigner: createRequestSigner({
      privateKeyPem: stored.seal.privateKeyPem,
      certificatePem: stored.seal.certificatePem,
    }),
    trustAnchors: [...loadTrustAnchors(stored.ca.certificatePem), ...extra],
  };
}
