import "server-only";
import { contactInformationRequestSchema, contactInformationResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import { TppError } from "../errors";

/**
 * Registers or changes the TPP's contact e-mail address for operational notices (PUT
 * /v1/tpps/{tppId}/contact-information); a group address is recommended. Returns the address the
 * bank registered.
 * @see docs/interface/README.md#contact-e-mail; docs/interface/endpoints.md#success-statuses
 */
export async function putContactEmail(ctx: AspspContext, email: string): Promise<string> {
  const body = contactInformationRequestSchema.safeParse({ email: email.trim() });
  if (!body.success) throw new TppError("INPUT_INVALID", `'${email}' is not an e-mail address`);
  const reply = await ctx.client.fetch({
    method: "PUT",
    path: `/v1/tpps/${encodeURIComponent(ctx.tppId)}/contact-information`,
    body: body.data,
    schema: contactInformationResponseSchema,
    caller: ctx.caller,
  });
  return reply.value.email;
}
