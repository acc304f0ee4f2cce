import { describe, expect, it } from "vitest";
import type { Balance } from "@/lib/tpp/ais/ais-types";
import { describeAccountLink, describeCardAccountLink } from "./account-link-names";

const normal = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\u2212/g, "-");
const balance = (type: string, amount: string): Balance => ({ type, amount: { amount, currency: "NOK" } }) as Balance;

describe("the accounts page's link names", () => {
  it("name an account by its name, number and every balance its card shows, in the card's order", () => {
    const account = {
      name: "Brukskonto",
      product: "Brukskonto",
      bban: "38001574202",
      balances: [balance("closingBooked", "84916.74"), balance("interimAvailable", "77592.52"), balance("expected", "77592.52")],
    };
    expect(normal(describeAccountLink(account))).toBe(
      "Brukskonto 3800 15 74202, Available 77 592,52 kr, Expected 77 592,52 kr, Booked at end of day 84 916,74 kr",
    );
    expect(describeAccountLink({ ...account, balances: undefined })).toBe("Brukskonto 3800 15 74202, No balances from the bank");
  });

  it("name a card account by its name, masked number, balance and credit limit", () => {
    const card = {
      name: "Mastercard Gold",
      product: undefined,
      maskedPan: "552211******4821",
      balances: [balance("interimAvailable", "-1250.00")],
      creditLimit: { amount: "30000.00", currency: "NOK" },
    };
    expect(normal(describeCardAccountLink(card))).toBe(
      "Mastercard Gold 5522 11** **** 4821, Available -1 250,00 kr, Credit limit 30 000,00 kr",
    );
    expect(describeCardAccountLink({ ...card, balances: undefined, creditLimit: undefined })).toBe(
      "Mastercard Gold 5522 11** **** 4821, Balance –",
    );
  });
});
