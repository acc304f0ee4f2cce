import { describe, expect, it } from "vitest";
import { fieldErrorsFromTppMessages, fieldNameForPath, relocateFieldErrors, visibleFieldFor } from "./field-errors";

describe("fieldNameForPath: a tppMessage's path onto the form's field (supplement.md §4)", () => {
  it("a path that is a field's name is that field", () => {
    for (const path of [
      "creditorName",
      "creditorAccount.bban",
      "creditorAddress.city",
      "instructedAmount.amount",
      "requestedExecutionDate",
      "startDate",
      "endDate",
      "frequency",
    ]) {
      expect(fieldNameForPath(path)).toBe(path);
    }
    expect(fieldNameForPath("remittanceInformationStructuredArray[0].reference")).toBe("remittanceInformationStructuredArray[0].reference");
  });

  it("a path inside or above a field goes to the field that shows it", () => {
    expect(fieldNameForPath("remittanceInformationStructuredArray")).toBe("remittanceInformationStructuredArray[0].reference");
    expect(fieldNameForPath("remittanceInformationStructuredArray[0].referenceType")).toBe(
      "remittanceInformationStructuredArray[0].reference",
    );
    expect(fieldNameForPath("remittanceInformationStructured")).toBe("remittanceInformationStructuredArray[0].reference");
    expect(fieldNameForPath("instructedAmount")).toBe("instructedAmount.amount");
    expect(fieldNameForPath("creditorAddress")).toBe("creditorAddress.country");
    expect(fieldNameForPath("creditorAccount", { product: "norwegian-domestic-credit-transfers" })).toBe("creditorAccount.bban");
    expect(fieldNameForPath("creditorAccount", { product: "sepa-credit-transfers" })).toBe("creditorAccount.iban");
    expect(fieldNameForPath("monthsOfExecution[2]")).toBe("monthsOfExecution");
  });

  it("debtorAccount goes to the account picker, or to the typed fields when the account was typed in", () => {
    expect(fieldNameForPath("debtorAccount.bban")).toBe("debtor");
    expect(fieldNameForPath("debtorAccount.other.identification")).toBe("debtor");
    expect(fieldNameForPath("debtorAccount.currency", { debtorTyped: true })).toBe("debtorAccount.currency");
    expect(fieldNameForPath("debtorAccount.iban", { debtorTyped: true, product: "sepa-credit-transfers" })).toBe("debtorAccount.iban");
    expect(fieldNameForPath("debtorAccount", { debtorTyped: true, product: "sepa-credit-transfers" })).toBe("debtorAccount.iban");
    expect(fieldNameForPath("debtorAccount", { debtorTyped: true })).toBe("debtorAccount.bban");
  });

  it("a bulk row's path keeps its index; the list and unknown parts of a row go to the list", () => {
    expect(fieldNameForPath("payments[3].creditorAccount.bban")).toBe("payments[3].creditorAccount.bban");
    expect(fieldNameForPath("payments[0].instructedAmount")).toBe("payments[0].instructedAmount.amount");
    expect(fieldNameForPath("payments[1].remittanceInformationStructuredArray[0].reference")).toBe(
      "payments[1].remittanceInformationStructuredArray[0].reference",
    );
    expect(fieldNameForPath("payments")).toBe("payments");
    expect(fieldNameForPath("payments[1]")).toBe("payments");
    expect(fieldNameForPath("payments[1].debtorAccount")).toBe("payments");
  });

  it("the headers of who pays go to their fields; other paths and none belong to the form", () => {
    expect(fieldNameForPath("PSU-Context")).toBe("psuContext");
    expect(fieldNameForPath("X-PSU-IDENTITY")).toBe("nationalId");
    expect(fieldNameForPath("x-psu-identity")).toBe("nationalId");
    expect(fieldNameForPath("PSU-Corporate-ID")).toBeUndefined();
    expect(fieldNameForPath("somethingElse")).toBeUndefined();
    expect(fieldNameForPath("")).toBeUndefined();
    expect(fieldNameForPath(undefined)).toBeUndefined();
  });
});

