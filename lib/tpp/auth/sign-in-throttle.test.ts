import { describe, expect, it } from "vitest";
import {
  ADDRESS_POLICY,
  delayAfterFailures,
  describeSignInError,
  lockedUntilAfter,
  readThrottledError,
  throttledErrorMessage,
  USERNAME_POLICY,
} from "./sign-in-throttle";

describe("the sign-in throttle's waits", () => {
  it("lets a user name fail three times for nothing, then doubles the wait from 15 s up to 15 minutes", () => {
    expect([1, 2, 3].map((n) => delayAfterFailures(USERNAME_POLICY, n))).toEqual([0, 0, 0]);
    expect([4, 5, 6, 7, 8, 9, 10].map((n) => delayAfterFailures(USERNAME_POLICY, n) / 1000)).toEqual([15, 30, 60, 120, 240, 480, 900]);
    expect(delayAfterFailures(USERNAME_POLICY, 200)).toBe(15 * 60_000);
    expect(delayAfterFailures(USERNAME_POLICY, 100_000)).toBe(15 * 60_000);
  });

  it("gives a client address more failures for nothing (many users behind one address)", () => {
    expect(delayAfterFailures(ADDRESS_POLICY, 20)).toBe(0);
    expect(delayAfterFailures(ADDRESS_POLICY, 21)).toBe(15_000);
  });

  it("waits from the last failure", () => {
    const at = new Date("2026-11-26T10:00:00Z");
    expect(lockedUntilAfter(USERNAME_POLICY, 3, at)).toBeUndefined();
    expect(lockedUntilAfter(USERNAME_POLICY, 5, at)?.toISOString()).toBe("2026-11-26T10:00:30.000Z");
  });
});

describe("what the sign-in page says", () => {
  it("names the time (Oslo's) of the next attempt taken for a throttled sign-in", () => {
    const message = throttledErrorMessage(new Date("2026-11-26T13:05:09.400Z"));
    expect(message).toBe("TooManySignIns:2026-11-26T13:05:09.400Z");
    expect(readThrottledError(message)?.toISOString()).toBe("2026-11-26T13:05:09.400Z");
    expect(describeSignInError(message)).toBe("Too many failed sign-ins. Try again at 14:05:09.");
  });

  it("says the same for every other refusal, and nothing without an error", () => {
    expect(describeSignInError("CredentialsSignin")).toBe("The user name or password is not right.");
    expect(describeSignInError("TooManySignIns:not-a-time")).toBe("The user name or password is not right.");
    expect(readThrottledError("CredentialsSignin")).toBeUndefined();
    expect(describeSignInError(undefined)).toBeUndefined();
    expect(describeSignInError(null)).toBeUndefined();
  });
});
