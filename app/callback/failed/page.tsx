import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { getTppConfig } from "@/lib/tpp/config";
import { explainScaFailure, UNSIGNED_FAILURE_EXPLANATION } from "@/lib/tpp/flows/explain-sca-failure";
import { hasSignedFailure } from "@/lib/tpp/flows/failure-signature";

export const metadata: Metadata = { title: "Approval not completed" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where the callback sends the PSU when the bank reports a failure, or a return is refused (its query signed by the app). */
export default async function CallbackFailedPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  // Only what the app itself sent here is shown: anyone can write this page's address.
  const explanation = hasSignedFailure(query, getTppConfig().sessionSecret) ? explainScaFailure(query) : UNSIGNED_FAILURE_EXPLANATION;
  return (
    <div className="mx-auto max-w-2xl">
      <section className="rounded-2xl border border-amber-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="failure-title">
        <p className="text-sm font-medium uppercase tracking-wider text-amber-700">Back from the bank</p>
        <h1 id="failure-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
          {explanation.title}
        </h1>
        <div className="mt-4 space-y-2 text-base leading-7 text-slate-700">
          {explanation.sentences.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
        {explanation.details.length > 0 && (
          <dl className="mt-6 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-4 text-sm">
            {explanation.details.map((detail, index) => (
              <div key={`${detail.label}-${index}`} className="contents">
                <dt className="font-medium text-slate-500">{detail.label}</dt>
                <dd className="break-words font-mono text-slate-800">{detail.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="mt-8 flex flex-wrap gap-3">
          {/* An <a>, not a prefetching <Link>: the retry may start an approval at the bank (/connect). */}
          <a
            href={explanation.retry}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
          >
            Try again
          </a>
          <Link href="/" className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            Home
          </Link>
        </div>
      </section>
    </div>
  );
}
