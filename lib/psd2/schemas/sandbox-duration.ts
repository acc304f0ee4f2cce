const DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?)?$/;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The length in milliseconds of an ISO 8601 duration made of days, hours, minutes and seconds
 * (P1D, PT90M, P1DT2H, PT0.5S); undefined for anything else. Years, months and weeks are left
 * out on purpose: a month has no fixed length, and the sandbox clock moves by exact amounts.
 *
 * @see ISO 8601-1:2019 §5.5.2.4 (durations)
 */
export function parseIsoDuration(text: string): number | undefined {
  const match = DURATION.exec(text);
  if (!match || text === "P" || text.endsWith("T")) return undefined;
  const [, days, hours, minutes, seconds] = match;
  return Math.round(
    Number(days ?? 0) * DAY + Number(hours ?? 0) * HOUR + Number(minutes ?? 0) * MINUTE + Number(seconds ?? 0) * SECOND,
  );
}
