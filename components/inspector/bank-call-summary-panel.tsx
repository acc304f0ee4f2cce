import { Link } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { DetailsList } from "@/components/ui/details-list";
import { Panel } from "@/components/ui/panel";
import type { BankCallPageView } from "@/lib/tpp/inspector/bank-call-page-view";
import { SIGNATURE_VERDICTS } from "./inspector-tones";

/** The call at a glance: its URL and request id, its attempt, whether the PSU was there, its time, the reply's signature, its flow. */
export function BankCallSummaryPanel({ view }: { view: BankCallPageView }) {
  const { call, flow } = view;
  const verdict = call.signatureVerdict === null ? undefined : SIGNATURE_VERDICTS[call.signatureVerdict];
  return (
    <Panel id="summary" title="Summary">
      <DetailsList
        label="Summary"
        items={[
          { term: "URL", value: call.url, mono: true },
          { term: "X-Request-ID", value: call.requestId, mono: true },
          { term: "Attempt", value: view.attempt },
          {
            term: "The PSU",
            value: call.unattended
              ? "Not there: read by the app's refresh, without PSU-IP-Address (the bank allows 4 such calls per account and kind a day)"
              : "There, or no PSU concerned",
          },
          { term: "Time taken", value: `${call.durationMs} ms` },
          {
            term: "Reply signature",
            value: (
              <>
                {verdict === undefined ? "–" : <Badge tone={verdict.tone}>{verdict.label}</Badge>}
                {call.signatureProblems.length > 0 && <span className="ml-2 text-slate-600">{call.signatureProblems.join("; ")}</span>}
              </>
            ),
          },
          ...(call.error === null ? [] : [{ term: "Problem", value: call.error }]),
          ...(flow === undefined
            ? []
            : [
                {
                  term: "Flow",
                  value: (
                    <Link href={flow.href} className="font-medium text-brand-700 hover:underline">
                      {flow.label}
                    </Link>
                  ),
                },
              ]),
        ]}
      />
    </Panel>
  );
}
