import { findAttributeOid } from "./attribute-types";
import { decodeDirectoryString } from "./decode-directory-string";
import { isDottedOid } from "./decode-oid";
import type { AttributeTypeAndValue, DistinguishedName, RelativeDistinguishedName } from "./distinguished-name";
import { readDerElement } from "./read-der-element";
import { X509Error } from "./x509-error";

export interface ParseDistinguishedNameOptions {
  /** Decode `%XX` sequences (as UTF-8) before parsing, e.g. `CN=PSD2%20Test`. Default false. */
  readonly percentDecoding?: boolean;
}

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const HEX_DIGIT = /^[0-9A-Fa-f]$/;
const OID_PREFIX = /^oid\./i;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function percentDecode(text: string): string {
  return text.replace(PERCENT_RUN, (run) => {
    try {
      return strictUtf8.decode(Buffer.from(run.replaceAll("%", ""), "hex"));
    } catch {
      return run;
    }
  });
}

function isHexDigit(c: string | undefined): boolean {
  return c !== undefined && HEX_DIGIT.test(c);
}

class DnReader {
  pos = 0;

  constructor(readonly input: string) {}

  fail(message: string): never {
    throw new X509Error("DN_SYNTAX", `${message} at position ${this.pos} of '${this.input}'`);
  }

  peek(): string | undefined {
    return this.input[this.pos];
  }

  skipSpaces(): void {
    while (this.peek() === " ") this.pos++;
  }

  readType(): string {
    const start = this.pos;
    const eq = this.input.indexOf("=", this.pos);
    if (eq < 0) this.fail("expected '<type>=<value>'");
    let name = this.input.slice(start, eq).trim();
    this.pos = eq + 1;
    if (OID_PREFIX.test(name)) name = name.slice(4);
    if (name === "") {
      this.pos = start;
      this.fail("empty attribute type");
    }
    if (isDottedOid(name)) return name;
    const oid = findAttributeOid(name);
    if (oid === undefined) {
      this.pos = start;
      this.fail(`unknown attribute type '${name}'`);
    }
    return oid;
  }

  readHexValue(oid: string): AttributeTypeAndValue {
    const start = ++this.pos;
    while (isHexDigit(this.peek())) this.pos++;
    const hex = this.input.slice(start, this.pos);
    if (hex.length === 0 || hex.length % 2 !== 0) this.fail("'#' must be followed by an even number of hex digits");
    const der = Uint8Array.from(Buffer.from(hex, "hex"));
    let element;
    try {
      element = readDerElement(der, 0);
    } catch (error) {
      this.fail(`the #hex value is not one DER element (${error instanceof Error ? error.message : String(error)})`);
    }
    if (element.end !== der.length) this.fail("the #hex value has bytes after its DER element");
    const text = decodeDirectoryString(element.tag, der.subarray(element.contentStart));
    return { oid, der, ...(text === undefined ? {} : { text }) };
  }

  readStringValue(oid: string): AttributeTypeAndValue {
    const quoted = this.peek() === '"';
    if (quoted) this.pos++;
    let text = "";
    let pending: number[] = [];
    let trailingSpaces = 0;
    const flush = (): void => {
      if (pending.length === 0) return;
      try {
        text += strictUtf8.decode(Uint8Array.from(pending));
      } catch {
        this.fail("escaped bytes (\\XX) are not UTF-8");
      }
      pending = [];
    };
    for (;;) {
      const c = this.peek();
      if (c === undefined) {
        if (quoted) this.fail("unterminated quoted value");
        break;
      }
      if (quoted ? c === '"' : c === "," || c === "+" || c === ";") {
        if (quoted) this.pos++;
        break;
      }
      if (c === "\\") {
        const next = this.input[this.pos + 1];
        if (next === undefined) this.fail("a value ends with a lone backslash");
        if (isHexDigit(next) && isHexDigit(this.input[this.pos + 2])) {
          pending.push(Number.parseInt(this.input.slice(this.pos + 1, this.pos + 3), 16));
          this.pos += 3;
        } else {
          flush();
          text += next;
          this.pos += 2;
        }
        trailingSpaces = 0;
        continue;
      }
      flush();
      const codePoint = this.input.codePointAt(this.pos) ?? 0;
      const char = String.fromCodePoint(codePoint);
      text += char;
      this.pos += char.length;
      trailingSpaces = c === " " && !quoted ? trailingSpaces + 1 : 0;
    }
    flush();
    return { oid, text: trailingSpaces > 0 ? text.slice(0, text.length - trailingSpaces) : text };
  }

  readAttribute(): AttributeTypeAndValue {
    this.skipSpaces();
    const oid = this.readType();
    this.skipSpaces();
    const atv = this.peek() === "#" ? this.readHexValue(oid) : this.readStringValue(oid);
    this.skipSpaces();
    return atv;
  }
}

/**
 * Parses a distinguished name string (RFC 4514/2253, most specific RDN first) into RDNs in ASN.1
 * order. Accepts keywords case-insensitively, OpenSSL names (organizationIdentifier,
 * emailAddress, serialNumber, ...), dotted OIDs with `#hex` values, `\,` and `\XX` escapes,
 * quoted values, spaces around separators and `;` as separator; `%XX` when asked to.
 * @see RFC 4514 §3
 * @see docs/interface/request-signing.md#signature-header
 */
export function parseDistinguishedName(input: string, options: ParseDistinguishedNameOptions = {}): DistinguishedName {
  const text = options.percentDecoding ? percentDecode(input) : input;
  if (text.trim() === "") return { rdns: [] };
  const reader = new DnReader(text);
  const rdns: RelativeDistinguishedName[] = [];
  for (;;) {
    const rdn: AttributeTypeAndValue[] = [reader.readAttribute()];
    while (reader.peek() === "+") {
      reader.pos++;
      rdn.push(reader.readAttribute());
    }
    rdns.push(rdn);
    const c = reader.peek();
    if (c === undefined) break;
    if (c !== "," && c !== ";") reader.fail(`unexpected '${c}'`);
    reader.pos++;
  }
  return { rdns: rdns.reverse() };
}
