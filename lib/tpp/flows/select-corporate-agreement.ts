import "server-only";
import { requireCurrentUser } from "../auth/get-current-user";
import type { CorporateAgreement } from "../psu/psu-types";
import { getTppRuntime } from "../runtime";
import { createPsuSession, readPsuSession, writePsuSession } from "../session/psu-session";

/**
 * Acts for a corporate agreement from GET /v1/agreements (or back in the private context with
 * undefined): the PSU-Corporate-ID is kept on the user and sent on the next calls; the bank then
 * asks for a new consent in that agreement without a choice. A Server Action helper.
 * @see docs/interface/authentication.md#contexts
 */
export async function selectCorporateAgreement(agreement: CorporateAgreement | undefined): Promise<void> {
  const user = await requireCurrentUser();
  const now = new Date();
  const session = (await readPsuSession(user.id)) ?? createPsuSession(user.id, now);
  if (agreement === undefined) {
    const { psuCorporateId: _dropped, ...rest } = session;
    await writePsuSession({ ...rest, context: "PRIVATE" });
    return;
  }
  const { users } = await getTppRuntime();
  await users.rememberCorporateId(
    user.id,
    { psuCorporateId: agreement.psuCorporateId, name: agreement.name, organisationNumber: agreement.organisationNumber },
    now,
  );
  await writePsuSession({ ...session, context: "CORPORATE", psuCorporateId: agreement.psuCorporateId });
}
