/**
 * A PSU connected for lib/tpp's tests against a real sandbox bank, as the app connects one: an app
 * user, a consent at the bank through its pages (every account ticked unless told), the psu-id
 * and the SCA's time kept on the user, and the accounts and card accounts listed with the PSU
 * present and kept as shared (lib/tpp/refresh).
 */
import { randomUUID } from "node:crypto";
import { listAccounts } from "../ais/list-accounts";
import { listCardAccounts } from "../ais/list-card-accounts";
import type { AspspClient } from "../aspsp/create-aspsp-client";
import type { TppDatabase } from "../db/open-tpp-database";
import { startConsent } from "../psu/start-consent";
import { createSharedAccountsRepository, type ListedAccount } from "../refresh/shared-accounts-repository";
import { createUsersRepository, type UserRecord } from "../users/users-repository";
import { createBankBrowser } from "./bank-sca-driver";
import { readSandboxClock } from "./sandbox-operations";

export const TEST_TPP_ID = "PSDNO-FSA-123456";

export interface ConnectedPsu {
  readonly user: UserRecord;
  readonly tppSessionId: string;
  readonly accountIds: readonly string[];
  readonly cardIds: readonly string[];
}

const listed = (a: { id: string; name: string | undefined; currency: string }): ListedAccount => ({
  resourceId: a.id,
  name: a.name,
  product: undefined,
  currency: a.currency,
  iban: undefined,
  bban: undefined,
  maskedPan: undefined,
});

/** Connects the sandbox customer `customerNumber` to a new app user named `username`. */
export async function connectTestPsu(
  bankUrl: string,
  client: AspspClient,
  db: TppDatabase,
  options: { customerNumber: string; username: string },
): Promise<ConnectedPsu> {
  const users = createUsersRepository(db);
  const id = randomUUID();
  await users.insert({ id, username: options.username, displayName: options.username, passwordHash: "x", createdAt: new Date() });
  const tppSessionId = randomUUID();
  const present = { userId: id, tppSessionId, psu: { ipAddress: "192.0.2.10" } };
  const start = await startConsent({ client, tppId: TEST_TPP_ID, caller: { ...present, flowId: randomUUID() } }, { newPsu: true });
  const { redirect } = await createBankBrowser(bankUrl).complete(start.scaRedirect, {
    nationalId: options.customerNumber,
    accounts: "all",
  });
  const psuId = redirect.searchParams.get("psu-id");
  if (psuId === null) throw new Error(`the bank's redirect carries no psu-id: ${redirect.href}`);
  const bankNow = new Date((await readSandboxClock(client)).now);
  await users.setPsuId(id, psuId, new Date());
  await users.recordSca(id, bankNow);
  const ctx = { client, tppId: TEST_TPP_ID, caller: { ...present, flowId: randomUUID(), psuId } };
  const [accounts, cards] = await Promise.all([listAccounts(ctx), listCardAccounts(ctx)]);
  const shared = createSharedAccountsRepository(db);
  await shared.recordListing(id, null, { account: accounts.map(listed), "card-account": cards.map(listed) }, bankNow);
  const user = await users.findById(id);
  if (user === undefined) throw new Error("the connected user is gone");
  return { user, tppSessionId, accountIds: accounts.map((a) => a.id), cardIds: cards.map((c) => c.id) };
}
