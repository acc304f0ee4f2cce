import type { ContactInformationRequest } from "../../../psd2/schemas/contact-information";
import { BankError } from "../../errors";
import type { TppIdentity } from "../../plugins/security-gate";
import { createTppsRepository } from "../../repositories/tpps-repository";
import { registerTpp } from "./register-tpp";
import type { ServiceContext } from "../service-context";

function requireSelf(tpp: TppIdentity, tppId: string): void {
  if (tppId !== tpp.id) {
    throw new BankError("FORBIDDEN", `A TPP may read and change only its own contact information: the certificate's TPP is ${tpp.id}`, {
      path: "tppId",
    });
  }
}

/**
 * PUT /v1/tpps/{tppId}/contact-information: registers or changes the TPP's contact e-mail address
 * for operational notices (the body checked by the route). Only the TPP itself (its certificate's
 * organizationIdentifier) may.
 *
 * @see docs/interface/README.md#contact-e-mail; docs/interface/endpoints.md#success-statuses
 */
export async function putTppContactInformation(
  ctx: ServiceContext,
  tpp: TppIdentity,
  tppId: string,
  request: ContactInformationRequest,
): Promise<{ email: string }> {
  requireSelf(tpp, tppId);
  await ctx.db.transaction(async (tx) => {
    await registerTpp(tx, tpp, ctx.clock.now());
    await createTppsRepository(tx).setContactEmail(tpp.id, request.email);
  });
  return { email: request.email };
}

/** GET /v1/tpps/{tppId}/contact-information: the address registered; 404 RESOURCE_UNKNOWN when none. @see docs/interface/endpoints.md#success-statuses */
export async function getTppContactInformation(ctx: ServiceContext, tpp: TppIdentity, tppId: string): Promise<{ email: string }> {
  requireSelf(tpp, tppId);
  const registered = await createTppsRepository(ctx.db).findById(tpp.id);
  if (!registered?.contactEmail) {
    throw new BankError("RESOURCE_UNKNOWN", "This TPP has registered no contact e-mail address: register one with PUT", { path: "tppId" });
  }
  return { email: registered.contactEmail };
}
