import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { FlowDiagram } from "@/components/flow-diagram";
import { FLOW_OUTCOME_WORDS, FlowOutcomeBadge } from "@/components/flow-outcome";
import { FlowStepList } from "@/components/flow-step-list";
import { formatDateTime } from "@/components/format";
import { BackLink } from "@/components/ui/back-link";
import { buttonStyles } from "@/components/ui/button-styles";
import { DetailsList } from "@/components/ui/details-list";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { formatDuration } from "@/lib/tpp/flow-diagrams/describe-flow-step";
import { FLOW_KIND_LABELS, getFlowDiagram, isFlowId } from "@/lib/tpp/flow-diagrams/flow-queries";

export const metadata: Metadata = { title: "Flow diagram" };

type Params = Promise<{ id: string }>;

const CONCERNS = {
  payment: "Open the payment",
  basket: "Open the signing basket",
  consent: "Where it returned",
  identify: "Where it returned",
  refresh: "Open the overview",
} as const;

/** What the diagram's lines mean (the colours are never the only cue: each step's text says it). */
function Legend() {
  const item = "inline-flex items-center gap-1.5";
  return (
    <ul aria-label="Legend" className="mt-4 flex flex-wrap gap-x-5 gap-y-1.5 border-t border-slate-100 pt-3 text-xs text-slate-600">
      <li className={item}>
        <svg aria-hidden="true" width="28" height="8" viewBox="0 0 28 8">
          <line x1="0" y1="4" x2="28" y2="4" stroke="#334155" strokeWidth="1.5" />
        </svg>
        Request
      </li>
      <li className={item}>
        <svg aria-hidden="true" width="28" height="8" viewBox="0 0 28 8">
          <line x1="0" y1="4" x2="28" y2="4" stroke="#64748b" strokeWidth="1.5" strokeDasharray="6 4" />
        </svg>
        Reply or redirect
      </li>
      <li className={item}>
        <svg aria-hidden="true" width="28" height="8" viewBox="0 0 28 8">
          <line x1="0" y1="4" x2="28" y2="4" stroke="#1d4ed8" strokeWidth="1.5" />
        </svg>
        The browser&apos;s trip to the bank and back
      </li>
      <li className={item}>
        <svg aria-hidden="true" width="28" height="8" viewBox="0 0 28 8">
          <line x1="0" y1="4" x2="28" y2="4" stroke="#dc2626" strokeWidth="1.5" strokeDasharray="6 4" />
        </svg>
        Failed (4xx, 5xx, no reply, not approved)
      </li>
    </ul>
  );
}

export default async function FlowPage({ params }: { params: Params }) {
  const { id } = await params;
  if (!isFlowId(id)) notFound();
  const user = await requireCurrentUser(`/flows/${id}`);
  const diagram = await getFlowDiagram(user.id, id);
  if (diagram === undefined) notFound();
  const { flow, steps } = diagram;
  const lastAt = flow.endedAt ?? steps.at(-1)?.at;
  const words = FLOW_OUTCOME_WORDS[flow.outcome];
  // A payment the bank did not take has no page of its own.
  const concerns = flow.path !== null && !(flow.kind === "payment" && flow.path === "/payments/new") ? flow.path : undefined;

  return (
    <div className="space-y-6">
      <BackLink href="/flows" label="Flows" />
      <PageHeader
        eyebrow="Flow diagram"
        title={`${FLOW_KIND_LABELS[flow.kind]} flow`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <FlowOutcomeBadge outcome={flow.outcome} />
            <span>
              {words.meaning} Started {formatDateTime(flow.startedAt)}
              {lastAt === undefined
                ? ""
                : `; ${flow.endedAt === null ? "last step" : "ended"} after ${formatDuration(lastAt.getTime() - flow.startedAt.getTime())}`}
              .
            </span>
          </span>
        }
        actions={
          <>
            {concerns !== undefined && (
              <Link href={concerns} className={buttonStyles.secondary}>
                {CONCERNS[flow.kind]}
              </Link>
            )}
            <a href={`/flows/${id}/diagram.svg`} download className={buttonStyles.primary}>
              Download SVG
            </a>
          </>
        }
      />

      {flow.detail !== null &&
        (flow.outcome === "completed" ? (
          <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm break-words text-slate-800">{flow.detail}.</p>
        ) : (
          <p className="rounded-lg bg-red-50 px-4 py-3 text-sm break-words text-red-900">
            <span className="font-semibold">Why: </span>
            {flow.detail}
          </p>
        ))}

      <section aria-labelledby="diagram-heading" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 id="diagram-heading" className="text-base font-semibold text-slate-900">
            Sequence diagram
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            The PSU&apos;s browser, this app and the bank, top to bottom in time. Click a call to the bank to open it in the request
            inspector.
          </p>
        </div>
        <div className="px-1.5 py-4 sm:px-6">
          {steps.length === 0 ? (
            <p className="px-3 text-sm text-slate-600">No step was recorded for this flow yet.</p>
          ) : (
            <FlowDiagram diagram={diagram} />
          )}
          <div className="px-3 sm:px-0">
            <Legend />
          </div>
        </div>
      </section>

      <Panel
        id="steps-heading"
        title="Steps"
        description="The diagram in words, numbered alike: each message, when it was sent, and each call's page in the request inspector."
      >
        {steps.length === 0 ? (
          <p className="text-sm text-slate-600">None yet.</p>
        ) : (
          <FlowStepList steps={steps} labelledBy="steps-heading" />
        )}
      </Panel>

      <Panel id="flow-heading" title="About this flow">
        <DetailsList
          items={[
            { term: "Flow id", value: flow.id, mono: true },
            { term: "Sent to the bank as", value: `flow=${flow.id} in TPP-Redirect-URI`, mono: true },
            { term: "Kind", value: FLOW_KIND_LABELS[flow.kind] },
            ...(flow.resourceId === null
              ? []
              : [{ term: flow.kind === "basket" ? "The bank's basketId" : "The bank's paymentId", value: flow.resourceId, mono: true }]),
            { term: "Calls to the bank", value: String(diagram.callCount) },
          ]}
        />
      </Panel>
    </div>
  );
}
