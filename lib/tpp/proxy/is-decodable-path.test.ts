import { describe, expect, it } from "vitest";
import { isDecodablePath } from "./is-decodable-path";

describe("isDecodablePath", () => {
  it("accepts plain and well-encoded paths", () => {
    for (const path of ["/", "/accounts", "/accounts/a%2Fb", "/accounts/%E2%82%AC", "/flows/f-1/diagram.svg", "/accounts/100%25"])
      expect(isDecodablePath(path), path).toBe(true);
  });

  it("refuses a cut UTF-8 sequence, a bad escape and an encoded lone surrogate", () => {
    for (const path of ["/accounts/%E0%A4%A", "/payments/%zz", "/accounts/%", "/inspector/%ED%A0%80", "/x/%C0%AF"])
      expect(isDecodablePath(path), path).toBe(false);
  });
});
