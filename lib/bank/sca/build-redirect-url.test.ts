import { describe, expect, it } from "vitest";
import { failureRedirectParametersSchema, successRedirectParametersSchema } from "../../psd2/schemas";
import { appendQueryParameters, buildFailureRedirectUrl, buildSuccessRedirectUrl } from "./build-redirect-url";

// docs/interface/redirect-parameters.md#redirect-parameters-and-events; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context.
describe("the redirects to TPP-Redirect-URI", () => {
  it("adds the success parameters in the spec's order, psu-corporate-id last", () => {
    const url = buildSuccessRedirectUrl("https://tpp.example/cb", {
      psuId: "3d9a4f44-8d73-4f3e-9b7a-1c2d3e4f5a6b",
      tppSessionId: "s-1",
      context: "CORPORATE",
      psuCorporateId: "0f1e2d3c-4b5a-4968-8776-655443322110",
    });
    expect(url).toBe(
      "https://tpp.example/cb?psu-id=3d9a4f44-8d73-4f3e-9b7a-1c2d3e4f5a6b&tpp-session-id=s-1&context=CORPORATE&psu-corporate-id=0f1e2d3c-4b5a-4968-8776-655443322110",
    );
    expect(successRedirectParametersSchema.parse(Object.fromEntries(new URL(url).searchParams))).toMatchObject({ context: "CORPORATE" });
  });

  it("keeps the TPP's own query and fragment exactly, and percent-encodes every value", () => {
    expect(appendQueryParameters("https://tpp.example/cb?a=%7E+b&c", [["k", "x y&z=ø"]])).toBe(
      "https://tpp.example/cb?a=%7E+b&c&k=x%20y%26z%3D%C3%B8",
    );
    expect(appendQueryParameters("https://tpp.example/cb?", [["k", "v"]])).toBe("https://tpp.example/cb?k=v");
    expect(appendQueryParameters("https://tpp.example/cb?a=1&", [["k", "v"]])).toBe("https://tpp.example/cb?a=1&k=v");
    expect(appendQueryParameters("https://tpp.example/cb#done", [["k", "v"]])).toBe("https://tpp.example/cb?k=v#done");
  });

  it("writes the failure parameters system, status, code and message", () => {
    const url = buildFailureRedirectUrl("https://tpp.example/cb", {
      system: "SCA",
      status: 401,
      code: "SCA_INVALID",
      message: "The PSU cancelled",
    });
    expect(url).toBe("https://tpp.example/cb?system=SCA&status=401&code=SCA_INVALID&message=The%20PSU%20cancelled");
    expect(failureRedirectParametersSchema.parse(Object.fromEntries(new URL(url).searchParams))).toEqual({
      system: "SCA",
      status: 401,
      code: "SCA_INVALID",
      message: "The PSU cancelled",
    });
  });
});
