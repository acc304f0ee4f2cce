import { afterEach, describe, expect, it, vi } from "vitest";
import { SCA_RESUME_TTL_SECONDS, sealScaResume, unsealScaResume } from "./sca-resume";

const PASSWORD = "a-session-secret-of-at-least-32-characters";
const resume = {
  userId: "user-1",
  scaRedirect: "http://localhost:4000/sca/abc123",
  tppSessionId: "6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b",
  returnTo: "/accounts/a-1?bookingStatus=both",
};

describe("the sealed scaRedirect of a page's 401", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("comes back as it was sealed, for its user", async () => {
    const sealed = await sealScaResume(resume, PASSWORD);
    expect(sealed).not.toContain("localhost");
    expect(await unsealScaResume(sealed, "user-1", PASSWORD)).toEqual(resume);
  });

  it("is nothing for another user, with another secret, or altered", async () => {
    const sealed = await sealScaResume(resume, PASSWORD);
    expect(await unsealScaResume(sealed, "user-2", PASSWORD)).toBeUndefined();
    expect(await unsealScaResume(sealed, "user-1", "another-session-secret-of-32-characters!")).toBeUndefined();
    const altered = `${sealed.slice(0, 40)}${sealed[40] === "A" ? "B" : "A"}${sealed.slice(41)}`;
    expect(await unsealScaResume(altered, "user-1", PASSWORD)).toBeUndefined();
    expect(await unsealScaResume("https://evil.example/", "user-1", PASSWORD)).toBeUndefined();
  });

  it("expires with the bank's link, after 15 minutes", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-22T10:00:00Z") });
    const sealed = await sealScaResume(resume, PASSWORD);
    vi.setSystemTime(new Date(Date.parse("2026-11-22T10:00:00Z") + (SCA_RESUME_TTL_SECONDS - 60) * 1000));
    expect(await unsealScaResume(sealed, "user-1", PASSWORD)).toEqual(resume);
    vi.setSystemTime(new Date(Date.parse("2026-11-22T10:00:00Z") + (SCA_RESUME_TTL_SECONDS + 120) * 1000));
    expect(await unsealScaResume(sealed, "user-1", PASSWORD)).toBeUndefined();
  });

  it("never returns to another site", async () => {
    const sealed = await sealScaResume({ ...resume, returnTo: "https://evil.example/x" }, PASSWORD);
    expect((await unsealScaResume(sealed, "user-1", PASSWORD))?.returnTo).toBe("/");
  });
});
