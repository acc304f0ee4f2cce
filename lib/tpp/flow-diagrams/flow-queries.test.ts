/**
 * What the flow pages take from a URL: a flow id (only the app's own UUIDs, so nothing else
 * reaches the database) and the list's paging cursor (anything malformed is the first page).
 */
import { describe, expect, it } from "vitest";
import { formatFlowCursor, isFlowId, parseFlowCursor } from "./flow-queries";

const ID = "4b7e2c1a-9d3f-4e5a-8b6c-7d8e9f0a1b2c";

describe("the flow pages' parameters", () => {
  it("takes only a flow id as the app makes them", () => {
    expect(isFlowId(ID)).toBe(true);
    for (const other of ["", "x", ID.toUpperCase(), `${ID} `, `${ID}/x`, "../inspector", "'; drop table flows; --", ID.replace(/-/g, "")])
      expect(isFlowId(other)).toBe(false);
  });

  it("reads back the cursor it writes, and no other", () => {
    const cursor = { startedAt: new Date("2026-03-02T10:00:00.123Z"), id: ID };
    expect(formatFlowCursor(cursor)).toBe(`1772445600123.${ID}`);
    expect(parseFlowCursor(formatFlowCursor(cursor))).toEqual(cursor);
    expect(parseFlowCursor([formatFlowCursor(cursor), "x"])).toEqual(cursor);
    for (const bad of [
      undefined,
      "",
      "x",
      `.${ID}`,
      "1772445600123",
      `1772445600123.${ID.toUpperCase()}`,
      `9999999999999999.${ID}`,
      `1772445600123.${"-".repeat(36)}`,
    ]) {
      expect(parseFlowCursor(bad)).toBeUndefined();
    }
  });
});
