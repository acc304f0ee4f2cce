import type { PaymentKind } from "@/lib/tpp/payment-form";
import { formatDate } from "../../format";
import { CheckboxField } from "../../forms/checkbox-field";
import { FormSection } from "../../forms/form-section";
import { TextField } from "../../forms/text-field";
import { ScheduleFields } from "./schedule-fields";

/** The "When" section (a date from today to a year on), or a periodic payment's "Schedule"; a bulk's booking as one entry. */
export function WhenFields({
  kind,
  today,
  latestDate,
  frequency,
}: {
  kind: PaymentKind;
  today: string;
  latestDate: string;
  frequency: string | undefined;
}) {
  return (
    <FormSection title={kind === "periodic" ? "Schedule" : "When"}>
      {kind === "periodic" ? (
        <ScheduleFields today={today} latestDate={latestDate} frequency={frequency} />
      ) : (
        <TextField
          name="requestedExecutionDate"
          type="date"
          label="Payment date (optional)"
          min={today}
          max={latestDate}
          hint={`Leave it empty to pay as soon as possible. From today (${formatDate(today)}) to ${formatDate(latestDate)}.`}
          className="sm:max-w-xs"
        />
      )}
      {kind === "bulk" && (
        <CheckboxField
          name="batchBookingPreferred"
          label="One entry on your statement"
          hint="The bank books the whole bulk as one debit (batchBookingPreferred)."
        />
      )}
    </FormSection>
  );
}
