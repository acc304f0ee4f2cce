import type { Submission } from "@conform-to/zod/v4";
import { createConformSchema, type FormJudgement, parseConformForm } from "../../forms/conform-schema";
import { judgeSandboxForm, type SandboxFormKind, type SandboxFormRequests } from "./sandbox-forms";

/** The values of a control room form as posted: texts, a repeated name's texts, and an amount's pair. */
export type SandboxFormValues = Record<string, string | string[] | Record<string, string> | undefined>;

/** A form's schema for Conform: its values judged by judgeSandboxForm; the output is the request of the form's operation. */
export function createSandboxFormSchema<K extends SandboxFormKind>(kind: K) {
  return createConformSchema((values): FormJudgement<SandboxFormRequests[K]> => {
    const judged = judgeSandboxForm(kind, values);
    return judged.ok ? { ok: true, value: judged.request } : judged;
  });
}

/** A form's FormData parsed by Conform with the form's schema: a submission whose value is the operation's request. */
export function parseSandboxForm<K extends SandboxFormKind>(
  kind: K,
  formData: FormData | URLSearchParams,
): Submission<SandboxFormValues, string[], SandboxFormRequests[K]> {
  return parseConformForm(formData, createSandboxFormSchema(kind));
}
