import { Panel } from "@/components/ui/panel";
import { CheckboxField } from "../sandbox-fields";
import { SandboxForm, type SandboxAction } from "../sandbox-form";

const LOST = [
  "customers made by hand, with all they own",
  "accounts, card accounts and agreements made by hand for the initial customers",
  "consents, SCA sessions and authorisations (you connect your bank again)",
  "the bank's browser sessions (its login cookie)",
  "the counters of calls without the PSU (4 a day per account)",
  "every payment and signing basket",
];
const KEPT = [
  "registered TPPs (this app's certificate keeps working)",
  "the bank's keys",
  "the sandbox clock",
  "the psu-ids of the initial customers (a PSU-ID this app holds keeps working)",
];

/** Initialising the sandbox: what is lost and what is kept, and the form that does it once ticked. */
export function InitialiseSection({ initialize }: { readonly initialize: SandboxAction }) {
  return (
    <Panel id="initialise" title="Initialise" description="POST /v1/sandbox/initialize: the sandbox's known state again.">
      <div className="space-y-4">
        <div className="grid gap-4 md:grid-cols-2">
          <div className="rounded-xl border border-red-200 bg-red-50/50 p-4">
            <h3 className="text-sm font-semibold text-red-800">Lost</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {LOST.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
            <h3 className="text-sm font-semibold text-slate-900">Kept</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {KEPT.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
        <p className="text-sm text-slate-700">
          The four test customers and their 13 months of history are written anew with the same ids. It takes about a second.
        </p>
        <SandboxForm
          kind="initialize"
          action={initialize}
          submitLabel="Initialise the sandbox"
          tone="danger"
          label="Initialise the sandbox"
        >
          <CheckboxField name="understood" label="I understand that initialising discards everything listed under “Lost”" />
        </SandboxForm>
      </div>
    </Panel>
  );
}
