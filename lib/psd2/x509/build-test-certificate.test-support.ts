// Test fixtures only: a minimal DER writer and X.509 v3 certificate builder, so that tests can make
// certificates with tricky names, chosen serials and dates, signed by the shared test CA keys.
import { type KeyObject, sign } from "node:crypto";

export function tlv(tag: number, content: Uint8Array | readonly number[]): Buffer {
  const body = Buffer.from(content);
  const n = body.length;
  const length =
    n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 0xff] : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
}

export const sequence = (...items: Uint8Array[]): Buffer => tlv(0x30, Buffer.concat(items));
export const set = (...items: Uint8Array[]): Buffer => tlv(0x31, Buffer.concat(items));

export function oid(dotted: string): Buffer {
  const arcs = dotted.split(".").map((arc) => BigInt(arc));
  const [a = 0n, b = 0n, ...rest] = arcs;
  const bytes: number[] = [];
  for (const arc of [a * 40n + b, ...rest]) {
    const chunk: number[] = [Number(arc & 0x7fn)];
    for (let v = arc >> 7n; v > 0n; v >>= 7n) chunk.unshift(Number(v & 0x7fn) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, bytes);
}

export const utf8String = (text: string): Buffer => tlv(0x0c, Buffer.from(text, "utf8"));
export const printableString = (text: string): Buffer => tlv(0x13, Buffer.from(text, "latin1"));
export const bmpString = (text: string): Buffer => tlv(0x1e, Buffer.from(text, "utf16le").swap16());

/** An AttributeTypeAndValue; `value` is the full DER of the value. */
export const atv = (type: string, value: Uint8Array): Buffer => sequence(oid(type), value);

/** A Name from RDNs in ASN.1 order, each a list of AttributeTypeAndValue. */
export const name = (...rdns: Uint8Array[][]): Buffer => sequence(...rdns.map((rdn) => set(...rdn)));

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

export interface TestCertificateOptions {
  /** The serial's INTEGER content octets (e.g. [0x0a, 0x3f, ...]). */
  readonly serial: readonly number[];
  readonly issuer: Uint8Array;
  readonly subject: Uint8Array;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly publicKey: KeyObject;
  /** The key that signs the certificate (the issuer's). */
  readonly signingKey: KeyObject;
  readonly ca?: boolean;
}

/** An X.509 v3 certificate (sha256WithRSAEncryption) as DER. */
export function buildTestCertificate(options: TestCertificateOptions): Buffer {
  const algorithm = sequence(oid("1.2.840.113549.1.1.11"), tlv(0x05, []));
  const extensions = options.ca
    ? [tlv(0xa3, sequence(sequence(oid("2.5.29.19"), tlv(0x01, [0xff]), tlv(0x04, sequence(tlv(0x01, [0xff]))))))]
    : [];
  const tbs = sequence(
    tlv(0xa0, tlv(0x02, [2])),
    tlv(0x02, options.serial),
    algorithm,
    options.issuer,
    sequence(time(options.notBefore), time(options.notAfter)),
    options.subject,
    options.publicKey.export({ type: "spki", format: "der" }),
    ...extensions,
  );
  const signature = sign("sha256", tbs, options.signingKey);
  return sequence(tbs, algorithm, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
}
