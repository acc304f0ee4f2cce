// The bridge between a form's own judgement and Conform: the posted values (nested objects of
// strings) are judged by the form's pure function, whose issues are added at the paths of their
// fields, so that Conform shows each next to its field. The same schema runs in the browser as
// the user types and in the Server Action. Pure: it imports zod and Conform only.
import { parseWithZod, type Submission } from "@conform-to/zod/v4";
import { z } from "zod";
import type { FormIssue } from "./tpp-message-fields";

/** A form's values judged: what they make, or what is wrong (by field; the form's own messages when no field has one). */
export type FormJudgement<Output> =
  | { readonly ok: true; readonly value: Output }
  | { readonly ok: false; readonly issues: readonly FormIssue[]; readonly formErrors?: readonly string[] };

/** A field name as a path: "payments[1].creditorAccount.bban" → ["payments", 1, "creditorAccount", "bban"]. */
export function pathOfField(field: string): (string | number)[] {
  const path: (string | number)[] = [];
  for (const match of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) path.push(Number(match[2]));
    else if (match[1] !== undefined) path.push(match[1]);
  }
  return path;
}

/** A form's schema for Conform, out of the form's judgement of its posted values. */
export function createConformSchema<Output>(judge: (values: Record<string, unknown>) => FormJudgement<Output>) {
  return z.record(z.string(), z.unknown()).transform((values, ctx): Output => {
    const judged = judge(values);
    if (judged.ok) return judged.value;
    for (const issue of judged.issues) {
      ctx.issues.push({
        code: "custom",
        message: issue.message,
        input: values,
        path: issue.field === undefined ? [] : pathOfField(issue.field),
        params: { code: issue.code },
      });
    }
    if (judged.issues.length === 0)
      for (const message of judged.formErrors ?? []) ctx.issues.push({ code: "custom", message, input: values, path: [] });
    return z.NEVER;
  });
}

/**
 * A form's FormData parsed by Conform with a schema of createConformSchema: a submission whose
 * value is the judgement's output. The values stay strings as posted: the judgement reads them itself.
 */
export function parseConformForm<Values extends Record<string, unknown>, Output>(
  formData: FormData | URLSearchParams,
  schema: ReturnType<typeof createConformSchema<Output>>,
): Submission<Values, string[], Output> {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}
