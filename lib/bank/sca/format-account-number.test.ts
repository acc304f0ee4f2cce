import { describe, expect, it } from "vitest";
import { formatBban, formatMaskedPan, formatOrganisationNumber } from "./format-account-number";

describe("numbers as the consent screen shows them", () => {
  it("formats a BBAN 4-2-5, a masked PAN in fours, an organisation number 3-3-3", () => {
    expect(formatBban("12345678903")).toBe("1234 56 78903");
    expect(formatBban("NO9386011117947")).toBe("NO9386011117947");
    expect(formatMaskedPan("552211******4821")).toBe("5522 11** **** 4821");
    expect(formatOrganisationNumber("926148338")).toBe("926 148 338");
  });
});
