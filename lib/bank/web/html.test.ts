import { describe, expect, it } from "vitest";
import { html, raw } from "./html";

describe("html", () => {
  it("escapes interpolated text, attributes included", () => {
    const name = `<script>alert("x")</script> & 'co'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>',
    );
  });

  it("nests templates and lists without escaping them twice, and drops empty values", () => {
    const items = ["a<b", "c"].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.value).toBe("<ul><li>a&lt;b</li><li>c</li></ul>0");
    expect(html`${raw("<b>trusted</b>")}`.value).toBe("<b>trusted</b>");
  });
});
