/**
 * What a stored SCA journey says, read by its transitions and its pages alike: the step it
 * stands at, its purpose's handler, the TPP's name and the PSU's choice of context.
 */
import type { Executor } from "../db/open-bank-database";
import { type AgreementRecord, createAgreementsRepository } from "../repositories/agreements-repository";
import type { AuthorisationRecord } from "../repositories/authorisations-repository";
import { createTppsRepository } from "../repositories/tpps-repository";
import type { PsuContextChoice } from "../services/account-information/account-scope";
import { SCA_PURPOSES, type ScaPurposeHandler } from "./sca-purposes";

export type JourneyStep = "login" | "context" | "purpose";

/** Where a journey stands, from its stored state; undefined once it has ended. */
export function stepOf(authorisation: AuthorisationRecord): JourneyStep | undefined {
  if (authorisation.scaStatus === "started") return "login";
  if (authorisation.scaStatus === "psuAuthenticated") return authorisation.context === null ? "context" : "purpose";
  return undefined;
}

/** The handler of the journey's purpose; undefined for a purpose the bank cannot complete. */
export function handlerOf(authorisation: AuthorisationRecord): ScaPurposeHandler | undefined {
  return SCA_PURPOSES[authorisation.purpose];
}

/** The name the TPP registered with (its id when it has none). */
export async function tppNameOf(db: Executor, authorisation: AuthorisationRecord): Promise<string> {
  return (await createTppsRepository(db).findById(authorisation.tppId))?.name ?? authorisation.tppId;
}

export async function agreementsOf(db: Executor, customerId: string): Promise<AgreementRecord[]> {
  return createAgreementsRepository(db).listByCustomer(customerId);
}

/** The context the PSU acts in, once chosen (or decided for them). */
export async function choiceOf(db: Executor, authorisation: AuthorisationRecord): Promise<PsuContextChoice | undefined> {
  if (authorisation.context === "PRIVATE") return { context: "PRIVATE" };
  if (authorisation.context === "CORPORATE" && authorisation.agreementId !== null) {
    const agreement = await createAgreementsRepository(db).findById(authorisation.agreementId);
    if (agreement) return { context: "CORPORATE", agreement };
  }
  return undefined;
}
