/**
 * The tests' banks asked for in memory start from copies of the run's template (the vitest
 * set-up's first start of the bank, testing/bank-process.ts): each has the sandbox's known state,
 * what one is given no other sees, and its copy goes when it ends.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BANK_TEMPLATE_ENV, bankTemplateIsCurrent, makeBankTemplate } from "../../../testing/bank-process";
import { createTestAspspClient } from "./create-test-aspsp-client";
import { createSandboxAccount, findSandboxCustomer, listSandboxCustomers, moveSandboxClock, readSandboxClock } from "./sandbox-operations";
import { CUSTOMERS } from "../pis/pis.test-support";
import { type SandboxBank, startSandboxBank } from "./start-sandbox-bank";

describe("banks started from the run's template", () => {
  const banks: SandboxBank[] = [];
  const runTemplate = process.env[BANK_TEMPLATE_ENV];
  /** A template of today made by this test, when the run's is of yesterday (see below). */
  let ownTemplate: string | undefined;
  afterAll(async () => {
    await Promise.all(banks.map((bank) => bank.close()));
    if (ownTemplate === undefined) return;
    process.env[BANK_TEMPLATE_ENV] = runTemplate;
    await rm(ownTemplate, { recursive: true, force: true });
  });

  it("each a copy of its own with the sandbox's known state, changes kept apart, the copy removed at the end", async () => {
    let runDir = process.env[BANK_TEMPLATE_ENV] ?? "";
    expect(runDir, "the vitest set-up names the run's template").toMatch(/psd2-test-banks-/);
    // A run that went past midnight in Oslo has a template of yesterday, which the banks no longer
    // start from (they make their own first start): this test then makes one of today.
    if (!(await bankTemplateIsCurrent(runDir))) {
      ownTemplate = await makeBankTemplate(await mkdtemp(path.join(tmpdir(), "psd2-test-banks-")));
      process.env[BANK_TEMPLATE_ENV] = runDir = ownTemplate;
    }
    let firstAccount = "";
    let pristine: readonly string[] = [];
    const [first, second] = await Promise.all([startSandboxBank(), startSandboxBank()]);
    banks.push(first, second);
    // Each on a copy of its own beside the template.
    const made = [first.dataDir ?? "", second.dataDir ?? ""];
    expect(new Set(made).size).toBe(2);
    for (const dataDir of made) {
      expect(path.dirname(dataDir)).toBe(runDir);
      expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
    }

    const one = await createTestAspspClient(first.url);
    const two = await createTestAspspClient(second.url);
    try {
      // The known state in both: the same customers.
      const customers = (client: typeof one.client) =>
        listSandboxCustomers(client).then((list) => list.map((customer) => customer.customerNumber).sort());
      expect(await customers(one.client)).toEqual(await customers(two.client));
      expect(await customers(one.client)).toContain(CUSTOMERS.ingrid);

      // An account given to Ingrid at the first bank, and its clock frozen there: the second sees neither.
      const ingrid = await findSandboxCustomer(one.client, CUSTOMERS.ingrid);
      const account = await createSandboxAccount(one.client, {
        customerId: ingrid.customerId,
        name: "Template check",
        balance: { amount: "10.00", currency: "NOK" },
      });
      await moveSandboxClock(one.client, { frozen: true });
      const accountsOf = async (client: typeof one.client) => (await findSandboxCustomer(client, CUSTOMERS.ingrid)).accounts;
      expect(await accountsOf(one.client)).toContain(account.resourceId);
      expect(await accountsOf(two.client)).not.toContain(account.resourceId);
      firstAccount = account.resourceId;
      pristine = await accountsOf(two.client);
      expect((await readSandboxClock(one.client)).frozen).toBe(true);
      expect((await readSandboxClock(two.client)).frozen).toBe(false);
    } finally {
      await Promise.all([one.client.close(), two.client.close()]);
    }

    // A third bank from the same template has Ingrid's accounts as the second had them.
    const third = await startSandboxBank();
    banks.push(third);
    const three = await createTestAspspClient(third.url);
    try {
      const held = (await findSandboxCustomer(three.client, CUSTOMERS.ingrid)).accounts;
      expect(held).toEqual(pristine);
      expect(held).not.toContain(firstAccount);
    } finally {
      await three.client.close();
    }

    await Promise.all(banks.splice(0).map((bank) => bank.close()));
    // The bank's exit removes its copy.
    made.push(third.dataDir ?? "");
    await expect.poll(() => made.filter((dataDir) => existsSync(dataDir)), { timeout: 10_000 }).toEqual([]);
  }, 120_000);
});
