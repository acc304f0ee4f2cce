import { describe, expect, it } from "vitest";
import { atv, bmpString, name, printableString, tlv, utf8String } from "./build-test-certificate.test-support";
import { formatDistinguishedName } from "./format-distinguished-name";
import { readDistinguishedName } from "./read-distinguished-name";

const CN = "2.5.4.3";
const O = "2.5.4.10";
const OU = "2.5.4.11";
const C = "2.5.4.6";
const L = "2.5.4.7";
const ST = "2.5.4.8";
const STREET = "2.5.4.9";
const DC = "0.9.2342.19200300.100.1.25";
const UID = "0.9.2342.19200300.100.1.1";
const ia5 = (text: string): Buffer => tlv(0x16, Buffer.from(text, "latin1"));

const format = (der: Buffer): string => formatDistinguishedName(readDistinguishedName(der));

// Every expected string below is what JDK 25's new X500Principal(der).getName() prints for the
// same DER (checked on this machine); docs/interface/request-signing.md#signature-header asks for exactly that form.
describe("formatDistinguishedName: Java's X500Principal.getName() (supplement §9.4, RFC 2253 §2)", () => {
  it("writes the most specific RDN first", () => {
    expect(
      format(
        name([atv(C, printableString("NO"))], [atv(O, utf8String("Test QTSP AS"))], [atv(CN, utf8String("PSD2 Test QTSP CA for eSeal"))]),
      ),
    ).toBe("CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO");
  });

  it('escapes , + " \\ < > ; and, as Java does, = and #', () => {
    expect(
      format(
        name([atv(C, printableString("NO"))], [atv(O, utf8String('a+b"c\\d<e>f;g=h#i'))], [atv(CN, utf8String("Sue, Grabbit and Runn"))]),
      ),
    ).toBe('CN=Sue\\, Grabbit and Runn,O=a\\+b\\"c\\\\d\\<e\\>f\\;g\\=h\\#i,C=NO');
  });

  it("escapes a leading #, leading and trailing spaces, and a trailing CR", () => {
    expect(
      format(
        name(
          [atv(CN, utf8String("#hash"))],
          [atv(OU, utf8String(" lead"))],
          [atv(L, utf8String("trail "))],
          [atv(ST, utf8String("  both  "))],
          [atv(STREET, utf8String("   "))],
          [atv(O, utf8String("cr\r"))],
        ),
      ),
    ).toBe("O=cr\\\r,STREET=\\ \\ \\ ,ST=\\ \\ both\\ \\ ,L=trail\\ ,OU=\\ lead,CN=\\#hash");
  });

  it("writes non-ASCII raw", () => {
    expect(format(name([atv(C, printableString("NO"))], [atv(O, utf8String("Tromsø Æble 東京 😀"))]))).toBe("O=Tromsø Æble 東京 😀,C=NO");
  });

  it("writes types without an RFC 2253 keyword as <OID>=#<hex of the DER value>", () => {
    expect(
      format(
        name(
          [atv(C, printableString("NO"))],
          [atv("2.5.4.97", utf8String("NTRNO-999999999"))],
          [atv("2.5.4.5", printableString("12345"))],
          [atv("1.2.840.113549.1.9.1", ia5("a@b.no"))],
          [atv("1.2.3.4", utf8String("x"))],
        ),
      ),
    ).toBe(
      "1.2.3.4=#0c0178,1.2.840.113549.1.9.1=#16066140622e6e6f,2.5.4.5=#13053132333435,2.5.4.97=#0c0f4e54524e4f2d393939393939393939,C=NO",
    );
  });

  it("joins a multi-valued RDN with + in DER order", () => {
    expect(
      format(
        name(
          [atv(C, printableString("NO"))],
          [atv(CN, utf8String("Alice")), atv(OU, utf8String("Sales+Ops")), atv("2.5.4.97", utf8String("PSDNO-1"))],
        ),
      ),
    ).toBe("CN=Alice+OU=Sales\\+Ops+2.5.4.97=#0c075053444e4f2d31,C=NO");
  });

  it("uses the DC and UID keywords", () => {
    expect(
      format(name([atv(DC, ia5("no"))], [atv(DC, ia5("example"))], [atv(UID, utf8String("jdoe"))], [atv(CN, utf8String("J. Doe"))])),
    ).toBe("CN=J. Doe,UID=jdoe,DC=example,DC=no");
  });

  it("handles empty values, non-string values, NUL, T61String and BMPString as JDK 25 does", () => {
    expect(
      format(
        name(
          [atv(CN, bmpString("Bmp"))],
          [atv(OU, utf8String("nul\u0000x"))],
          [atv(O, tlv(0x14, [0x54, 0xf8]))],
          [atv(CN, tlv(0x02, [1]))],
          [atv(CN, utf8String(""))],
        ),
      ),
    ).toBe("CN=,CN=#020101,O=Tø,OU=nul\\00x,CN=Bmp");
  });

  it("writes UniversalString, VisibleString and NumericString values as #hex, as Java does", () => {
    expect(
      format(
        name([atv(CN, tlv(0x1c, [0, 0, 0, 0x41]))], [atv(CN, tlv(0x1a, Buffer.from("Vis")))], [atv(CN, tlv(0x12, Buffer.from("123")))]),
      ),
    ).toBe("CN=#1203313233,CN=#1a03566973,CN=#1c0400000041");
  });

  it("formats a name parsed from a string (no DER) with the same rules", () => {
    expect(
      formatDistinguishedName({ rdns: [[{ oid: C, text: "NO" }], [{ oid: "2.5.4.97", text: "X-1" }], [{ oid: CN, text: " a,b " }]] }),
    ).toBe("CN=\\ a\\,b\\ ,2.5.4.97=#0c03582d31,C=NO");
  });
});
