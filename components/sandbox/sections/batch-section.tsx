import { formatWeekdayTime } from "@/components/format";
import { buttonStyles } from "@/components/ui/button-styles";
import { Panel } from "@/components/ui/panel";
import type { SandboxClockState } from "@/lib/psd2/schemas";
import { BANK_TIME_ZONE } from "@/lib/tpp/sandbox/forms";
import { SandboxButtonForm, SubmitButton } from "../sandbox-button-form";
import type { SandboxAction } from "../sandbox-form";

/** The payment batch: the next five runs on the sandbox clock, and a button to run it now. */
export function BatchSection({
  clock,
  runs,
  runBatchNow,
}: {
  readonly clock: SandboxClockState;
  /** The next five runs. */
  readonly runs: readonly Date[];
  readonly runBatchNow: SandboxAction;
}) {
  return (
    <Panel
      id="batch-runs"
      title="Batch runs"
      description="Payment batch processing, five times a day on the sandbox clock (supplement §5)."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">The next five batch runs</h3>
          <ol className="mt-2 space-y-1 text-sm text-slate-700" aria-label="The next five batch runs">
            {runs.map((run) => (
              <li key={run.toISOString()} className="flex items-center gap-2">
                <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-brand-500" />
                <time dateTime={run.toISOString()}>{formatWeekdayTime(run, BANK_TIME_ZONE)}</time>
              </li>
            ))}
          </ol>
          <p className="mt-3 text-xs leading-5 text-slate-500">
            Every day at {clock.batchSchedule.times.join(", ")} ({clock.batchSchedule.timeZone}), on the sandbox clock. A run is due when
            the clock passes its time: moving the clock runs the runs it passes, and the bank checks every 30 seconds.
          </p>
        </div>
        <SandboxButtonForm action={runBatchNow} label="Run the payment batch">
          <p className="text-sm text-slate-700">
            Runs the due runs, then one at the sandbox&apos;s time now: approved payments due today are settled (ACSC) or rejected for lack
            of funds (RJCT).
          </p>
          <p className="font-mono text-xs text-slate-500">POST /v1/sandbox/batch-runs</p>
          <SubmitButton className={buttonStyles.primary} pendingText="Running…">
            Run the batch now
          </SubmitButton>
        </SandboxButtonForm>
      </div>
    </Panel>
  );
}
