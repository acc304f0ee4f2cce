import { describe, expect, it } from "vitest";
import { parsePaymentForm, replyWithFormError, replyWithOutcome, withBulkRow } from "./payment-form-schema";
import type { PaymentFormContext } from "./payment-form-types";

const context: PaymentFormContext = {
  today: "2025-03-01",
  accounts: [{ id: "acc-main", name: "Brukskonto", bban: "12345678903", iban: "NO7112345678903", currency: "NOK" }],
  cards: [],
  corporate: true,
  hasPsuId: true,
};

/** The form as the browser posts it: every field by its name. */
function formData(entries: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const item of [value].flat()) data.append(name, item);
  return data;
}

const single = {
  product: "norwegian-domestic-credit-transfers",
  kind: "single",
  debtor: "account:acc-main",
  payer: "psu-id",
  creditorName: "Kari Nordmann",
  "creditorAccount.bban": "8601 11 17947",
  "creditorAccount.currency": "NOK",
  "creditorAddress.street": "",
  "creditorAddress.country": "NO",
  "instructedAmount.amount": "10,00",
  "instructedAmount.currency": "NOK",
  remittance: "kid",
  remittanceInformationUnstructured: "not sent",
  "remittanceInformationStructuredArray[0].reference": "12345674",
  requestedExecutionDate: "",
  purposeCode: "",
};

describe("parsePaymentForm: the form's FormData through Conform (parseWithZod, zod 4)", () => {
  it("gives the PaymentDraft as the submission's value; blank fields are absent", () => {
    const submission = parsePaymentForm(formData(single), context);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.body).toEqual({
      instructedAmount: { amount: "10.00", currency: "NOK" },
      creditorName: "Kari Nordmann",
      creditorAccount: { bban: "86011117947", currency: "NOK" },
      creditorAddress: { country: "NO" },
      remittanceInformationStructuredArray: [{ reference: "12345674", referenceType: "KID" }],
      debtorAccount: { bban: "12345678903", currency: "NOK" },
    });
  });

  it("reports each issue under the field's name, as Conform shows it next to the field", () => {
    const submission = parsePaymentForm(
      formData({
        ...single,
        "remittanceInformationStructuredArray[0].reference": "12345675",
        requestedExecutionDate: "2020-01-01",
        nationalId: "1",
        payer: "national-id",
      }),
      context,
    );
    expect(submission.status).toBe("error");
    if (submission.status === "success") return;
    expect(submission.error).toEqual({
      nationalId: ["National identity number must have 11 digits (a fødselsnummer or D-number)"],
      "remittanceInformationStructuredArray[0].reference": [
        "KID has a wrong check digit: it passes neither the MOD10 (Luhn) nor the MOD11 check",
      ],
      requestedExecutionDate: ["Payment date is 2020-01-01, which is in the past (today is 2025-03-01)"],
    });
  });

  const bulk = {
    product: "norwegian-domestic-credit-transfers",
    kind: "bulk",
    debtor: "account:acc-main",
    batchBookingPreferred: "on",
    "payments[0].creditorName": "Kari",
    "payments[0].creditorAccount.bban": "86011117947",
    "payments[0].creditorAccount.currency": "NOK",
    "payments[0].creditorAddress.country": "NO",
    "payments[0].instructedAmount.amount": "1.00",
    "payments[0].instructedAmount.currency": "NOK",
    "payments[1].creditorName": "",
    "payments[1].creditorAccount.bban": "12345678903",
    "payments[1].creditorAccount.currency": "NOK",
    "payments[1].creditorAddress.country": "NO",
    "payments[1].instructedAmount.amount": "2.00",
    "payments[1].instructedAmount.currency": "NOK",
  };

  it("a bulk row's error is named payments[i].<path>", () => {
    const submission = parsePaymentForm(formData(bulk), context);
    if (submission.status === "success") throw new Error("expected errors");
    expect(submission.error).toEqual({ "payments[1].creditorName": ["Payment 2: Recipient's name is required"] });
  });

  it("the list intents work on the server too (a browser without JavaScript): remove a row, add one", () => {
    const removed = parsePaymentForm(
      formData({ ...bulk, __intent__: JSON.stringify({ type: "remove", payload: { name: "payments", index: 1 } }) }),
      context,
    );
    expect(removed.status).toBeUndefined();
    expect(removed.payload.payments).toHaveLength(1);
    const reply = removed.reply();
    expect(reply.initialValue?.payments).toEqual([expect.objectContaining({ creditorName: "Kari" })]);
    const inserted = parsePaymentForm(
      formData({ ...bulk, __intent__: JSON.stringify({ type: "insert", payload: { name: "payments" } }) }),
      context,
    );
    expect(inserted.payload.payments).toHaveLength(3);
  });
});

