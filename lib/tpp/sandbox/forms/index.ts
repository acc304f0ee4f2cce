// The control room's forms, pure (they run in the browser too): the model and its Conform schema.
export { BANK_TIME_ZONE, issueFromTppMessage, labelOf, type SandboxFormKind, type SandboxFormRequests } from "./sandbox-forms";
export { parseSandboxForm, type SandboxFormValues } from "./parse-sandbox-form";
export { INITIAL_SANDBOX_FORM_STATE, type SandboxFormState, type SandboxOutcome } from "./sandbox-form-state";
