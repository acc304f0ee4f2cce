import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DateTime } from "./date-time";

describe("DateTime", () => {
  it("breaks between the date and the time only", () => {
    expect(renderToStaticMarkup(<DateTime instant="2026-09-02T12:05:09Z" />)).toBe(
      '<time dateTime="2026-09-02T12:05:09.000Z" class=""><span class="whitespace-nowrap">2 Sep 2026,</span> <span class="whitespace-nowrap">14:05:09 CEST</span></time>',
    );
  });

  it("writes what it was given when it is no instant", () => {
    expect(renderToStaticMarkup(<DateTime instant="not a time" />)).toBe('<time class="">not a time</time>');
  });
});