describe("replyWithOutcome: the bank's answer on the form", () => {
  it("a rejection's tppMessages go to their fields and the rest to the form; the outcome is kept", () => {
    const submission = parsePaymentForm(formData(single), context);
    if (submission.status !== "success") throw new Error("expected a draft");
    const outcome = {
      kind: "rejected" as const,
      status: 400,
      requestId: "req-1",
      tppMessages: [
        {
          category: "ERROR",
          code: "KID_MISSING",
          path: "remittanceInformationStructuredArray",
          text: "remittanceInformationStructuredArray must hold a KID for this creditor",
        },
        { category: "ERROR", code: "FORMAT_ERROR", path: "PSU-Corporate-ID", text: "The header PSU-Corporate-ID is required" },
      ],
    };
    const state = replyWithOutcome(submission, submission.value, outcome, context);
    expect(state.outcome).toBe(outcome);
    expect(state.submission?.status).toBe("error");
    expect(state.submission?.error).toEqual({
      "": ["FORMAT_ERROR: The header PSU-Corporate-ID is required"],
      // A rule only the bank judges: in plain words, with its code (its text names wire paths).
      "remittanceInformationStructuredArray[0].reference": [
        "The recipient's account only takes payments with a KID: choose KID and type the KID from the invoice. (the bank: KID_MISSING)",
      ],
    });
  });

  it("a duplicate keeps the values and asks", () => {
    const submission = parsePaymentForm(formData(single), context);
    if (submission.status !== "success") throw new Error("expected a draft");
    const outcome = { kind: "duplicate" as const, message: "A payment like this was made 2 minutes ago", requestId: "req-2" };
    const state = replyWithOutcome(submission, submission.value, outcome, context);
    expect(state.outcome).toEqual(outcome);
    expect(state.submission?.initialValue).toMatchObject({ creditorName: "Kari Nordmann" });
  });
});

describe("replyWithFormError", () => {
  it("sends the values back as posted, with the message for the form", () => {
    const reply = replyWithFormError(
      formData({ creditorName: "Kari", "instructedAmount.amount": "1,00" }),
      "The account could not be read",
    );
    expect(reply.error).toEqual({ "": ["The account could not be read"] });
    expect(reply.initialValue).toMatchObject({ creditorName: "Kari", instructedAmount: { amount: "1,00" } });
  });
});

describe("withBulkRow", () => {
  it("gives a reply without bulk rows one empty row in the product's currency", () => {
    const reply = parsePaymentForm(formData({ ...single, product: "sepa-credit-transfers" }), context).reply();
    expect(withBulkRow(reply).initialValue?.payments).toEqual([
      { creditorAccount: { currency: "EUR" }, instructedAmount: { currency: "EUR" }, remittance: "message" },
    ]);
    const bulkReply = parsePaymentForm(formData({ ...single, kind: "bulk", "payments[0].creditorName": "Kari" }), context).reply();
    expect(withBulkRow(bulkReply)).toEqual(bulkReply);
  });
});
