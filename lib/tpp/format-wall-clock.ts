/**
 * Dates and times as the app writes them in English: "2 Sep 2026", "Wed 2 Sep, 06:00",
 * "2 Sep 2026, 14:05:09 CEST". Intl gives the numbers in the time zone asked for; the month's
 * name is one of the twelve three-letter abbreviations below, because Intl's en-GB `month:
 * "short"` writes "Sept" (CLDR 38 on), and the app's own pages would then read "Sept" beside
 * "Aug" and "Oct". Pure: runs in the browser too.
 */

export const MONTH_ABBREVIATIONS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

export interface WallClockOptions {
  /** An IANA time zone: "Europe/Oslo", or "UTC" for a calendar date. */
  readonly timeZone: string;
  /** "Wed" before the day. */
  readonly weekday?: boolean;
  /** The year after the month (default true). */
  readonly year?: boolean;
  /** The time of day: "14:05", or with seconds "14:05:09"; none when undefined. */
  readonly time?: "minutes" | "seconds";
  /** The zone's short name after the time: "CEST". */
  readonly zoneName?: boolean;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(options: WallClockOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone: options.timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      ...(options.weekday === true ? { weekday: "short" } : {}),
      ...(options.time === undefined ? {} : { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
      ...(options.time === "seconds" ? { second: "2-digit" } : {}),
      ...(options.zoneName === true ? { timeZoneName: "short" } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** An instant as the wall clock of a time zone, the month abbreviated in three letters: "Wed 2 Sep 2026, 14:05:09 CEST". */
export function formatWallClock(instant: Date, options: WallClockOptions): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatOf(options).formatToParts(instant)) parts[part.type] = part.value;
  const month = MONTH_ABBREVIATIONS[Number(parts.month) - 1] ?? parts.month;
  // With a numeric month, en-GB pads the day ("02/09/2026"): the day goes unpadded, "2 Sep".
  const day = String(Number(parts.day));
  const date = [options.weekday === true ? parts.weekday : undefined, day, month, options.year === false ? undefined : parts.year]
    .filter((part) => part !== undefined)
    .join(" ");
  if (options.time === undefined) return date;
  const time = [parts.hour, parts.minute, ...(options.time === "seconds" ? [parts.second] : [])].join(":");
  return `${date}, ${time}${options.zoneName === true && parts.timeZoneName !== undefined ? ` ${parts.timeZoneName}` : ""}`;
}
