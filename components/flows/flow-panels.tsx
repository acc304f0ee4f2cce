import { FlowStepList } from "@/components/flow-step-list";
import { DetailsList } from "@/components/ui/details-list";
import { Panel } from "@/components/ui/panel";
import type { FlowPageView } from "@/lib/tpp/flow-diagrams/flow-page-view";

/** The diagram in words: each step, numbered as in the diagram. */
export function FlowStepsPanel({ view }: { view: FlowPageView }) {
  const { steps } = view.diagram;
  return (
    <Panel
      id="steps-heading"
      title="Steps"
      description="The diagram in words, numbered alike: each message, when it was sent, and each call's page in the request inspector."
    >
      {steps.length === 0 ? <p className="text-sm text-slate-600">None yet.</p> : <FlowStepList steps={steps} labelledBy="steps-heading" />}
    </Panel>
  );
}

/** The flow's ids: its own, as the bank saw it, and the bank's id of what it approved. */
export function FlowAboutPanel({ view }: { view: FlowPageView }) {
  const { flow, callCount } = view.diagram;
  return (
    <Panel id="flow-heading" title="About this flow">
      <DetailsList
        items={[
          { term: "Flow id", value: flow.id, mono: true },
          { term: "Sent to the bank as", value: `flow=${flow.id} in TPP-Redirect-URI`, mono: true },
          { term: "Kind", value: view.kindLabel },
          ...(view.resource === undefined ? [] : [{ term: view.resource.term, value: view.resource.id, mono: true }]),
          { term: "Calls to the bank", value: String(callCount) },
        ]}
      />
    </Panel>
  );
}
