import { describe, expect, it } from "vitest";
import { createDeterministicId, createRandomId } from "./ids";

describe("ids", () => {
  it("makes opaque URL-safe ids of 22 characters", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => createRandomId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("derives the same id from the same label, and different ids from different labels", () => {
    expect(createDeterministicId("account:13039319955:1")).toBe(createDeterministicId("account:13039319955:1"));
    expect(createDeterministicId("account:13039319955:1")).not.toBe(createDeterministicId("account:13039319955:2"));
    expect(createDeterministicId("customer:13039319955")).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
