import { z } from "zod";
import {
  createCertificateAuthority,
  issueSealCertificate,
} from "../../psd2/certificates";
import { createRequestSigner, type RequestSigner } from "../../psd2/signing";
import { loadTrustAnchors, type TrustAnchor } from "../../psd2/x509";
import type { SettingsRepository } from "../repositories/settings-repository";

const PKI_KEY = "pki";

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

/**
 * The bank's CA and seal, made on first start and kept with its data (supplement §10), and the
 * trust anchors a TPP certificate may chain to.
 * @see supplement.md §9 (response signing) and §10
 */
export async function loadBankPki(options: {
  settings: SettingsRepository;
  bankName: string;
  now: Date;
  extraTrustAnchorsPem?: string;
}): Promise<BankPki> {
  const saved = storedPkiSchema.safeParse(await options.settings.get(PKI_KEY));
  let stored: StoredPki;
  if (saved.success) {
    stored = saved.data;
  } else {
    const ca = createCertificateAuthority({
      organizationName: options.bankName,
      commonName: `${options.bankName} Sandbox QTSP CA`,
      now: options.now,
      validityDays: 3650,
    });
    const seal = issueSealCertificate({
      issuer: { certificatePem: ca.certificatePem, privateKeyPem: ca.privateKeyPem },
      organizationName: options.bankName,
      organizationIdentifier: "NTRNO-999999999",
      commonName: `${options.bankName} eSeal`,
      now: options.now,
      validityDays: 3650,
    });
    if (!seal.privateKeyPem) throw new Error("the seal certificate was issued without its private key");
    stored = {
      ca: { certificatePem: ca.certificatePem, privateKeyPem: ca.privateKeyPem },
      seal: { certificatePem: seal.certificatePem, privateKeyPem: seal.privateKeyPem },
    };
    await options.settings.set(PKI_KEY, stored, options.now);
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
