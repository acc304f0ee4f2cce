import Link from "next/link";
import { buttonStyles } from "@/components/ui/button-styles";
import { getRecordRetention } from "@/lib/tpp/retention/record-retention";

/** A call the inspector does not show: deleted after the retention period, never made, or another user's. */
export default function BankCallNotFound() {
  const { period } = getRecordRetention();
  return (
    <div className="mx-auto max-w-xl">
      <section aria-labelledby="not-found-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium tracking-wider text-brand-600 uppercase">404</p>
        <h1 id="not-found-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
          No such call to the bank
        </h1>
        <p className="mt-3 text-base leading-7 text-slate-700">
          There is no call at this address for you. The request inspector keeps each call for {period} from when it was made, then deletes
          it: an older call is no longer here. A call made for another user is never shown.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/inspector" className={buttonStyles.primary}>
            Request inspector
          </Link>
          <Link href="/flows" className={buttonStyles.quiet}>
            Flows
          </Link>
        </div>
      </section>
    </div>
  );
}
