/**
 * Reads a PKCS#12 (.p12/.pfx) file with its password: the private key, the certificate that
 * matches it, and any other certificates (the CA chain). Modern OpenSSL 3 files (PBES2,
 * AES-256-CBC, SHA-256 MAC) and legacy ones (3DES, RC2) are read by node-forge; node:crypto
 * has no PKCS#12 reader outside TLS.
 *
 * @see RFC 7292
 */
import { createPrivateKey, X509Certificate } from "node:crypto";
import forge from "node-forge";
import { CertificateError, messageOf } from "./certificate-error";
import { privateKeyToPkcs8Pem } from "./keys";
import { OID } from "./oids";
import { writePem } from "./pem";
import { readCertificate } from "./read-certificate";

export interface Pkcs12Contents {
  /** PKCS#8 PEM. */
  readonly privateKeyPem: string;
  /** The certificate whose public key matches the private key, PEM. */
  readonly certificatePem: string;
  /** The other certificates (normally the CA chain), PEM, in the file's order. */
  readonly chainPems: readonly string[];
}

type Pfx = ReturnType<typeof forge.pkcs12.pkcs12FromAsn1>;
type Bag = forge.pkcs12.Bag;

function bytesOf(input: Uint8Array | string): Uint8Array {
  if (typeof input !== "string") return input;
  if (input.includes("-----BEGIN")) {
    throw new CertificateError("PKCS12_INVALID", "input is PEM text, not PKCS#12; use loadPemBundle");
  }
  const base64 = input.replace(/\s+/g, "");
  if (base64.length === 0 || base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    throw new CertificateError("PKCS12_INVALID", "PKCS#12 text is not Base64");
  }
  return new Uint8Array(Buffer.from(base64, "base64"));
}

function openPfx(bytes: Uint8Array, password: string): Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    // Not strict: PKCS#12 files from other tools are often BER (indefinite lengths).
    asn1 = forge.asn1.fromDer(Buffer.from(bytes).toString("binary"), false);
  } catch (error) {
    throw new CertificateError("PKCS12_INVALID", `input is not a PKCS#12 file: not ASN.1 (${messageOf(error)})`, { cause: error });
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = messageOf(error);
    // forge: "PKCS#12 MAC could not be verified. Invalid password?" (MAC present) or
    // "Unable to decrypt PKCS#8 ShroudedKeyBag, wrong password?" (no MAC).
    if (/password/i.test(message) && hasMac(asn1)) {
      throw new CertificateError("PKCS12_PASSWORD", "the PKCS#12 password is wrong (integrity check or decryption failed)", {
        cause: error,
      });
    }
    // Without a MAC nothing tells a wrong password from damage: a wrong key makes noise that may
    // pass the cipher's padding check (about 1 time in 256) and then fails as ASN.1 or as a bag.
    if (!hasMac(asn1) && !message.startsWith("Cannot read PKCS#12 PFX")) {
      throw new CertificateError(
        "PKCS12_PASSWORD",
        `the PKCS#12 password is wrong, or the file is damaged: it has no integrity check to tell which (decryption or reading failed: ${message})`,
        { cause: error },
      );
    }
    throw new CertificateError("PKCS12_INVALID", `input is not a readable PKCS#12 file (${message})`, { cause: error });
  }
}

/** PFX ::= SEQUENCE { version, authSafe, macData OPTIONAL }: whether macData is there. @see RFC 7292 */
function hasMac(asn1: forge.asn1.Asn1): boolean {
  return Array.isArray(asn1.value) && asn1.value.length >= 3;
}

function bagsOf(pfx: Pfx, bagType: string): Bag[] {
  return pfx.getBags({ bagType })[bagType] ?? [];
}

function keyOf(bag: Bag): string {
  try {
    if (bag.key) return privateKeyToPkcs8Pem(createPrivateKey(forge.pki.privateKeyToPem(bag.key)));
    // forge reads only RSA keys; it hands others over as PrivateKeyInfo ASN.1.
    const der = Buffer.from(forge.asn1.toDer(bag.asn1).getBytes(), "binary");
    return privateKeyToPkcs8Pem(createPrivateKey({ key: der, format: "der", type: "pkcs8" }));
  } catch (error) {
    throw new CertificateError("PKCS12_INVALID", `the PKCS#12 private key is not readable (${messageOf(error)})`, { cause: error });
  }
}

function certificateOf(bag: Bag, index: number): Uint8Array {
  try {
    // certificateToAsn1 re-uses the TBSCertificate as read, so the octets (and signature) stay.
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
    const der = new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary"));
    readCertificate(der);
    return der;
  } catch (error) {
    throw new CertificateError("PKCS12_INVALID", `PKCS#12 certificate ${index + 1} is not readable (${messageOf(error)})`, {
      cause: error,
    });
  }
}

/** The key, its certificate and the chain from a password-protected PKCS#12. @see RFC 7292 */
export function loadPkcs12(input: Uint8Array | string, password: string): Pkcs12Contents {
  const pfx = openPfx(bytesOf(input), password);
  const keyBags = [...bagsOf(pfx, OID.pkcs8ShroudedKeyBag), ...bagsOf(pfx, OID.keyBag)];
  const [keyBag] = keyBags;
  if (keyBag === undefined) throw new CertificateError("PKCS12_INVALID", "the PKCS#12 file holds no private key");
  if (keyBags.length > 1) {
    throw new CertificateError("PKCS12_INVALID", `the PKCS#12 file holds ${keyBags.length} private keys; expected one`);
  }
  const privateKeyPem = keyOf(keyBag);
  const certificates = bagsOf(pfx, OID.certBag).map((bag, i) => certificateOf(bag, i));
  if (certificates.length === 0) throw new CertificateError("PKCS12_INVALID", "the PKCS#12 file holds no certificate");
  const key = createPrivateKey(privateKeyPem);
  const leaf = certificates.find((der) => new X509Certificate(der).checkPrivateKey(key));
  if (leaf === undefined) {
    throw new CertificateError("KEY_MISMATCH", "the PKCS#12 private key matches none of its certificates");
  }
  return {
    privateKeyPem,
    certificatePem: writePem("CERTIFICATE", leaf),
    chainPems: certificates.filter((der) => der !== leaf).map((der) => writePem("CERTIFICATE", der)),
  };
}
