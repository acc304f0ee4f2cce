import type { Executor } from "../../db/open-bank-database";
import { BankError } from "../../errors";
import { createAuthorisationsRepository, type AuthorisationPurpose, type ScaStatus } from "../../repositories/authorisations-repository";

/**
 * GET .../authorisations/{authorisationId} of a payment or basket: the SCA's scaStatus
 * (received, started, psuAuthenticated, finalised, failed). A journey left unfinished past its
 * 15 minutes reads failed. An authorisation of another resource or TPP is 404 RESOURCE_UNKNOWN.
 *
 * @see docs/interface/endpoints.md#success-statuses
 */
export async function getAuthorisationStatus(
  db: Executor,
  now: Date,
  key: { tppId: string; purpose: AuthorisationPurpose; resourceId: string; authorisationId: string },
): Promise<{ scaStatus: ScaStatus }> {
  const authorisation = await createAuthorisationsRepository(db).findById(key.authorisationId);
  if (
    !authorisation ||
    authorisation.tppId !== key.tppId ||
    authorisation.purpose !== key.purpose ||
    authorisation.resourceId !== key.resourceId
  ) {
    throw new BankError("RESOURCE_UNKNOWN", `The authorisation ${key.authorisationId.slice(0, 64)} is unknown for this resource`, {
      path: "authorisationId",
    });
  }
  const open = authorisation.scaStatus !== "finalised" && authorisation.scaStatus !== "failed";
  return { scaStatus: open && now.getTime() >= authorisation.expiresAt.getTime() ? "failed" : authorisation.scaStatus };
}
