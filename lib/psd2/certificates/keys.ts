/**
 * Key handling over node:crypto: reading PEM keys with clear errors, the RSA checks this module
 * needs, PKCS#8/SPKI export, and the subject key identifier.
 */
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { DER_TAG, derContents, expectDerTag, readDerSequence, readDerValue } from "../x509";
import { CertificateError, messageOf, withCertificateParseErrors } from "./certificate-error";

/** Reads a private key from PEM (PKCS#8, PKCS#1, encrypted PKCS#8 with a passphrase). */
export function readPrivateKey(pem: string, what: string, passphrase?: string): KeyObject {
  const encrypted = pem.includes("ENCRYPTED PRIVATE KEY") || pem.includes("Proc-Type: 4,ENCRYPTED");
  if (encrypted && passphrase === undefined) {
    throw new CertificateError("KEY_PASSWORD", `${what} is encrypted and no passphrase was given`);
  }
  try {
    return createPrivateKey(passphrase === undefined ? { key: pem, format: "pem" } : { key: pem, format: "pem", passphrase });
  } catch (error) {
    if (encrypted) {
      throw new CertificateError("KEY_PASSWORD", `${what} could not be decrypted: wrong passphrase?`, { cause: error });
    }
    throw new CertificateError("KEY_INVALID", `${what} is not a readable private key (${messageOf(error)})`, { cause: error });
  }
}

/** Reads a public key from PEM (SPKI "PUBLIC KEY" or PKCS#1 "RSA PUBLIC KEY"). */
export function readPublicKey(pem: string, what: string): KeyObject {
  try {
    return createPublicKey({ key: pem, format: "pem" });
  } catch (error) {
    throw new CertificateError("KEY_INVALID", `${what} is not a readable public key (${messageOf(error)})`, { cause: error });
  }
}

/** Asserts an RSA key (not RSA-PSS, not EC) of at least `minBits`; the signatures are rsa-sha256. */
export function requireRsaKey(key: KeyObject, what: string, minBits = 2048): void {
  if (key.asymmetricKeyType !== "rsa") {
    throw new CertificateError(
      "KEY_INVALID",
      `${what} must be an RSA key (the signature scheme is rsa-sha256), not ${key.asymmetricKeyType ?? "unknown"}`,
    );
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < minBits) {
    throw new CertificateError("KEY_INVALID", `${what} has ${bits} bits; at least ${minBits} are required`);
  }
}

export function privateKeyToPkcs8Pem(key: KeyObject): string {
  return key.export({ type: "pkcs8", format: "pem" }).toString();
}

export function publicKeyToSpkiDer(key: KeyObject): Uint8Array {
  return new Uint8Array(key.export({ type: "spki", format: "der" }));
}

/**
 * The key identifier of RFC 5280 §4.2.1.2 method (1): the SHA-1 of the subjectPublicKey BIT
 * STRING's value (without the unused-bits octet).
 */
export function keyIdentifierOfSpki(spkiDer: Uint8Array): Uint8Array {
  const what = "subjectPublicKeyInfo";
  const contents = withCertificateParseErrors(() => {
    const [, bits] = readDerSequence(spkiDer, readDerValue(spkiDer, what), what);
    return derContents(spkiDer, expectDerTag(bits, DER_TAG.BIT_STRING, `${what}.subjectPublicKey`));
  });
  return new Uint8Array(createHash("sha1").update(contents.subarray(1)).digest());
}
