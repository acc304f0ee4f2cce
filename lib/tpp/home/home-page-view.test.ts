/** What the home page says of a user's bank connection: the customer, the PSU context, the SCA's hour, the app at the bank. */
import { describe, expect, it } from "vitest";
import type { AppUser } from "../auth/get-current-user";
import type { PsuSessionStatus } from "../session/get-psu-session-status";
import { buildHomeView } from "./home-page-view";

const SANDBOX = { environment: "sandbox", aspspBaseUrl: "http://localhost:4000/" } as const;
const VALID_UNTIL = new Date("2026-03-02T11:00:00Z");

const USER: AppUser = {
  id: "user-1",
  username: "kari",
  displayName: "Kari Nordmann",
  psuId: "PSU-1",
  redirectPreferred: true,
  role: "user",
  corporateAgreements: [{ psuCorporateId: "AGR-1", name: "Fjord Shipping AS", organisationNumber: "923609016" }],
};

function sessionOf(changes: Partial<PsuSessionStatus>): PsuSessionStatus {
  return {
    tppSessionId: "session-1",
    scaValid: true,
    scaValidUntil: VALID_UNTIL,
    context: "PRIVATE",
    psuCorporateId: undefined,
    pendingApprovals: 0,
    ...changes,
  };
}

function viewOf(input: {
  user?: AppUser;
  session?: PsuSessionStatus;
  customerName?: string;
  connection?: Parameters<typeof buildHomeView>[0]["connection"];
}) {
  return buildHomeView({
    user: input.user ?? USER,
    session: input.session,
    environment: SANDBOX,
    connection: input.connection,
    overview: undefined,
    identity: input.customerName === undefined ? undefined : { psuId: "PSU-1", context: "PRIVATE", customerName: input.customerName },
  });
}

describe("the home page of a signed-in user", () => {
  it("names the customer while the SCA is valid, and otherwise says whether a bank is connected", () => {
    expect(viewOf({ session: sessionOf({}), customerName: "Kari Nordmann" }).customer).toBe("Kari Nordmann");
    expect(viewOf({ session: sessionOf({ scaValid: false }) }).customer).toBe("Connected (name shown while the approval is valid)");
    const newcomer = viewOf({ user: { ...USER, psuId: undefined } });
    expect(newcomer.customer).toBe("No bank connected yet");
    expect(newcomer.connected).toBe(false);
  });

  it("says the PSU context, with the agreement's name when the app knows it", () => {
    expect(viewOf({ session: sessionOf({ context: "CORPORATE", psuCorporateId: "AGR-1" }) }).context).toBe("Corporate · Fjord Shipping AS");
    expect(viewOf({ session: sessionOf({ context: "CORPORATE", psuCorporateId: "AGR-2" }) }).context).toBe("Corporate");
    expect(viewOf({ session: sessionOf({ context: "PRIVATE" }) }).context).toBe("Private");
    expect(viewOf({ session: sessionOf({ context: undefined }) }).context).toBe("Not chosen yet");
    expect(viewOf({}).context).toBe("Not chosen yet");
  });

  it("gives the SCA's hour and the session's ids, none before a session", () => {
    const view = viewOf({ session: sessionOf({ scaValid: false }) });
    expect(view).toMatchObject({ scaValid: false, scaValidUntil: VALID_UNTIL, psuId: "PSU-1", tppSessionId: "session-1" });
    expect(viewOf({})).toMatchObject({ scaValid: false, scaValidUntil: undefined, tppSessionId: undefined });
  });

  it("shows the bank by its host, and the app at the bank by what its certificate says", () => {
    const view = viewOf({
      connection: {
        tppId: "PSDNO-FSA-123456",
        organisationName: "Demo TPP AS",
        roles: ["PSP_AI", "PSP_PI"],
        certificateSource: "sandbox-portal",
        verifiesResponses: true,
      },
    });
    expect(view.bankHost).toBe("localhost:4000");
    expect(view.sandbox).toBe(true);
    expect(view.tpp).toEqual({
      tppId: "PSDNO-FSA-123456",
      organisationName: "Demo TPP AS",
      roles: ["PSP_AI", "PSP_PI"],
      verifiesResponses: true,
    });
    expect(viewOf({}).tpp).toBeUndefined();
  });
});
