/**
 * The control room's scenario presets for demos: what each sets up, in words, and the calls it
 * makes. Pure (the page lists them; run-scenario.ts makes the calls).
 * @see docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/sandbox-operations.md#sandbox-operations
 */

export const SCENARIO_IDS = ["short-of-funds", "session-expiry", "end-of-day", "fresh-start"] as const;
export type ScenarioId = (typeof SCENARIO_IDS)[number];

export function isScenarioId(value: unknown): value is ScenarioId {
  return typeof value === "string" && (SCENARIO_IDS as readonly string[]).includes(value);
}

/** The booked balance "short of funds" leaves on the debtor account: below what a typical payment needs. */
export const SHORT_OF_FUNDS_AMOUNT = "10.00";

export interface ScenarioDescription {
  readonly id: ScenarioId;
  readonly title: string;
  /** What it sets up and what the demo then shows. */
  readonly description: string;
  /** The bank calls it makes, in order. */
  readonly calls: readonly string[];
  /** It discards data (the page says so on its button). */
  readonly destructive: boolean;
}

export const SANDBOX_SCENARIOS: readonly ScenarioDescription[] = [
  {
    id: "short-of-funds",
    title: "Short of funds",
    description:
      "Sets the booked balance of a debtor account to NOK 10.00: one of the accounts you share with this app (a current account first), or the first private customer's first account when you share none. Your next payment from it is rejected at the batch run (RJCT, fundsAvailable false), an instant one at once.",
    calls: ["GET /v1/accounts (your consented accounts)", "PUT /v1/sandbox/accounts/{id}/balances"],
    destructive: false,
  },
  {
    id: "session-expiry",
    title: "Session expiry",
    description:
      "Moves the sandbox clock one hour ahead. An SCA is valid for one hour, so your session's has run out: the next call for your accounts is answered 401 with scaRedirect, and you log in at the bank again.",
    calls: ['POST /v1/sandbox/clock {"advance":"PT1H"}'],
    destructive: false,
  },
  {
    id: "end-of-day",
    title: "End of day",
    description:
      "Moves the sandbox clock to the next batch run, which runs it, then runs the batch once more: approved payments due today are settled (ACSC) or rejected for lack of funds (RJCT), and their transactions booked.",
    calls: ["GET /v1/sandbox/clock", 'POST /v1/sandbox/clock {"now":"<next batch run>"}', "POST /v1/sandbox/batch-runs"],
    destructive: false,
  },
  {
    id: "fresh-start",
    title: "Fresh start",
    description:
      "Initialises the sandbox: the four test customers with 13 months of history again. Everything made by hand, every consent, SCA session and authorisation is lost; you connect your bank again. The clock stays where it is.",
    calls: ["POST /v1/sandbox/initialize"],
    destructive: true,
  },
];
