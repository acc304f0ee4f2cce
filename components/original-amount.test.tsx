import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OriginalAmount } from "./original-amount";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\u2212/g, "-");

describe("OriginalAmount", () => {
  it("writes the number with its currency, in the card's currency too (never the currency alone)", () => {
    expect(
      text(
        renderToStaticMarkup(
          <OriginalAmount original={{ amount: "-249.90", currency: "NOK" }} amount={{ amount: "-249.90", currency: "NOK" }} />,
        ),
      ),
    ).toBe("-249,90 kr");
    expect(
      text(
        renderToStaticMarkup(
          <OriginalAmount original={{ amount: "-49.90", currency: "EUR" }} amount={{ amount: "-589.12", currency: "NOK" }} />,
        ),
      ),
    ).toBe("-49,90 EUR");
  });

  it("marks a missing original amount with a dash", () => {
    expect(text(renderToStaticMarkup(<OriginalAmount original={undefined} amount={{ amount: "-1.00", currency: "NOK" }} />))).toBe("–");
  });
});
