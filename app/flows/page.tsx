import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { FlowOutcomeBadge } from "@/components/flow-outcome";
import { formatDateTime } from "@/components/format";
import { buttonStyles } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { DateTime } from "@/components/ui/date-time";
import { PageHeader } from "@/components/ui/page-header";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { FLOW_KIND_LABELS, formatFlowCursor, listFlows, parseFlowCursor } from "@/lib/tpp/flow-diagrams/flow-queries";
import type { FlowSummary } from "@/lib/tpp/flow-diagrams/flows-repository";
import { getRecordRetention } from "@/lib/tpp/retention/record-retention";

export const metadata: Metadata = { title: "Flows" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** What a flow concerns, as a link: the payment's or basket's page, or where a consent returned. */
function Concerns({ flow }: { flow: FlowSummary }) {
  if (flow.path === null) return <span className="text-slate-500">–</span>;
  // A payment refused before the bank took it has only the form to show.
  if (flow.kind === "payment" && flow.path === "/payments/new")
    return <span className="text-slate-500">A payment the bank did not take</span>;
  const label = flow.kind === "payment" ? "The payment" : flow.kind === "basket" ? "The signing basket" : `Returns to ${flow.path}`;
  return (
    <Link href={flow.path} className="font-medium text-brand-700 hover:underline">
      {label}
    </Link>
  );
}

export default async function FlowsPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const user = await requireCurrentUser("/flows");
  const before = parseFlowCursor(query.before);
  const page = await listFlows(user.id, before);
  const { period } = getRecordRetention();

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Developer tools"
        title="Flows"
        description={`Each consent, identification, payment and signing basket you started, newest first: open one to see its calls to the bank and the browser's trips to the bank and back as a sequence diagram. Flows and their calls are kept for ${period} from their start, then deleted.`}
        actions={
          <Link href="/inspector" className={buttonStyles.secondary}>
            Request inspector
          </Link>
        }
      />
      {page.items.length === 0 ? (
        <EmptyState title={before === undefined ? "No flows yet" : "No older flows"}>
          {before === undefined
            ? `Connect your bank or make a payment: each approval at the bank is drawn here, for ${period}.`
            : `Flows older than ${period} are no longer kept.`}
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Your flows, newest first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Flow
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                  Concerns
                </th>
                <th scope="col" className="hidden w-56 px-4 py-2 font-medium sm:table-cell">
                  Started
                </th>
                <th scope="col" className="w-32 px-4 py-2 font-medium">
                  Outcome
                </th>
                <th scope="col" className="hidden w-24 px-4 py-2 text-right font-medium sm:table-cell">
                  Calls
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.items.map((flow) => (
                <tr key={flow.id} className="align-top hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <Link href={`/flows/${flow.id}`} className="font-medium text-brand-700 hover:underline">
                      {FLOW_KIND_LABELS[flow.kind]}
                      <span className="sr-only"> flow started {formatDateTime(flow.startedAt)}</span>
                    </Link>
                    <span className="mt-0.5 block text-xs text-slate-500 sm:hidden">
                      {formatDateTime(flow.startedAt)} · {flow.callCount} call{flow.callCount === 1 ? "" : "s"}
                      {flow.failedCallCount > 0 && <span className="text-red-700"> ({flow.failedCallCount} failed)</span>}
                    </span>
                    <span className="mt-0.5 block truncate font-mono text-xs text-slate-500" title={flow.id}>
                      {flow.id.slice(0, 8)}
                    </span>
                  </td>
                  <td className="hidden px-4 py-3 md:table-cell">
                    <Concerns flow={flow} />
                  </td>
                  <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">
                    <DateTime instant={flow.startedAt} />
                  </td>
                  <td className="px-4 py-3">
                    <FlowOutcomeBadge outcome={flow.outcome} />
                  </td>
                  <td className="hidden px-4 py-3 text-right tabular-nums sm:table-cell">
                    {flow.callCount}
                    {flow.failedCallCount > 0 && <span className="block text-xs text-red-700">{flow.failedCallCount} failed</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.nextCursor !== undefined && (
        <div className="flex justify-center">
          <Link href={`/flows?before=${encodeURIComponent(formatFlowCursor(page.nextCursor))}`} className={buttonStyles.secondary}>
            Older flows
          </Link>
        </div>
      )}
    </div>
  );
}
