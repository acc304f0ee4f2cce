/**
 * The 180 days: reads without the PSU are allowed while the PSU's last SCA for this TPP is less
 * than 180 days old. The app keeps when it saw the last one (the success redirect, on the bank's
 * clock) and warns from 14 days before the end. Pure: instants are arguments.
 * @see docs/interface/limits.md#limits-in-the-spec; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */

/** The SCA renewal period of the interface. */
export const SCA_RENEWAL_DAYS = 180;
/** From how many days before the end the pages say so. */
export const SCA_RENEWAL_NOTICE_DAYS = 14;
/**
 * The app stops reading without the PSU this long before the end it computed: the bank stamped
 * the SCA a moment before the app saw the redirect, so the bank's end comes a little earlier.
 */
export const SCA_RENEWAL_MARGIN_MS = 60 * 60 * 1000;

const DAY_MS = 86_400_000;

export type ScaRenewal =
  /** No SCA seen since the app began keeping it: nothing is read without the PSU until one. */
  | { readonly state: "unknown" }
  /** Reads without the PSU allowed; `noticeFrom` is when the pages begin to warn. */
  | { readonly state: "valid"; readonly lastScaAt: Date; readonly endsAt: Date; readonly noticeFrom: Date }
  /** Within the last 14 days: the pages say so, with a "Renew". */
  | { readonly state: "ending"; readonly lastScaAt: Date; readonly endsAt: Date; readonly daysLeft: number }
  /** Over: nothing is sent without the PSU until the PSU renews it with an SCA. */
  | { readonly state: "ended"; readonly lastScaAt: Date; readonly endsAt: Date };

/** How the PSU's last SCA stands at `now` (the bank's clock). */
export function scaRenewalAt(lastScaAt: Date | undefined, now: Date): ScaRenewal {
  if (lastScaAt === undefined) return { state: "unknown" };
  const endsAt = new Date(lastScaAt.getTime() + SCA_RENEWAL_DAYS * DAY_MS);
  const noticeFrom = new Date(endsAt.getTime() - SCA_RENEWAL_NOTICE_DAYS * DAY_MS);
  if (now.getTime() >= endsAt.getTime() - SCA_RENEWAL_MARGIN_MS) return { state: "ended", lastScaAt, endsAt };
  if (now.getTime() >= noticeFrom.getTime()) {
    return { state: "ending", lastScaAt, endsAt, daysLeft: Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS)) };
  }
  return { state: "valid", lastScaAt, endsAt, noticeFrom };
}
