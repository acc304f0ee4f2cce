import { DAYS_OF_EXECUTION } from "@/lib/psd2/validation";
import { FREQUENCY_CHOICES, MONTH_CHOICES } from "@/lib/tpp/payment-form";
import { formatDate } from "../../format";
import { CheckboxGroup } from "../../forms/checkbox-group";
import { SelectField } from "../../forms/select-field";
import { TextField } from "../../forms/text-field";

/** The schedule of a periodic payment. @see docs/interface/endpoints.md#success-statuses */
export function ScheduleFields({ today, latestDate, frequency }: { today: string; latestDate: string; frequency: string | undefined }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="startDate"
          type="date"
          label="First payment"
          min={today}
          max={latestDate}
          hint={`From today to ${formatDate(latestDate)}.`}
        />
        <TextField name="endDate" type="date" label="Last payment (optional)" min={today} hint="Leave it empty to pay until you stop it." />
        <SelectField name="frequency" label="How often" options={FREQUENCY_CHOICES} />
        <SelectField
          name="dayOfExecution"
          label="Day of the month (optional)"
          empty="The day of the first payment"
          options={DAYS_OF_EXECUTION.map((day) => ({ value: day, label: day === "31" ? "31 (the last day)" : day }))}
        />
        <SelectField
          name="executionRule"
          label="When the day is not a banking day"
          empty="The bank decides"
          options={[
            { value: "following", label: "Pay on the next banking day" },
            { value: "preceding", label: "Pay on the banking day before" },
          ]}
          className="sm:col-span-2 sm:max-w-md"
        />
      </div>
      {frequency === "MonthlyVariable" && (
        <CheckboxGroup
          name="monthsOfExecution"
          legend="Months"
          options={MONTH_CHOICES}
          hint="Tick 1 to 11 months (all 12 is every month)."
        />
      )}
    </>
  );
}
