import { describe, expect, it } from "vitest";
import { connectPathFor } from "./connect-path";

describe("connectPathFor", () => {
  it("returns to the page it came from, query included", () => {
    expect(connectPathFor("/accounts/a-1?bookingStatus=both&page=abc")).toBe(
      "/connect?returnTo=%2Faccounts%2Fa-1%3FbookingStatus%3Dboth%26page%3Dabc",
    );
  });
  it("asks for identification only, or lets another customer log in", () => {
    expect(connectPathFor("/corporate", { purpose: "identify", newPsu: true })).toBe(
      "/connect?returnTo=%2Fcorporate&purpose=identify&newPsu=1",
    );
  });
  it("carries a sealed scaRedirect to follow", () => {
    expect(connectPathFor("/settings", { resume: "Fe26.2*1*abc" })).toBe("/connect?returnTo=%2Fsettings&resume=Fe26.2*1*abc");
  });
  it("never returns to another site", () => {
    expect(connectPathFor("https://evil.example/x")).toBe("/connect?returnTo=%2F");
    expect(connectPathFor("//evil.example")).toBe("/connect?returnTo=%2F");
  });
});
