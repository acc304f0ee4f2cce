import { describe, expect, it } from "vitest";
import { explainScaFailure } from "./explain-sca-failure";

describe("explainScaFailure", () => {
  it("puts the bank's system, status, code and message in plain words and keeps the values", () => {
    const explanation = explainScaFailure({
      reason: "bank",
      system: "sca",
      status: "401",
      code: "SCA_INVALID",
      message: "The customer cancelled",
      retry: "/accounts",
    });
    expect(explanation.title).toBe("The approval at the bank did not succeed");
    expect(explanation.sentences).toEqual([
      "The approval at the bank was cancelled or not completed.",
      "The bank did not accept the approval (HTTP status 401).",
      'The bank\'s system "sca" reported it.',
    ]);
    expect(explanation.details).toEqual([
      { label: "System", value: "sca" },
      { label: "Status", value: "401" },
      { label: "Code", value: "SCA_INVALID" },
      { label: "Message", value: "The customer cancelled" },
    ]);
    expect(explanation.retry).toBe("/accounts");
  });

  it("says the app's database could not be reached, and retries the same return from the bank", () => {
    const retry = "/callback?psu-id=PSU-1&tpp-session-id=s-1&context=PRIVATE&flow=f-1";
    const explanation = explainScaFailure({ reason: "database-unavailable", retry });
    expect(explanation.title).toBe("The app's database could not be reached");
    expect(explanation.sentences).toEqual([
      "You came back from the bank, but the app could not reach its own database to keep the approval (it may be restarting). What you did at the bank stands there. Try again in a moment: the app then takes this return from the bank again, or, for a payment, reads its status at the bank when you open it.",
    ]);
    expect(explanation.retry).toBe(retry);
  });

  it("keeps a retry that starts the approval again (/connect with its query)", () => {
    expect(
      explainScaFailure({ reason: "bank", status: "401", code: "PSU_CREDENTIALS_INVALID", retry: "/connect?returnTo=%2Faccounts&newPsu=1" })
        .retry,
    ).toBe("/connect?returnTo=%2Faccounts&newPsu=1");
  });

  it("after a login the bank refused (PSU_CREDENTIALS_INVALID), says which customer the bank accepts and how to connect another", () => {
    expect(explainScaFailure({ reason: "bank", system: "SCA", status: "401", code: "PSU_CREDENTIALS_INVALID" }).sentences).toEqual([
      "The bank did not recognise the identity that was entered, or it was not the customer this approval was started for.",
      "Once the app is connected to a customer, the bank accepts only that customer's login: log in again as that customer, or, to connect a different one, choose “Log in as another customer” on the Corporate page (or “Forget this bank connection” in Settings).",
      "The bank did not accept the approval (HTTP status 401).",
      'The bank\'s system "SCA" reported it.',
    ]);
  });

  it("names unknown codes and server errors plainly", () => {
    const explanation = explainScaFailure({ reason: "bank", status: "503", code: "TEMPORARILY_CLOSED" });
    expect(explanation.sentences).toEqual([
      "The bank reported the error code TEMPORARILY_CLOSED.",
      "The bank had a problem of its own (HTTP status 503); trying again later may help.",
    ]);
  });

  it("takes a code or reason that only objects inherit (constructor, toString) for an unknown one", () => {
    const explanation = explainScaFailure({ reason: "toString", status: "400", code: "constructor" });
    expect(explanation.title).toBe(explainScaFailure({ reason: "unknown", status: "400", code: "UNKNOWN" }).title);
    expect(explanation.sentences).toEqual([
      "The bank reported the error code constructor.",
      "The bank considered the request invalid (HTTP status 400).",
    ]);
  });

  it("explains a refused return and never offers a retry off the site", () => {
    const explanation = explainScaFailure({
      reason: "session-mismatch",
      problem: "tpp-session-id 'x' is not the one",
      retry: "https://evil.example",
    });
    expect(explanation.title).toBe("This return from the bank does not belong to this session");
    expect(explanation.sentences[0]).toMatch(/Nothing was changed/);
    expect(explanation.details).toEqual([{ label: "Problem", value: "tpp-session-id 'x' is not the one" }]);
    expect(explanation.retry).toBe("/");
  });

  it("copes with an empty or malformed query", () => {
    expect(explainScaFailure({}).sentences).toEqual(["The bank reported that the approval did not succeed, without saying why."]);
    expect(explainScaFailure({ status: "9999", code: ["A", "B"] }).details).toEqual([{ label: "Code", value: "A" }]);
  });
});
