import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { FLOW_OUTCOME_WORDS, FlowOutcomeBadge } from "@/components/flow-outcome";
import { FlowDiagramSection } from "@/components/flows/flow-diagram-section";
import { FlowOutcomeDetail } from "@/components/flows/flow-outcome-detail";
import { FlowAboutPanel, FlowStepsPanel } from "@/components/flows/flow-panels";
import { formatDateTime } from "@/components/format";
import { BackLink } from "@/components/ui/back-link";
import { buttonStyles } from "@/components/ui/button-styles";
import { PageHeader } from "@/components/ui/page-header";
import { loadFlowPage } from "@/lib/tpp/flow-diagrams/load-flow-page";

export const metadata: Metadata = { title: "Flow diagram" };

type Params = Promise<{ id: string }>;

export default async function FlowPage({ params }: { params: Params }) {
  const { id } = await params;
  const view = await loadFlowPage(id);
  if (view === undefined) notFound();
  const { flow } = view.diagram;

  return (
    <div className="space-y-6">
      <BackLink href="/flows" label="Flows" />
      <PageHeader
        eyebrow="Flow diagram"
        title={`${view.kindLabel} flow`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <FlowOutcomeBadge outcome={flow.outcome} />
            <span>
              {FLOW_OUTCOME_WORDS[flow.outcome].meaning} Started {formatDateTime(flow.startedAt)}
              {view.elapsed === undefined ? "" : `; ${view.elapsed}`}.
            </span>
          </span>
        }
        actions={
          <>
            {view.concerns !== undefined && (
              <Link href={view.concerns.href} className={buttonStyles.secondary}>
                {view.concerns.label}
              </Link>
            )}
            <a href={`/flows/${flow.id}/diagram.svg`} download className={buttonStyles.primary}>
              Download SVG
            </a>
          </>
        }
      />
      <FlowOutcomeDetail view={view} />
      <FlowDiagramSection view={view} />
      <FlowStepsPanel view={view} />
      <FlowAboutPanel view={view} />
    </div>
  );
}
