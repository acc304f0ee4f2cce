import { describe, expect, it } from "vitest";
import { codeOfCheck, ERROR_CODE_PRIORITY, selectErrorCode, VERIFICATION_CHECKS } from "./verification-checks";

describe("verification checks and the code priority (supplement §4, §9.7)", () => {
  it("holds the check ids of the vectors", () => {
    for (const id of [
      "signature.present",
      "certificate.present",
      "digest.present",
      "digest.algorithm",
      "digest.match",
      "headers.syntax",
      "headers.mandatory",
      "headers.conditional",
      "headers.present",
      "signature.algorithm",
      "signature.verify",
      "keyId.serial",
      "keyId.serial.format",
      "keyId.ca",
      "keyId.ca.format",
      "signatureHeader.encoding",
      "certificate.validity",
      "certificate.chain",
    ]) {
      expect(VERIFICATION_CHECKS).toContain(id);
    }
  });

  it("maps checks to codes", () => {
    expect(codeOfCheck("signature.present")).toBe("SIGNATURE_MISSING");
    expect(codeOfCheck("certificate.present")).toBe("CERTIFICATE_MISSING");
    expect(codeOfCheck("certificate.parse")).toBe("CERTIFICATE_INVALID");
    expect(codeOfCheck("certificate.chain")).toBe("CERTIFICATE_INVALID");
    expect(codeOfCheck("certificate.validity")).toBe("CERTIFICATE_EXPIRED");
    expect(codeOfCheck("keyId.ca.format")).toBe("SIGNATURE_INVALID");
  });

  it("picks missing, then invalid certificate, then expired, then signature", () => {
    expect(ERROR_CODE_PRIORITY).toEqual([
      "SIGNATURE_MISSING",
      "CERTIFICATE_MISSING",
      "CERTIFICATE_INVALID",
      "CERTIFICATE_EXPIRED",
      "SIGNATURE_INVALID",
    ]);
    expect(selectErrorCode(["signature.verify", "certificate.present", "signature.present"])).toBe("SIGNATURE_MISSING");
    expect(selectErrorCode(["signature.verify", "certificate.validity", "certificate.chain"])).toBe("CERTIFICATE_INVALID");
    expect(selectErrorCode(["digest.match", "certificate.validity"])).toBe("CERTIFICATE_EXPIRED");
    expect(selectErrorCode(["digest.match"])).toBe("SIGNATURE_INVALID");
    expect(selectErrorCode([])).toBeNull();
  });
});
