import type { ScaRenewal } from "@/lib/tpp/refresh/sca-renewal";
import { formatDateTime, formatDayOf } from "./format";
import { buttonStyles } from "./ui/button-styles";

/**
 * The 180 days of the PSU's last SCA, said where it matters: from 14 days before the end, when it
 * ends and a "Renew" that starts the SCA at the bank; after the end, that the app reads nothing
 * without the PSU and why. Nothing while the SCA is recent, or none is known.
 * @see docs/interface/limits.md#limits-in-the-spec
 */
export function ScaRenewalNotice({ renewal, renewHref }: { renewal: ScaRenewal; renewHref: string }) {
  if (renewal.state !== "ending" && renewal.state !== "ended") return null;
  const ending = renewal.state === "ending";
  return (
    <section
      aria-label={ending ? "Your approval ends soon" : "Your approval has ended"}
      className={`flex flex-col gap-3 rounded-xl border px-5 py-4 sm:flex-row sm:items-center sm:justify-between ${
        ending ? "border-amber-200 bg-amber-50 text-amber-950" : "border-red-200 bg-red-50 text-red-950"
      }`}
    >
      <div className="min-w-0 text-sm leading-6">
        <p className="font-semibold">
          {ending
            ? `Reading without you ends on ${formatDayOf(renewal.endsAt)}, in ${renewal.daysLeft} day${renewal.daysLeft === 1 ? "" : "s"}`
            : `Reading without you ended on ${formatDayOf(renewal.endsAt)}`}
        </p>
        <p>
          {ending
            ? `The bank lets this app read your balances and transactions while you are away for 180 days after you last approved at the bank (${formatDateTime(renewal.lastScaAt)}). Renew to keep them up to date.`
            : `The bank allows reading while you are away for 180 days after you last approved at the bank (${formatDateTime(renewal.lastScaAt)}). Until you renew, the app sends nothing to the bank without you and shows what it read before.`}
        </p>
      </div>
      <a href={renewHref} className={`${buttonStyles.primary} shrink-0`}>
        Renew at the bank
      </a>
    </section>
  );
}
