import { describe, expect, it } from "vitest";
import { TppError } from "./errors";
import { describeStartupFailure } from "./start-tpp";

describe("describeStartupFailure", () => {
  it("prints a configuration error as the one line that names the variable", () => {
    const error = new TppError("CONFIG_INVALID", "SESSION_SECRET: must be at least 32 characters", { variable: "SESSION_SECRET" });
    expect(describeStartupFailure(error)).toBe("tpp: SESSION_SECRET: must be at least 32 characters");
  });

  it("keeps any other failure on one line", () => {
    expect(describeStartupFailure(new Error("disk full\n  at somewhere"))).toBe("tpp: start-up failed: disk full at somewhere");
  });
});
