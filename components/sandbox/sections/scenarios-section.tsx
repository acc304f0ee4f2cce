import { buttonStyles } from "@/components/ui/button-styles";
import { Panel } from "@/components/ui/panel";
import { SANDBOX_SCENARIOS } from "@/lib/tpp/sandbox/scenarios";
import { SandboxButtonForm, SubmitButton } from "../sandbox-button-form";
import type { SandboxAction } from "../sandbox-form";

/** The demo scenarios: what each sets up, the calls it makes, and a button each. */
export function ScenariosSection({ runScenarioPreset }: { readonly runScenarioPreset: SandboxAction }) {
  return (
    <Panel id="scenarios" title="Scenarios" description="One click each, for demos: what each sets up, and the calls it makes.">
      <ul className="grid gap-4 md:grid-cols-2">
        {SANDBOX_SCENARIOS.map((scenario) => (
          <li key={scenario.id} className="min-w-0 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
            <SandboxButtonForm action={runScenarioPreset} label={scenario.title}>
              <h3 className="text-sm font-semibold text-slate-900">{scenario.title}</h3>
              <p className="text-sm leading-6 text-slate-700">{scenario.description}</p>
              <ul className="space-y-0.5" aria-label={`Calls of ${scenario.title}`}>
                {scenario.calls.map((call) => (
                  <li key={call} className="font-mono text-xs break-words text-slate-500">
                    {call}
                  </li>
                ))}
              </ul>
              <SubmitButton
                name="scenario"
                value={scenario.id}
                className={scenario.destructive ? buttonStyles.danger : buttonStyles.primary}
                pendingText="Setting up…"
              >
                Set up “{scenario.title}”
              </SubmitButton>
            </SandboxButtonForm>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
