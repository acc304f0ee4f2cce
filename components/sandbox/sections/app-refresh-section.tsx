import { buttonStyles } from "@/components/ui/button-styles";
import { Panel } from "@/components/ui/panel";
import { SandboxButtonForm, SubmitButton } from "../sandbox-button-form";
import type { SandboxAction } from "../sandbox-form";

/** The app's own refresh of the shared accounts (without the PSU), run now. */
export function AppRefreshSection({ runAppRefresh }: { readonly runAppRefresh: SandboxAction }) {
  return (
    <Panel
      id="app-refresh"
      title="App refresh"
      description="The app reads your shared accounts without you on a schedule (TPP_REFRESH_SCHEDULE); this runs it now."
    >
      <SandboxButtonForm action={runAppRefresh} label="Run the app's refresh">
        <p className="text-sm leading-6 text-slate-700">
          Balances and new transactions of each account you share, read with no PSU-IP-Address: the bank allows 4 such reads per account and
          kind in 24 hours on its clock, and the app never sends a fifth. The overview on the home page shows what was read.
        </p>
        <SubmitButton className={buttonStyles.primary} pendingText="Reading…">
          Run the app&apos;s refresh now
        </SubmitButton>
      </SandboxButtonForm>
    </Panel>
  );
}
