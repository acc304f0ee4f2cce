import { describe, expect, it, vi } from "vitest";
import { AspspError, TppError } from "./errors";

const details = {
  status: 401,
  tppMessages: [{ category: "ERROR" as const, code: "SCA_EXPIRED" }],
  psuMessage: undefined,
  links: {},
  requestId: "r-1",
  tppSessionId: "s-1",
};

describe("TppError and AspspError", () => {
  it("are recognised across copies of the module (Next bundles instrumentation and pages apart)", async () => {
    vi.resetModules();
    const copy = await import("./errors");
    expect(copy.AspspError).not.toBe(AspspError);
    const fromOtherCopy = new copy.AspspError(details);
    expect(fromOtherCopy instanceof AspspError).toBe(true);
    expect(fromOtherCopy instanceof TppError).toBe(true);
    expect(new copy.TppError("INPUT_INVALID", "x") instanceof TppError).toBe(true);
  });

  it("keep their kinds apart: a TppError is not an AspspError, nor is any other error", () => {
    expect(new TppError("INPUT_INVALID", "x") instanceof AspspError).toBe(false);
    expect(new Error("x") instanceof TppError).toBe(false);
    expect({ name: "AspspError" } instanceof AspspError).toBe(false);
    const error = new AspspError(details);
    expect(error.bankCode).toBe("SCA_EXPIRED");
    expect(error.message).toBe("The bank answered 401 (SCA_EXPIRED)");
  });
});
