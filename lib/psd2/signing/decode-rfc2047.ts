import { SigningError } from "./signing-error";

const ENCODED_WORD = /=\?([^?\s]+)\?([^?\s]*)\?([^?\s]*)\?=/g;
const ONLY_ENCODED_WORDS = /^\s*=\?[^?\s]+\?[^?\s]*\?[^?\s]*\?=(?:\s+=\?[^?\s]+\?[^?\s]*\?[^?\s]*\?=)*\s*$/;
const WHITESPACE_ONLY = /^\s*$/;
const BASE64_TEXT = /^[A-Za-z0-9+/]*={0,2}$/;
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

const DECODERS: Readonly<Record<string, TextDecoder>> = {
  "utf-8": new TextDecoder("utf-8", { fatal: true }),
  utf8: new TextDecoder("utf-8", { fatal: true }),
  "iso-8859-1": new TextDecoder("latin1"),
  latin1: new TextDecoder("latin1"),
  "us-ascii": new TextDecoder("latin1"),
};

function fail(message: string): never {
  throw new SigningError("RFC2047_SYNTAX", message);
}

function decodeB(text: string, word: string): Uint8Array {
  if (!BASE64_TEXT.test(text) || text.length % 4 === 1) fail(`encoded-word '${word}' is not valid Base64`);
  return Buffer.from(text, "base64");
}

function decodeQ(text: string, word: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5f) {
      bytes.push(0x20); // "_" is a space (RFC 2047 §4.2 (2))
    } else if (c === 0x3d) {
      const hex = text.slice(i + 1, i + 3);
      if (!HEX_PAIR.test(hex)) fail(`encoded-word '${word}' has '=' not followed by two hex digits`);
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (c > 0x20 && c < 0x7f) {
      bytes.push(c);
    } else {
      fail(`encoded-word '${word}' holds a character not allowed in Q encoding`);
    }
  }
  return Uint8Array.from(bytes);
}

/** Whether a header value consists of RFC 2047 encoded-words only (`=?charset?enc?text?=`). @see RFC 2047 §2 */
export function isRfc2047Encoded(value: string): boolean {
  return ONLY_ENCODED_WORDS.test(value);
}

/**
 * Decodes the RFC 2047 encoded-words in a header value: B and Q encodings, charsets utf-8 and
 * iso-8859-1 (case-insensitive, an RFC 2231 `*language` suffix ignored); whitespace between
 * adjacent encoded-words is dropped and their octets joined before decoding, so a character split
 * across two words survives. Text outside encoded-words is kept.
 * @see RFC 2047 §2, §4 and §6.2
 */
export function decodeRfc2047(value: string): string {
  let out = "";
  let last = 0;
  let pending: { charset: string; bytes: Uint8Array[] } | undefined;
  const flush = (): void => {
    if (pending === undefined) return;
    const decoder = DECODERS[pending.charset];
    if (decoder === undefined) fail(`charset '${pending.charset}' is not utf-8 or iso-8859-1`);
    try {
      out += decoder.decode(Buffer.concat(pending.bytes));
    } catch {
      fail(`encoded-words in charset '${pending.charset}' do not hold valid ${pending.charset} octets`);
    }
    pending = undefined;
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const [word, rawCharset = "", encoding = "", text = ""] = match;
    const between = value.slice(last, match.index);
    const charset = (rawCharset.split("*")[0] ?? "").toLowerCase();
    if (DECODERS[charset] === undefined) fail(`encoded-word '${word}' uses charset '${rawCharset}', not utf-8 or iso-8859-1`);
    let bytes: Uint8Array;
    if (encoding === "B" || encoding === "b") bytes = decodeB(text, word);
    else if (encoding === "Q" || encoding === "q") bytes = decodeQ(text, word);
    else fail(`encoded-word '${word}' uses encoding '${encoding}', not B or Q`);
    const adjacent = pending !== undefined && WHITESPACE_ONLY.test(between);
    if (adjacent && pending?.charset === charset) {
      pending.bytes.push(bytes);
    } else {
      flush();
      if (!adjacent) out += between;
      pending = { charset, bytes: [bytes] };
    }
    last = match.index + word.length;
  }
  flush();
  return out + value.slice(last);
}
