import { describe, expect, it } from "vitest";
import { escapeMarkup } from "./escape-markup";

describe("escapeMarkup", () => {
  it("replaces the five characters markup reads, and only them", () => {
    expect(escapeMarkup(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    expect(escapeMarkup("ø & æ")).toBe("ø &amp; æ");
    expect(escapeMarkup("plain text, 100% (ok) 😀")).toBe("plain text, 100% (ok) 😀");
  });

  it("escapes an escaped text again rather than passing its entities through", () => {
    expect(escapeMarkup("&amp; &lt;")).toBe("&amp;amp; &amp;lt;");
  });
});
