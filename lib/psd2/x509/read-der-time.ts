import { DER_TAG, type DerElement, derContents } from "./read-der-element";
import { X509Error } from "./x509-error";

const UTC_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/;
const GENERALIZED_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/;

/**
 * A UTCTime (years 1950-2049) or GeneralizedTime in UTC with seconds, as RFC 5280 writes them.
 * `strict` also refuses a date and time that does not exist (month 13, 31 April), which is
 * otherwise rolled over as Date.UTC does; errors name `field`.
 * @see RFC 5280 §4.1.2.5
 */
export function readDerTime(bytes: Uint8Array, element: DerElement | undefined, field: string, strict = false): Date {
  if (element === undefined) throw new X509Error("DER_SYNTAX", `${field}: missing`);
  const text = Buffer.from(derContents(bytes, element)).toString("latin1");
  let parts: RegExpExecArray | null;
  let year: number;
  if (element.tag === DER_TAG.UTC_TIME) {
    parts = UTC_TIME.exec(text);
    if (parts === null) throw new X509Error("DER_SYNTAX", `${field}: UTCTime "${text}" is not YYMMDDHHMMSSZ`);
    const yy = Number(parts[1]);
    year = yy >= 50 ? 1900 + yy : 2000 + yy; // RFC 5280 §4.1.2.5.1
  } else if (element.tag === DER_TAG.GENERALIZED_TIME) {
    parts = GENERALIZED_TIME.exec(text);
    if (parts === null) throw new X509Error("DER_SYNTAX", `${field}: GeneralizedTime "${text}" is not YYYYMMDDHHMMSSZ`);
    year = Number(parts[1]);
  } else {
    throw new X509Error("DER_SYNTAX", `${field}: expected a time, found tag 0x${element.tag.toString(16).padStart(2, "0")}`);
  }
  const [month = 1, day = 0, hour = 0, minute = 0, second = 0] = parts.slice(2, 7).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (
    strict &&
    (date.getUTCMonth() !== month - 1 ||
      date.getUTCDate() !== day ||
      date.getUTCHours() !== hour ||
      date.getUTCMinutes() !== minute ||
      date.getUTCSeconds() !== second)
  ) {
    throw new X509Error("DER_SYNTAX", `${field}: "${text}" is not a valid date and time`);
  }
  return date;
}
