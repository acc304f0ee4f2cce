import Link from "next/link";
import { buttonStyles } from "@/components/ui/button-styles";
import { getRecordRetention } from "@/lib/tpp/retention/record-retention";

/** A flow the app does not show: deleted after the retention period, never started, or another user's. */
export default function FlowNotFound() {
  const { period } = getRecordRetention();
  return (
    <div className="mx-auto max-w-xl">
      <section aria-labelledby="not-found-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium tracking-wider text-brand-600 uppercase">404</p>
        <h1 id="not-found-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
          No such flow
        </h1>
        <p className="mt-3 text-base leading-7 text-slate-700">
          There is no flow at this address for you. Flows and their calls to the bank are kept for {period} from their start, then deleted
          with their diagrams: an older flow is no longer here. Another user&apos;s flow is never shown.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/flows" className={buttonStyles.primary}>
            Flows
          </Link>
          <Link href="/inspector" className={buttonStyles.quiet}>
            Request inspector
          </Link>
        </div>
      </section>
    </div>
  );
}
