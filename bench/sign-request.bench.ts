import { createPrivateKey, sign } from "node:crypto";
import { createCertificateAuthority, issueTppCertificate } from "../lib/psd2/certificates";
import { createRequestSigner } from "../lib/psd2/signing";
import { compareThroughput, type MeasureOptions } from "./measure";

/** A bench TPP certificate issued by a bench CA, its signer, and a typical payment request. */
export function createSigningFixture() {
  const now = new Date();
  const ca = createCertificateAuthority({ organizationName: "Bench Bank", now, modulusLength: 2048 });
  const tpp = issueTppCertificate({
    issuer: ca,
    organizationName: "Bench TPP AS",
    organizationIdentifier: "PSDNO-FSA-100200",
    roles: ["PSP_PI"],
    now,
  });
  if (!tpp.privateKeyPem) throw new Error("the bench certificate has no key");
  const signer = createRequestSigner({ privateKeyPem: tpp.privateKeyPem, certificatePem: tpp.certificatePem });
  const key = createPrivateKey(tpp.privateKeyPem);

  const body = JSON.stringify({
    instructedAmount: { currency: "NOK", amount: "1250.00" },
    debtorAccount: { bban: "12345678903", currency: "NOK" },
    creditorName: "Bjørn Ærø Eiendom AS",
    creditorAccount: { bban: "98765432103", currency: "NOK" },
    creditorAddress: { street: "Storgata", buildingNumber: "12", postalCode: "0155", city: "Oslo", country: "NO" },
    remittanceInformationStructuredArray: [{ reference: "1234567890128", referenceType: "KID" }],
    requestedExecutionDate: "2026-12-01",
  });
  const request = {
    method: "POST",
    path: "/v1/payments/norwegian-domestic-credit-transfers",
    headers: {
      "Content-Type": "application/json",
      "X-Request-ID": "6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b",
      Date: "Sun, 22 Nov 2026 10:00:00 GMT",
      "PSU-ID": "0b6a0c1e-6c1a-4f7e-9a55-1c1d2e3f4a5b",
      "PSU-IP-Address": "192.0.2.10",
      "TPP-Session-ID": "sess-1",
      "TPP-Redirect-URI": "http://localhost:3000/callback",
      "x-accept-fix": "amount-as-string",
    },
    body,
  };
  return { ca, tpp, signer, key, request };
}

/**
 * signRequestVsRawSign: signing a typical payment request (Digest of the body, signing string,
 * RSA-SHA256, Signature header) against a bare `crypto.sign` of the same signing string with
 * the same KeyObject. 1.0 means the signer adds nothing to the RSA operation itself.
 */
export async function signRequestVsRawSign(options: MeasureOptions): Promise<number> {
  const { signer, key, request } = createSigningFixture();
  const signingString = Buffer.from(signer.sign(request).signingString, "utf8");

  return compareThroughput(
    () => {
      signer.sign(request);
    },
    () => {
      sign("sha256", signingString, key);
    },
    options,
  );
}
