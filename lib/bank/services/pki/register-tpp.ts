import type { Executor } from "../../db/open-bank-database";
import type { TppIdentity } from "../../plugins/security-gate";
import { createTppsRepository } from "../../repositories/tpps-repository";

/**
 * Registers the TPP of a verified certificate (or refreshes its name and roles). Called inside
 * the transaction of the first operation that stores something for the TPP: the security gate
 * writes nothing.
 *
 * @see docs/interface/certificates.md#certificates-and-tpp-registration
 */
export async function registerTpp(db: Executor, tpp: TppIdentity, at: Date): Promise<void> {
  await createTppsRepository(db).upsertFromCertificate({ id: tpp.id, name: tpp.name, roles: tpp.roles }, at);
}
