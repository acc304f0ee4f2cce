import { contactInformationRequestSchema } from "../../../psd2/schemas/contact-information";
import { parseRequestBody } from "../../../psd2/schemas/parse-request-body";
import { BankError } from "../../errors";
import type { TppIdentity } from "../../plugins/security-gate";
import { createTppsRepository } from "../../repositories/tpps-repository";
import { registerTpp } from "./register-tpp";
import type { ServiceContext } from "../service-context";

const EMAIL_MAX = 254;

function requireSelf(tpp: TppIdentity, tppId: string): void {
  if (tppId !== tpp.id) {
    throw new BankError("FORBIDDEN", `A TPP may read and change only its own contact information: the certificate's TPP is ${tpp.id}`, {
      path: "tppId",
    });
  }
}

/**
 * PUT /v1/tpps/{tppId}/contact-information: registers or changes the TPP's contact e-mail address
 * for operational notices. Only the TPP itself (its certificate's organizationIdentifier) may.
 *
 * @see psd2-interface.md "What the service does" (8); supplement.md §2
 */
export async function putTppContactInformation(
  ctx: ServiceContext,
  tpp: TppIdentity,
  tppId: string,
  body: unknown,
): Promise<{ email: string }> {
  requireSelf(tpp, tppId);
  const schema = contactInformationRequestSchema.check((payload) => {
    if (payload.value.email.length > EMAIL_MAX) {
      payload.issues.push({
        code: "custom",
        message: `must be at most ${EMAIL_MAX} characters`,
        input: payload.value.email,
        path: ["email"],
      });
    }
  });
  const parsed = parseRequestBody(schema, body);
  if (!parsed.ok) throw BankError.fromMessages(parsed.tppMessages);
  await ctx.db.transaction(async (tx) => {
    await registerTpp(tx, tpp, ctx.clock.now());
    await createTppsRepository(tx).setContactEmail(tpp.id, parsed.value.email);
  });
  return { email: parsed.value.email };
}

/** GET /v1/tpps/{tppId}/contact-information: the address registered; 404 RESOURCE_UNKNOWN when none. @see supplement.md §2 */
export async function getTppContactInformation(ctx: ServiceContext, tpp: TppIdentity, tppId: string): Promise<{ email: string }> {
  requireSelf(tpp, tppId);
  const registered = await createTppsRepository(ctx.db).findById(tpp.id);
  if (!registered?.contactEmail) {
    throw new BankError("RESOURCE_UNKNOWN", "This TPP has registered no contact e-mail address: register one with PUT", { path: "tppId" });
  }
  return { email: registered.contactEmail };
}
