import { describe, expect, it } from "vitest";
import { readVectorFile } from "../signing/test-vectors.test-support";
import { atv, bmpString, name, printableString, tlv, utf8String } from "./build-test-certificate.test-support";
import { formatDistinguishedName } from "./format-distinguished-name";
import { isSameDistinguishedName } from "./is-same-distinguished-name";
import { parseCertificate } from "./parse-certificate";
import { parseDistinguishedName } from "./parse-distinguished-name";
import { readDistinguishedName } from "./read-distinguished-name";
import { X509Error } from "./x509-error";

const ca1 = parseCertificate(readVectorFile("keys/tpp.cert.pem")).issuer;
const ca2 = parseCertificate(readVectorFile("keys/tpp-ca2.cert.pem")).issuer;
const same = (text: string, dn = ca1, percentDecoding = false): boolean =>
  isSameDistinguishedName(parseDistinguishedName(text, { percentDecoding }), dn);

describe("parseDistinguishedName (RFC 4514) and isSameDistinguishedName", () => {
  it("reads RDNs most specific first and returns them in ASN.1 order", () => {
    const dn = parseDistinguishedName("CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO");
    expect(dn.rdns.map((rdn) => rdn.map((a) => `${a.oid}=${a.text ?? ""}`))).toEqual([
      ["2.5.4.6=NO"],
      ["2.5.4.10=Test QTSP AS"],
      ["2.5.4.3=PSD2 Test QTSP CA for eSeal"],
    ]);
    expect(same("CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO")).toBe(true);
  });

  it("fails the same RDNs in ASN.1 order (N15)", () => {
    expect(same("C=NO,O=Test QTSP AS,CN=PSD2 Test QTSP CA for eSeal")).toBe(false);
  });

  it("matches OpenSSL names and OID=#hex against the same attribute (A06)", () => {
    const java = "CN=Test QTSP eSeal CA G2,O=Testbank Sertifikat\\, Tromsø AS,2.5.4.97=#0c0f4e54524e4f2d393939393939393939,C=NO";
    const openssl = "CN=Test QTSP eSeal CA G2,O=Testbank Sertifikat\\, Tromsø AS,organizationIdentifier=NTRNO-999999999,C=NO";
    expect(same(java, ca2)).toBe(true);
    expect(same(openssl, ca2)).toBe(true);
    expect(
      same(
        "commonName=Test QTSP eSeal CA G2,organizationName=Testbank Sertifikat\\2C Troms\\C3\\B8 AS,2.5.4.97=NTRNO-999999999,countryName=NO",
        ca2,
      ),
    ).toBe(true);
    expect(
      same("OID.2.5.4.3=Test QTSP eSeal CA G2,O=Testbank Sertifikat\\, Tromsø AS,organizationIdentifier=NTRNO-999999999,C=NO", ca2),
    ).toBe(true);
  });

  it("decodes %20 only when asked (A03)", () => {
    const percent = "CN=PSD2%20Test%20QTSP%20CA%20for%20eSeal,O=Test%20QTSP%20AS,C=NO";
    expect(same(percent, ca1, true)).toBe(true);
    expect(same(percent, ca1, false)).toBe(false);
    expect(parseDistinguishedName("O=100% Bank%C3%B8", { percentDecoding: true }).rdns[0]?.[0]?.text).toBe("100% Bankø");
  });

  it("compares values as X.500 caseIgnoreMatch: case and repeated spaces do not matter, types do", () => {
    expect(same("cn=psd2  test QTSP ca for eseal , o = Test QTSP AS ; c=no")).toBe(true);
    expect(same("CN=PSD2 Test QTSP CA for eSeal,OU=Test QTSP AS,C=NO")).toBe(false);
    expect(same("CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=SE")).toBe(false);
    expect(same("CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO,DC=x")).toBe(false);
    expect(same("CN=PSD2 Test QTSP CA for eSeal+OU=x,O=Test QTSP AS,C=NO")).toBe(false);
  });

  it("matches a multi-valued RDN whatever the order of its attributes", () => {
    expect(
      isSameDistinguishedName(parseDistinguishedName("CN=Alice+OU=Sales,C=NO"), parseDistinguishedName("OU=Sales+CN=Alice,C=NO")),
    ).toBe(true);
  });

  it("reads quoted values, escaped specials and hex pairs", () => {
    const dn = parseDistinguishedName('O="Sue, Grabbit and Runn",CN=a\\+b\\=c\\"d\\\\e\\ ,L=\\#x,ST=\\C3\\B8l');
    expect(dn.rdns.map((rdn) => rdn[0]?.text)).toEqual(["øl", "#x", 'a+b=c"d\\e ', "Sue, Grabbit and Runn"]);
  });

  it("reads OID=#hex as DER, with its text when it is a string type", () => {
    // RDNs come back in ASN.1 order: the last written first.
    const { rdns } = parseDistinguishedName("1.2.3.4=#020101,2.5.4.97=#0c03582d31");
    const value = rdns[0]?.[0];
    const integer = rdns[1]?.[0];
    expect(value?.text).toBe("X-1");
    expect(integer?.der).toEqual(Uint8Array.from([2, 1, 1]));
    expect(integer?.text).toBeUndefined();
  });

  it("reads back what formatDistinguishedName writes, for tricky names", () => {
    const tricky = [
      name(
        [atv("2.5.4.6", printableString("NO"))],
        [atv("2.5.4.10", utf8String('a+b"c\\d<e>f;g=h#i'))],
        [atv("2.5.4.3", utf8String("Sue, Grabbit"))],
      ),
      name([atv("2.5.4.3", utf8String("#hash"))], [atv("2.5.4.11", utf8String(" lead"))], [atv("2.5.4.7", utf8String("trail "))]),
      name([atv("2.5.4.3", utf8String("Alice")), atv("2.5.4.11", utf8String("Sales+Ops")), atv("2.5.4.97", utf8String("PSDNO-1"))]),
      name(
        [atv("2.5.4.3", bmpString("Bmp"))],
        [atv("2.5.4.11", utf8String("nul\u0000x"))],
        [atv("2.5.4.3", tlv(0x02, [1]))],
        [atv("2.5.4.10", utf8String("Tromsø 東京"))],
      ),
    ];
    for (const der of tricky) {
      const dn = readDistinguishedName(der);
      expect(isSameDistinguishedName(parseDistinguishedName(formatDistinguishedName(dn)), dn), formatDistinguishedName(dn)).toBe(true);
    }
  });

  it("reads an empty string as the empty name", () => {
    expect(parseDistinguishedName("").rdns).toEqual([]);
  });

  it.each([
    ["XYZ=1,C=NO", /unknown attribute type 'XYZ' at position 0/],
    ["CN=a,C", /expected '<type>=<value>' at position 5/],
    ["CN=#zz", /'#' must be followed by an even number of hex digits/],
    ["CN=#0c0", /even number of hex digits/],
    ["CN=#0c0541", /not one DER element/],
    ["CN=a\\", /lone backslash/],
    ["CN=\\C3", /not UTF-8/],
    ['CN="open', /unterminated quoted value/],
    ['CN="a" b', /unexpected 'b'/],
    ["=x", /empty attribute type/],
  ])("rejects %s", (input, message) => {
    expect(() => parseDistinguishedName(input)).toThrow(X509Error);
    expect(() => parseDistinguishedName(input)).toThrow(message);
  });
});
