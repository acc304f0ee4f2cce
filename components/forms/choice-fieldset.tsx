import type { ReactNode } from "react";
import { FieldErrors } from "./field-errors";
import { FieldHint } from "./field-hint";

/** What a group of radio buttons or checkboxes needs of its field's metadata (Conform's useField). */
export interface ChoiceFieldMeta {
  readonly id: string;
  readonly key: string | undefined;
  readonly name: string;
  readonly formId: string;
  readonly descriptionId: string;
  readonly errorId: string;
  readonly initialValue: unknown;
  readonly errors: readonly string[] | undefined;
}

/** Whether a field has errors to show. */
export function isInvalid(meta: Pick<ChoiceFieldMeta, "errors">): boolean {
  return meta.errors !== undefined && meta.errors.length > 0;
}

/**
 * The fieldset of a field's radio buttons or checkboxes: its legend names the field, its hint and
 * errors are described; a radio group (role radiogroup) also carries aria-invalid while the field
 * is wrong, where checkboxes carry it each.
 */
export function ChoiceFieldset({
  meta,
  radio,
  legend,
  legendClassName = "text-sm font-medium text-slate-800",
  hint,
  children,
}: {
  readonly meta: ChoiceFieldMeta;
  readonly radio: boolean;
  readonly legend: ReactNode;
  readonly legendClassName?: string;
  readonly hint?: ReactNode;
  readonly children: ReactNode;
}) {
  const invalid = isInvalid(meta);
  const describedBy = [hint === undefined ? undefined : meta.descriptionId, invalid ? meta.errorId : undefined]
    .filter((id) => id !== undefined)
    .join(" ");
  return (
    <fieldset
      role={radio ? "radiogroup" : undefined}
      aria-invalid={radio && invalid ? true : undefined}
      aria-describedby={describedBy === "" ? undefined : describedBy}
      className="min-w-0"
    >
      <legend className={legendClassName}>{legend}</legend>
      {hint !== undefined && <FieldHint id={meta.descriptionId}>{hint}</FieldHint>}
      {children}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
