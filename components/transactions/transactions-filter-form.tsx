import { buttonStyles } from "../ui/button-styles";
import { inputClass } from "../forms/input-class";

/** A field of the filter: its value as given and what is wrong with it (nothing when it is fine). */
interface FilterField<Value = string | undefined> {
  readonly value: Value;
  readonly messages: readonly string[];
}

/** The booking status field: its value and choices. */
interface StatusField extends FilterField<string> {
  readonly choices: readonly { readonly value: string; readonly label: string }[];
}

/** The field's error state: marked invalid and described by its message. */
function described(name: string, field: FilterField<unknown>) {
  return field.messages.length > 0 ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {};
}

/** A filter field's error under it, named by the field's aria-describedby. */
function FieldError({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-700">
      {messages.join(" ")}
    </p>
  );
}

function DateField({ name, label, field, today }: { name: string; label: string; field: FilterField; today: string }) {
  return (
    <>
      <label htmlFor={name} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        // A new field for each address: a default value is read once, and a range chosen by a link keeps the page mounted.
        key={field.value ?? ""}
        id={name}
        name={name}
        type="date"
        defaultValue={field.value}
        max={today}
        className={inputClass(field.messages.length > 0)}
        {...described(name, field)}
      />
      <FieldError id={`${name}-error`} messages={field.messages} />
    </>
  );
}

/**
 * The filter of a page of transactions, sent by GET to the page itself: the booking status and
 * the period's end where the page has them, its start always, each with what is wrong with it.
 * Dates go no later than the bank's today.
 */
export function TransactionsFilterForm({
  action,
  label,
  today,
  status,
  from,
  to,
}: {
  action: string;
  /** The form's name: "Filter transactions". */
  label: string;
  today: string;
  status?: StatusField;
  from: FilterField;
  to?: FilterField;
}) {
  const full = status !== undefined || to !== undefined;
  return (
    <form
      method="get"
      action={action}
      className={full ? "grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-start" : "flex flex-wrap items-start gap-3"}
      aria-label={label}
    >
      {status !== undefined && (
        <div>
          <label htmlFor="status" className="block text-xs font-medium text-slate-600">
            Booking status
          </label>
          <select
            key={status.value}
            id="status"
            name="status"
            defaultValue={status.value}
            className={inputClass(status.messages.length > 0)}
            {...described("status", status)}
          >
            {status.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          <FieldError id="status-error" messages={status.messages} />
        </div>
      )}
      <div className={full ? undefined : "min-w-48"}>
        <DateField name="from" label="From" field={from} today={today} />
      </div>
      {to !== undefined && (
        <div>
          <DateField name="to" label="To" field={to} today={today} />
        </div>
      )}
      <button type="submit" className={`${buttonStyles.primary} ${full ? "lg:mt-5" : "sm:mt-5"}`}>
        Show
      </button>
    </form>
  );
}
