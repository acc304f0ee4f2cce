import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { FlowDiagram } from "@/components/flow-diagram";
import { FlowOutcomeBadge } from "@/components/flow-outcome";
import { PresenterStepAction } from "@/components/presenter-step-action";
import { Badge } from "@/components/ui/badge";
import { buttonStyles } from "@/components/ui/button-styles";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import { FLOW_KIND_LABELS, getFlowDiagram } from "@/lib/tpp/flow-diagrams/flow-queries";
import { DEMO_STORY_STEPS, type DemoStepId } from "@/lib/tpp/presenter/demo-story";
import { getStoryProgress } from "@/lib/tpp/presenter/story-progress";
import { isSandboxEnvironment } from "@/lib/tpp/sandbox/sandbox-context";
import { endOfDayStep, jumpToRenewalStep, prepareBasketStep, readWhileAwayStep } from "./actions";

export const metadata: Metadata = { title: "Presenter view" };

const RETURN_TO = "/presenter";

/**
 * The presenter view (sandbox only): the demo's story in order, each step a button that opens the
 * right page (or does the step), the steps done marked from the app's own records, and the flow
 * diagram of the step just done.
 */
export default async function PresenterPage() {
  if (!isSandboxEnvironment()) notFound();
  const user = await requireCurrentUser(RETURN_TO);
  const progress = await getStoryProgress(user);
  const diagram = progress.latestFlowId === undefined ? undefined : await getFlowDiagram(user.id, progress.latestFlowId);
  const next = DEMO_STORY_STEPS.find((step) => step.id !== "accounts" && !progress.done.has(step.id))?.id;

  const links: Partial<Record<DemoStepId, string | undefined>> = {
    connect: connectPathFor(RETURN_TO, { newPsu: true }),
    accounts: "/accounts",
    bill: "/payments/new?preset=kid-bill",
    rejected: progress.rejectedPaymentPath ?? progress.basketPath,
  };

  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow="For demos"
        title="Presenter view"
        description="The story of a TPP, a customer and a bank, one step at a time: each button opens the page to show (or does the step), and the diagram below draws the flow just done. To start afresh: the sandbox's Fresh start, then step 1 again; the Done marks count from the latest connection made with step 1."
        actions={
          <Link href="/sandbox" className={buttonStyles.secondary}>
            Sandbox control room
          </Link>
        }
      />

      <ol className="space-y-4" aria-label="The story">
        {DEMO_STORY_STEPS.map((step, index) => {
          const done = progress.done.has(step.id);
          const current = step.id === next;
          const href = links[step.id];
          return (
            <li key={step.id} aria-current={current ? "step" : undefined}>
              <section
                aria-labelledby={`step-${step.id}`}
                className={`rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${current ? "border-brand-500 ring-2 ring-brand-100" : "border-slate-200"}`}
              >
                <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="grid h-7 w-7 place-items-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700"
                      >
                        {index + 1}
                      </span>
                      <h2 id={`step-${step.id}`} className="text-base font-semibold text-slate-900">
                        <span className="sr-only">Step {index + 1}: </span>
                        {step.title}
                      </h2>
                      {done && <Badge tone="success">Done</Badge>}
                      {current && <Badge tone="info">Next</Badge>}
                    </div>
                    <p className="mt-2 text-sm leading-6 text-slate-700">{step.story}</p>
                    <p className="mt-1 text-xs leading-5 text-slate-500">{step.hint}</p>
                  </div>
                  <div className="shrink-0">
                    {step.id === "basket" ? (
                      <PresenterStepAction
                        label={step.button}
                        pendingLabel="Sending three payments…"
                        action={prepareBasketStep}
                        primary={current}
                      />
                    ) : step.id === "end-of-day" ? (
                      <PresenterStepAction
                        label={step.button}
                        pendingLabel="Running the bank's day…"
                        action={endOfDayStep}
                        primary={current}
                      />
                    ) : step.id === "away" ? (
                      <div className="flex flex-col gap-2 sm:items-end">
                        <PresenterStepAction
                          label={step.button}
                          pendingLabel="Reading without the customer…"
                          action={readWhileAwayStep}
                          primary={current}
                        />
                        <PresenterStepAction
                          label="Jump 170 days ahead"
                          pendingLabel={"Moving the bank's clock…"}
                          action={jumpToRenewalStep}
                          primary={false}
                        />
                      </div>
                    ) : href === undefined ? (
                      <p className="text-sm text-slate-500">After the end of day</p>
                    ) : step.id === "connect" ? (
                      // A Route Handler that starts a flow at the bank: a plain link, never prefetched.
                      <a href={href} className={current ? buttonStyles.primary : buttonStyles.secondary}>
                        {step.button}
                      </a>
                    ) : (
                      <Link href={href} className={current ? buttonStyles.primary : buttonStyles.secondary}>
                        {step.button}
                      </Link>
                    )}
                  </div>
                </div>
              </section>
            </li>
          );
        })}
      </ol>

      <Panel
        id="last-flow"
        title="The flow just done"
        description={
          diagram === undefined
            ? "No flow yet: connect a bank first."
            : `${FLOW_KIND_LABELS[diagram.flow.kind]} flow, the browser, this app and the bank, arrow by arrow.`
        }
        actions={
          diagram === undefined ? undefined : (
            // Centred: the panel's actions row would stretch the badge to the button's height.
            <div className="flex flex-wrap items-center gap-2">
              <FlowOutcomeBadge outcome={diagram.flow.outcome} />
              <Link href={`/flows/${encodeURIComponent(diagram.flow.id)}`} className={buttonStyles.secondary}>
                Open the flow
              </Link>
            </div>
          )
        }
      >
        {diagram === undefined ? (
          <p className="text-sm text-slate-600">Each flow (a consent, a payment, a basket) is drawn here once it has started.</p>
        ) : (
          <FlowDiagram diagram={diagram} />
        )}
      </Panel>
    </div>
  );
}
