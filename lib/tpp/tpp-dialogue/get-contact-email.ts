import "server-only";
import { contactInformationResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import { AspspError } from "../errors";

/** The TPP's registered contact e-mail address, or undefined when none is (404 RESOURCE_UNKNOWN). @see docs/interface/endpoints.md#success-statuses */
export async function getContactEmail(ctx: AspspContext): Promise<string | undefined> {
  try {
    const reply = await ctx.client.fetch({
      method: "GET",
      path: `/v1/tpps/${encodeURIComponent(ctx.tppId)}/contact-information`,
      schema: contactInformationResponseSchema,
      caller: ctx.caller,
    });
    return reply.value.email;
  } catch (error) {
    if (error instanceof AspspError && error.status === 404) return undefined;
    throw error;
  }
}
