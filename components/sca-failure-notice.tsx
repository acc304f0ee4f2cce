import type { ScaFailureExplanation } from "@/lib/tpp/flows/explain-sca-failure";

/** A failed approval at the bank, explained on the page of what it was for (a payment, a basket), with the bank's own values. */
export function ScaFailureNotice({ failure, consequence }: { failure: ScaFailureExplanation; consequence: string }) {
  return (
    <section
      role="alert"
      aria-labelledby="sca-failure"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950"
    >
      <h2 id="sca-failure" className="text-base font-semibold">
        {failure.title}
      </h2>
      {failure.sentences.map((sentence) => (
        <p key={sentence} className="mt-1">
          {sentence}
        </p>
      ))}
      <p className="mt-1">{consequence}</p>
      {failure.details.length > 0 && (
        <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 font-mono text-xs">
          {failure.details.map((detail) => (
            <div key={detail.label} className="flex gap-1">
              <dt>{detail.label}:</dt>
              <dd className="break-all">{detail.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
