import { formatDateTime } from "../format";

/**
 * An instant as a <time>, "2 Sep 2026, 14:05:09 CEST" in Norway's time, that may break between
 * the date and the time but never inside either: a table's fixed-width column then takes it on
 * two lines instead of letting it run over the next column.
 */
export function DateTime({ instant, className = "" }: { instant: Date | string; className?: string }) {
  const value = typeof instant === "string" ? new Date(instant) : instant;
  const text = formatDateTime(instant);
  const comma = text.indexOf(", ");
  return (
    <time dateTime={Number.isNaN(value.getTime()) ? undefined : value.toISOString()} className={className}>
      {comma === -1 ? (
        text
      ) : (
        <>
          <span className="whitespace-nowrap">{text.slice(0, comma + 1)}</span>{" "}
          <span className="whitespace-nowrap">{text.slice(comma + 2)}</span>
        </>
      )}
    </time>
  );
}
