import { formatDate, formatDateTime } from "@/components/format";
import { Badge } from "@/components/ui/badge";
import { buttonStyles } from "@/components/ui/button-styles";
import { DetailsList } from "@/components/ui/details-list";
import { Panel } from "@/components/ui/panel";
import type { SandboxClockState } from "@/lib/psd2/schemas";
import { BANK_TIME_ZONE } from "@/lib/tpp/sandbox/forms";
import { SandboxButtonForm, SubmitButton } from "../sandbox-button-form";
import { InputField, RadioField } from "../sandbox-fields";
import { SandboxForm, type SandboxAction } from "../sandbox-form";

const hourMinute = new Intl.DateTimeFormat("en-GB", { timeZone: BANK_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** The offset of the sandbox clock from the real time in words: "2 days 3 h 5 min ahead". */
function describeOffset(seconds: number): string {
  if (Math.abs(seconds) < 60) return "none (the real time)";
  const minutes = Math.round(Math.abs(seconds) / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days > 0 ? `${days} day${days === 1 ? "" : "s"}` : "",
    hours > 0 ? `${hours} h` : "",
    rest > 0 ? `${rest} min` : "",
  ].filter((part) => part !== "");
  return `${parts.join(" ")} ${seconds > 0 ? "ahead" : "behind"}`;
}

/** The sandbox clock: its time, whether it runs, its offset; buttons to move it, and a form to set it. */
export function ClockSection({
  clock,
  wallTime,
  moveClock,
  setClock,
}: {
  readonly clock: SandboxClockState;
  /** The clock's time as Oslo's wall clock, the form's default. */
  readonly wallTime: string;
  readonly moveClock: SandboxAction;
  readonly setClock: SandboxAction;
}) {
  const next = hourMinute.format(new Date(clock.batchSchedule.nextScheduledRun));
  return (
    <Panel
      id="clock"
      title="Clock"
      description="Every time rule of the bank reads the sandbox clock: SCA validity, execution dates, batch runs."
    >
      <div className="space-y-5">
        <DetailsList
          label="The sandbox clock"
          items={[
            { term: "Sandbox time", value: formatDateTime(clock.now) },
            { term: "Today (Oslo)", value: formatDate(clock.today) },
            { term: "Clock", value: clock.frozen ? <Badge tone="warning">Frozen</Badge> : <Badge tone="success">Running</Badge> },
            { term: "Offset from real time", value: describeOffset(clock.offsetSeconds) },
          ]}
        />
        <SandboxButtonForm action={moveClock} label="Move the clock">
          <div className="flex flex-wrap gap-2">
            <SubmitButton name="move" value="advance-hour" className={buttonStyles.secondary}>
              +1 hour
            </SubmitButton>
            <SubmitButton name="move" value="advance-day" className={buttonStyles.secondary}>
              +1 day
            </SubmitButton>
            <SubmitButton name="move" value="next-batch-run" className={buttonStyles.secondary}>
              To the next batch run ({next})
            </SubmitButton>
            <SubmitButton name="move" value={clock.frozen ? "release" : "freeze"} className={buttonStyles.secondary}>
              {clock.frozen ? "Let it run" : "Freeze"}
            </SubmitButton>
            <SubmitButton name="move" value="reset" className={buttonStyles.quiet}>
              Back to the real time
            </SubmitButton>
          </div>
        </SandboxButtonForm>
        <div className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
          <h3 className="text-sm font-semibold text-slate-900">Set the clock</h3>
          <p className="mt-0.5 font-mono text-xs text-slate-500">POST /v1/sandbox/clock</p>
          <div className="mt-3">
            <SandboxForm
              kind="clock"
              action={setClock}
              submitLabel="Set the clock"
              label="Set the clock"
              defaultValue={{ now: wallTime, frozen: String(clock.frozen) }}
            >
              <div className="grid gap-4 sm:grid-cols-2">
                <InputField
                  name="now"
                  type="datetime-local"
                  hint="Oslo's wall clock, forward or back; years 2000 to 2099. Batch runs passed run at once."
                />
                <RadioField
                  name="frozen"
                  options={[
                    { value: "false", label: "Keep running" },
                    { value: "true", label: "Stand still" },
                  ]}
                />
              </div>
            </SandboxForm>
          </div>
        </div>
      </div>
    </Panel>
  );
}
