import type { Executor } from "../db/open-bank-database";
import { type ConsentResourceType, createConsentsRepository } from "../repositories/consents-repository";
import { loadAccountScope } from "../services/account-information/account-scope";
import { actingAsOf } from "./acting-as";
import { formatBban, formatMaskedPan } from "./format-account-number";
import { renderConsentPage } from "./pages/render-consent-page";
import type { FormFields, PurposePageInput, PurposeState, ScaPurposeHandler } from "./sca-purposes";

type ScopeItem = { type: ConsentResourceType; id: string; name: string; number: string };

async function scopeItems(db: Executor, state: PurposeState): Promise<ScopeItem[]> {
  const scope = await loadAccountScope(db, state.customer.id, state.choice);
  return [
    ...scope.accounts.map((a): ScopeItem => ({ type: "account", id: a.id, name: a.name, number: formatBban(a.bban) })),
    ...scope.cardAccounts.map((c): ScopeItem => ({ type: "card-account", id: c.id, name: c.name, number: formatMaskedPan(c.maskedPan) })),
  ];
}

const valueOf = (item: { type: ConsentResourceType; id: string }) => `${item.type}:${item.id}`;

/**
 * The consent screen of POST /v1/consents and of an account listing without a session: the
 * accounts and card accounts of the chosen context, those already consented to this TPP checked.
 * Confirm grants the checked ones and revokes the unchecked ones (of this context only).
 *
 * @see docs/interface/authentication.md#consent; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export const consentPurpose = {
  request: "wants to read your account information",
  stepLabel: "Choose accounts",

  async renderStep(db: Executor, input: PurposePageInput): Promise<string> {
    const items = await scopeItems(db, input);
    const consented = await createConsentsRepository(db).listByCustomer(input.authorisation.tppId, input.customer.id);
    const granted = new Set(consented.map((consent) => valueOf({ type: consent.resourceType, id: consent.resourceId })));
    return renderConsentPage({
      bankName: input.bankName,
      formAction: input.formAction,
      token: input.token,
      tppName: input.tppName,
      requester: input.requester,
      steps: input.steps,
      actingAs: actingAsOf(input),
      items: items.map((item) => ({
        value: valueOf(item),
        name: item.name,
        number: item.number,
        kind: item.type === "account" ? "Account" : "Card account",
        checked: granted.has(valueOf(item)),
      })),
      ...(input.error ? { error: input.error } : {}),
    });
  },

  async confirmStep(tx: Executor, state: PurposeState, fields: FormFields, now: Date) {
    const items = await scopeItems(tx, state);
    const chosen = new Set(fields.resource ?? []);
    const consents = createConsentsRepository(tx);
    const tppId = state.authorisation.tppId;
    await consents.grant(
      tppId,
      state.customer.id,
      items.filter((item) => chosen.has(valueOf(item))).map((item) => ({ resourceType: item.type, resourceId: item.id })),
      now,
    );
    for (const type of ["account", "card-account"] as const) {
      const revoked = items.filter((item) => item.type === type && !chosen.has(valueOf(item))).map((item) => item.id);
      await consents.revoke(tppId, state.customer.id, type, revoked);
    }
    return { ok: true as const };
  },
} satisfies ScaPurposeHandler;
