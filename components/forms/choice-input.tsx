import { type ChoiceFieldMeta, isInvalid } from "./choice-fieldset";

/** The values a field starts with: one (a radio group's) or several (checkboxes'). */
function initialValues(initial: unknown): readonly unknown[] {
  return Array.isArray(initial) ? initial : typeof initial === "string" ? [initial] : [];
}

/** The id of one choice of a field: the field's id and the choice's value. */
export function choiceId(meta: Pick<ChoiceFieldMeta, "id">, value: string): string {
  return `${meta.id}-${value}`;
}

/**
 * One radio button or checkbox of a field, bound to the Conform form around it: its id is
 * {@link choiceId}'s (for the label beside it), it starts checked when the field's initial value
 * holds it, and a checkbox carries aria-invalid while the field is wrong.
 */
export function ChoiceInput({
  meta,
  type,
  value,
  onChecked,
  className,
}: {
  readonly meta: ChoiceFieldMeta;
  readonly type: "radio" | "checkbox";
  readonly value: string;
  /** Called when this choice becomes checked. */
  readonly onChecked?: ((value: string) => void) | undefined;
  readonly className: string;
}) {
  return (
    <input
      key={meta.key}
      id={choiceId(meta, value)}
      type={type}
      name={meta.name}
      form={meta.formId}
      value={value}
      defaultChecked={type === "radio" ? meta.initialValue === value : initialValues(meta.initialValue).includes(value)}
      aria-invalid={type === "checkbox" && isInvalid(meta) ? true : undefined}
      onChange={onChecked === undefined ? undefined : (event) => event.currentTarget.checked && onChecked(value)}
      className={className}
    />
  );
}
