// How a form of the TPP shows lib/psd2's and the bank's tppMessages: each on the field its `path`
// names, the field's label in place of the path at the head of the text, the rest (and every
// WARNING) for the form as a whole. Which field a path names is each form's own (the payment
// form's and the control room's fields differ); the rules around it are these. Pure: it runs in
// the browser as the user types, and again in the Server Actions.

/** A tppMessage as lib/psd2 writes it and as the bank sends it (category and text optional here). */
export interface TppMessageLike {
  readonly category?: string | undefined;
  readonly code: string;
  readonly path?: string | undefined;
  readonly text?: string | undefined;
}

/** One thing wrong with a form: the field it belongs to (undefined: the form as a whole), its code and message. */
export interface FormIssue {
  readonly field: string | undefined;
  readonly code: string;
  readonly message: string;
}

/** Where a form shows a tppMessage: the field, and the label that replaces the path at the head of the text (none: the text as sent). */
export interface TppMessagePlace {
  readonly field: string;
  readonly label: string | undefined;
}

/**
 * A field's message out of a tppMessage: lib/psd2 and the bank write `<path> <reason>`
 * ("creditorName is 71 characters long; ..."), which becomes `<label> <reason>` ("Recipient's
 * name is 71 characters long; ..."); a text that does not start with the path, as sent.
 */
export function fieldMessageOf(message: TppMessageLike, label: string | undefined): string {
  const text = message.text ?? message.code;
  const path = message.path;
  return label !== undefined && path !== undefined && text.startsWith(`${path} `) ? `${label} ${text.slice(path.length + 1)}` : text;
}

/**
 * A tppMessage as a form issue: at the field `place` finds for it, with that field's label (see
 * {@link fieldMessageOf}); when it finds none, and for every WARNING (never a field's error), the
 * form's, written by `formMessage`.
 * @see docs/interface/errors.md#statuses-by-code
 */
export function issueFromTppMessage(
  message: TppMessageLike,
  place: (message: TppMessageLike) => TppMessagePlace | undefined,
  formMessage: (message: TppMessageLike) => string,
): FormIssue {
  const placed = message.category === "WARNING" ? undefined : place(message);
  return placed === undefined
    ? { field: undefined, code: message.code, message: formMessage(message) }
    : { field: placed.field, code: message.code, message: fieldMessageOf(message, placed.label) };
}

/** Issues gathered into Conform's shape: messages by field, and the form's; each message once. */
export function collectFormErrors(issues: readonly FormIssue[]): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const issue of issues) {
    const list = issue.field === undefined ? formErrors : (fieldErrors[issue.field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { fieldErrors, formErrors };
}
