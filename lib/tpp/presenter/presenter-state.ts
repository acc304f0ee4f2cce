/** What a presenter step's form shows: nothing yet, or the step that could not be done and why. */
export type PresenterState = { readonly status: "idle" } | { readonly status: "problem"; readonly step: string; readonly message: string };
