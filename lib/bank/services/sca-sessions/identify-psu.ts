import type { Executor } from "../../db/open-bank-database";
import { type AgreementRecord, createAgreementsRepository } from "../../repositories/agreements-repository";
import { createCustomersRepository, type CustomerRecord } from "../../repositories/customers-repository";
import { createPsuCorporateIdsRepository } from "../../repositories/psu-corporate-ids-repository";
import { createPsuIdsRepository } from "../../repositories/psu-ids-repository";
import type { PsuHeaders } from "./read-psu-headers";

/** Why the PSU headers name nobody this TPP may act for: a 401 PSU_CREDENTIALS_INVALID. */
export type PsuIdentityProblem = { code: "PSU_CREDENTIALS_INVALID"; path: string; text: string };

export type IdentifiedPsu =
  { ok: true; customer?: CustomerRecord; agreement?: AgreementRecord } | { ok: false; problem: PsuIdentityProblem };

const unknownPsuId = (psuId: string): PsuIdentityProblem => ({
  code: "PSU_CREDENTIALS_INVALID",
  path: "PSU-ID",
  text: `PSU-ID ${psuId} is not known for this TPP: a psu-id comes from the success redirect of an SCA started with this TPP's certificate`,
});

/**
 * The customer (and corporate agreement) a request's PSU-ID, X-PSU-IDENTITY and PSU-Corporate-ID
 * name for this TPP. A psu-id or psu-corporate-id of another TPP is treated exactly as an unknown
 * one, so that nothing tells a TPP that it exists.
 *
 * @see docs/interface/authentication.md#sca-by-redirect, docs/interface/authentication.md#contexts, docs/interface/redirect-parameters.md#redirect-parameters-and-events; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function identifyPsu(db: Executor, tppId: string, headers: PsuHeaders): Promise<IdentifiedPsu> {
  const customers = createCustomersRepository(db);
  let customer: CustomerRecord | undefined;
  if (headers.psuId !== undefined) {
    const customerId = await createPsuIdsRepository(db).findCustomerId(tppId, headers.psuId);
    customer = customerId === undefined ? undefined : await customers.findById(customerId);
    if (!customer) return { ok: false, problem: unknownPsuId(headers.psuId) };
  }
  if (headers.psuIdentity !== undefined) {
    const named = await customers.findByCustomerNumber(headers.psuIdentity);
    if (!named) {
      return {
        ok: false,
        problem: { code: "PSU_CREDENTIALS_INVALID", path: "X-PSU-IDENTITY", text: "X-PSU-IDENTITY names no customer of the bank" },
      };
    }
    if (customer && customer.id !== named.id) {
      return {
        ok: false,
        problem: { code: "PSU_CREDENTIALS_INVALID", path: "X-PSU-IDENTITY", text: "X-PSU-IDENTITY names another PSU than PSU-ID" },
      };
    }
    customer = named;
  }
  if (headers.psuCorporateId === undefined) return customer ? { ok: true, customer } : { ok: true };

  const unknownCorporate: PsuIdentityProblem = {
    code: "PSU_CREDENTIALS_INVALID",
    path: "PSU-Corporate-ID",
    text: `PSU-Corporate-ID ${headers.psuCorporateId} is not a corporate agreement of this PSU for this TPP: use the psu-corporate-id of the success redirect or an id of GET /v1/agreements`,
  };
  const agreementId = await createPsuCorporateIdsRepository(db).findAgreementId(tppId, headers.psuCorporateId);
  const agreement = agreementId === undefined ? undefined : await createAgreementsRepository(db).findById(agreementId);
  if (!agreement) return { ok: false, problem: unknownCorporate };
  if (customer && agreement.customerId !== customer.id) return { ok: false, problem: unknownCorporate };
  customer ??= await customers.findById(agreement.customerId);
  if (!customer) return { ok: false, problem: unknownCorporate };
  return { ok: true, customer, agreement };
}
