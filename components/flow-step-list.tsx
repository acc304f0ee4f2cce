import { Link } from "@/components/ui/link";
import { describeFlowStep, formatOffset, LANE_LABELS } from "@/lib/tpp/flow-diagrams/describe-flow-step";
import type { FlowStep } from "@/lib/tpp/flow-diagrams/flow-steps";

const clock = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  fractionalSecondDigits: 3,
  timeZone: "Europe/Oslo",
});

/**
 * The steps of a flow in words, numbered as in its diagram: who sends what to whom, when (the
 * clock in Norway and the time since the start), the full URL, and for a bank call the link to
 * its page in the request inspector. The diagram's text alternative.
 */
export function FlowStepList({ steps, labelledBy }: { steps: readonly FlowStep[]; labelledBy: string }) {
  const start = steps[0]?.at.getTime() ?? 0;
  return (
    <ol aria-labelledby={labelledBy} className="divide-y divide-slate-100">
      {steps.map((step, index) => {
        const text = describeFlowStep(step);
        return (
          <li key={`${step.kind}-${index}`} className="flex gap-3 py-3 first:pt-0 last:pb-0">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ring-1 ${text.failed ? "bg-red-50 text-red-700 ring-red-300" : "bg-slate-50 text-slate-700 ring-slate-300"}`}
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
                <span className="font-medium text-slate-700">
                  {LANE_LABELS[text.from]} → {LANE_LABELS[text.to]}
                </span>
                <span>
                  <time dateTime={step.at.toISOString()}>{clock.format(step.at)}</time> ({formatOffset(step.at.getTime() - start)})
                </span>
                {text.failed && <span className="font-semibold text-red-700">Failed</span>}
              </p>
              <p className={`mt-1 font-mono text-sm break-words ${text.failed ? "text-red-800" : "text-slate-900"}`}>{text.summary}</p>
              {text.details.map((detail) => (
                <p key={detail} className="mt-0.5 font-mono text-xs break-all text-slate-500">
                  {detail}
                </p>
              ))}
              {text.href !== undefined && (
                <Link href={text.href} className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline">
                  Open in the request inspector<span className="sr-only"> (step {index + 1})</span>
                </Link>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
