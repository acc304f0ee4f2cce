/**
 * Scenarios the account information tests share: the sandbox's test customers and their ids,
 * and a consent journey from POST /v1/consents to the success redirect.
 */
import type { FastifyInstance } from "fastify";
import { initialIds } from "../services/sandbox/build-sandbox-dataset";
import { type CompleteScaOptions, completeScaJourney } from "./sca-page-driver";
import type { SignedTestClient } from "./signed-test-client";

export const CUSTOMERS = {
  /** Private: Brukskonto (≥1,500 booked), Sparekonto, Mastercard Gold. */
  ingrid: "13039319955",
  /** Private: Brukskonto, Sparekonto 60+, Visa Classic. */
  per: "12085592767",
  /** Corporate: Lie Snekkeri AS, two accounts in one agreement. */
  sindre: "18129215603",
  /** Corporate: Bergstrand Arkitekter AS. */
  amalie: "20079518612",
} as const;

export const ids = {
  account: (customerNumber: string, slot: 1 | 2) => initialIds.account(customerNumber, slot),
  cardAccount: (customerNumber: string) => initialIds.cardAccount(customerNumber),
  agreement: (customerNumber: string) => initialIds.agreement(customerNumber),
};

export const REDIRECT_URI = "https://tpp.example/callback?journey=42";

export function scaHeaders(tppSessionId: string, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { "TPP-Session-ID": tppSessionId, "TPP-Redirect-URI": REDIRECT_URI, ...extra };
}

/** Headers of a read with the PSU present in the session. */
export function presentHeaders(
  psuId: string,
  tppSessionId: string,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return { "PSU-ID": psuId, "PSU-IP-Address": "192.0.2.10", "TPP-Session-ID": tppSessionId, ...extra };
}

export type ConsentResult = { psuId: string; psuCorporateId?: string; context: string; query: Record<string, string> };

/** POST /v1/consents, then login, context and consent on the bank's pages. */
export async function giveConsent(
  app: FastifyInstance,
  tpp: SignedTestClient,
  options: CompleteScaOptions & { tppSessionId: string; headers?: Record<string, string | undefined> },
): Promise<ConsentResult> {
  const started = await tpp.post("/v1/consents", {}, scaHeaders(options.tppSessionId, options.headers));
  if (started.statusCode !== 201) throw new Error(`POST /v1/consents answered ${started.statusCode}: ${started.body}`);
  const href: unknown = started.json<{ _links: { scaRedirect: { href: unknown } } }>()._links.scaRedirect.href;
  if (typeof href !== "string") throw new Error("no scaRedirect");
  const done = await completeScaJourney(app, href, options);
  const psuId = done.query["psu-id"];
  if (!psuId) throw new Error(`not a success redirect: ${done.location}`);
  const psuCorporateId = done.query["psu-corporate-id"];
  return { psuId, context: done.query.context ?? "", query: done.query, ...(psuCorporateId ? { psuCorporateId } : {}) };
}
