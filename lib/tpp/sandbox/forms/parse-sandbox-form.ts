import { parseWithZod, type Submission } from "@conform-to/zod/v4";
import { z } from "zod";
import { judgeSandboxForm, type SandboxFormKind, type SandboxFormRequests } from "./sandbox-forms";

/** The values of a control room form as posted: texts, a repeated name's texts, and an amount's pair. */
export type SandboxFormValues = Record<string, string | string[] | Record<string, string> | undefined>;

/** A field name as a path: "balance.amount" → ["balance", "amount"]. */
function pathOfField(field: string): string[] {
  return field.split(".");
}

/**
 * A form's schema for Conform: the posted values (nested objects of strings) are judged by
 * judgeSandboxForm, whose issues are added at the paths of their fields, so that Conform shows
 * each next to its field; the output is the request of the form's operation. The same schema
 * runs in the browser as the user types and in the Server Action.
 */
export function createSandboxFormSchema<K extends SandboxFormKind>(kind: K) {
  return z.record(z.string(), z.unknown()).transform((values, ctx): SandboxFormRequests[K] => {
    const judged = judgeSandboxForm(kind, values);
    if (judged.ok) return judged.request;
    for (const issue of judged.issues) {
      ctx.issues.push({
        code: "custom",
        message: issue.message,
        input: values,
        path: issue.field === undefined ? [] : pathOfField(issue.field),
        params: { code: issue.code },
      });
    }
    return z.NEVER;
  });
}

/** A form's FormData parsed by Conform with the form's schema: a submission whose value is the operation's request. */
export function parseSandboxForm<K extends SandboxFormKind>(
  kind: K,
  formData: FormData | URLSearchParams,
): Submission<SandboxFormValues, string[], SandboxFormRequests[K]> {
  // The values stay strings as posted: judgeSandboxForm reads them itself.
  return parseWithZod(formData, { schema: createSandboxFormSchema(kind), disableAutoCoercion: true });
}
