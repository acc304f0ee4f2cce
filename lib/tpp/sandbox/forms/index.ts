// The control room's forms, pure (they run in the browser too): the model and its Conform schema.
export {
  BANK_TIME_ZONE,
  fieldForPath,
  fieldsOf,
  issueFromTppMessage,
  judgeSandboxForm,
  labelOf,
  SANDBOX_FORM_KINDS,
  type SandboxFormIssue,
  type SandboxFormJudgement,
  type SandboxFormKind,
  type SandboxFormRequests,
  type TppMessageLike,
} from "./sandbox-forms";
export { createSandboxFormSchema, parseSandboxForm, type SandboxFormValues } from "./parse-sandbox-form";
export { INITIAL_SANDBOX_FORM_STATE, type SandboxFormState, type SandboxOutcome } from "./sandbox-form-state";