describe("fieldErrorsFromTppMessages: the bank's 400 on the form", () => {
  it("puts each message on its field, the field's label in place of its path, and the rest on the form with its code", () => {
    const result = fieldErrorsFromTppMessages(
      [
        {
          category: "ERROR",
          code: "KID_INVALID",
          path: "remittanceInformationStructuredArray[0].reference",
          text: "remittanceInformationStructuredArray[0].reference has a wrong check digit",
        },
        { category: "ERROR", code: "FORMAT_ERROR", path: "payments[1].creditorName", text: "payments[1].creditorName is required" },
        {
          category: "ERROR",
          code: "FORMAT_ERROR",
          path: "debtorAccount.bban",
          text: "debtorAccount.bban is not an account the PSU can pay from",
        },
        { category: "ERROR", code: "FORMAT_ERROR", path: "PSU-Corporate-ID", text: "The header PSU-Corporate-ID is required" },
        { category: "ERROR", code: "KID_MISSING" },
        { category: "WARNING", code: "FORMAT_ERROR", path: "creditorName", text: "creditorName was shortened" },
      ],
      { product: "norwegian-domestic-credit-transfers" },
    );
    expect(result).toEqual({
      fieldErrors: {
        "remittanceInformationStructuredArray[0].reference": ["KID has a wrong check digit"],
        "payments[1].creditorName": ["Payment 2: Recipient's name is required"],
        debtor: ["debtorAccount.bban is not an account the PSU can pay from"],
      },
      formErrors: [
        "FORMAT_ERROR: The header PSU-Corporate-ID is required",
        "KID_MISSING",
        "Warning FORMAT_ERROR: creditorName was shortened",
      ],
    });
  });

  it("keeps a text that does not start with the path as the bank wrote it", () => {
    expect(
      fieldErrorsFromTppMessages([{ code: "EXECUTION_DATE_INVALID", path: "requestedExecutionDate", text: "The date is a bank holiday" }])
        .fieldErrors,
    ).toEqual({
      requestedExecutionDate: ["The date is a bank holiday"],
    });
  });

  it("names the other fields and choices of a schedule's rules as the form does, not by their wire names", () => {
    expect(
      fieldErrorsFromTppMessages([
        { code: "FORMAT_ERROR", path: "endDate", text: "endDate is 2025-05-31, before startDate 2025-06-01" },
        { code: "FORMAT_ERROR", path: "monthsOfExecution", text: "monthsOfExecution is required when frequency is MonthlyVariable" },
      ]).fieldErrors,
    ).toEqual({
      endDate: ["Last payment is 2025-05-31, before the first payment (2025-06-01)"],
      monthsOfExecution: ["Months is required when How often is “In the months I choose”"],
    });
  });
});

describe("visibleFieldFor: a message about a field that is not shown goes to the one that is", () => {
  it("the KID's message goes to the choice while a message is chosen, and back", () => {
    const kid = "remittanceInformationStructuredArray[0].reference";
    expect(visibleFieldFor(kid, { remittance: "message" })).toBe("remittance");
    expect(visibleFieldFor(kid, { remittance: "kid" })).toBe(kid);
    expect(visibleFieldFor(kid, {})).toBe(kid);
    expect(visibleFieldFor("remittanceInformationUnstructured", { remittance: "kid" })).toBe("remittance");
    expect(visibleFieldFor("remittanceInformationUnstructured", { remittance: "message" })).toBe("remittanceInformationUnstructured");
    expect(visibleFieldFor(`payments[2].${kid}`, { payments: [{}, {}, { remittance: "message" }] })).toBe("payments[2].remittance");
  });

  it("creditorAgent's message goes to the account's currency while it is NOK", () => {
    expect(visibleFieldFor("creditorAgent", { creditorAccount: { currency: "NOK" } })).toBe("creditorAccount.currency");
    expect(visibleFieldFor("creditorAgent", { creditorAccount: { currency: "USD" } })).toBe("creditorAgent");
    expect(visibleFieldFor("payments[0].creditorAgent", { payments: [{ creditorAccount: { currency: "NOK" } }] })).toBe(
      "payments[0].creditorAccount.currency",
    );
  });

  it("relocateFieldErrors merges what lands on one field", () => {
    expect(
      relocateFieldErrors(
        {
          "remittanceInformationStructuredArray[0].reference": ["KID is required for this creditor"],
          remittance: ["Choose one"],
          creditorName: ["too long"],
        },
        { remittance: "message" },
      ),
    ).toEqual({ remittance: ["KID is required for this creditor", "Choose one"], creditorName: ["too long"] });
  });
});
