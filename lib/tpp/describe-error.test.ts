import { describe, expect, it } from "vitest";
import { describeError } from "./describe-error";
import { AspspError, TppError } from "./errors";

describe("describeError", () => {
  it("shows the bank's status, every tppMessage and the psuMessage", () => {
    const error = new AspspError({
      status: 403,
      tppMessages: [
        { category: "ERROR", code: "CONSENT_UNKNOWN", text: "The account is not in a consent of this PSU" },
        { category: "WARNING", code: "FORMAT_ERROR", path: "dateFrom" },
      ],
      psuMessage: "Ask your bank",
      links: {},
      requestId: "r-1",
      tppSessionId: "s-1",
    });
    expect(describeError(error)).toEqual({
      title: "The bank did not allow this",
      summary: "The bank refused access: the consent may not cover this, or it was revoked.",
      status: 403,
      tppMessages: [
        { category: "ERROR", code: "CONSENT_UNKNOWN", path: undefined, text: "The account is not in a consent of this PSU" },
        { category: "WARNING", code: "FORMAT_ERROR", path: "dateFrom", text: undefined },
      ],
      psuMessage: "Ask your bank",
      requestId: "r-1",
      code: "ASPSP_ERROR",
    });
  });

  it("words a 405 and a 409 for what they are: the state of what the bank holds, not an invalid request", () => {
    const reply = (status: number) =>
      new AspspError({
        status,
        tppMessages: [{ category: "ERROR", code: "CONFLICT" }],
        psuMessage: undefined,
        links: {},
        requestId: "r",
        tppSessionId: undefined,
      });
    expect(describeError(reply(405))?.title).toBe("The bank does not allow this now");
    expect(describeError(reply(409))?.summary).toContain("already approved or in a signing basket");
  });

  it("words the TPP's own problems, and leaves other errors to the error boundary", () => {
    expect(describeError(new TppError("ASPSP_UNREACHABLE", "connect ECONNREFUSED 127.0.0.1:4000"))).toMatchObject({
      title: "The bank could not be reached",
      summary: "The app could not connect to the bank. Try again in a moment. (connect ECONNREFUSED 127.0.0.1:4000)",
      status: undefined,
      code: "ASPSP_UNREACHABLE",
    });
    expect(describeError(new Error("boom"))).toBeUndefined();
    expect(describeError("boom")).toBeUndefined();
  });
});
