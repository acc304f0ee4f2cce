/**
 * Accessibility checks of a page with axe-core (its WCAG 2 level A and AA rules): every serious
 * or critical violation fails the test, each listed with its rule, its help text and the
 * elements it was found on. The whole result is attached to the test's report.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa"];
/** Elements named per violation; a rule broken on every row of a long table names the first few. */
const TARGETS_SHOWN = 5;

export async function expectNoSeriousA11yViolations(page: Page, name: string): Promise<void> {
  // Next streams a page's metadata after its body: wait for the title rather than catch the page before it.
  await expect(page)
    .toHaveTitle(/\S/, { timeout: 5_000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  await test.info().attach(`axe-${name.replace(/[^\w-]+/g, "-")}.json`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: "application/json",
  });
  const found = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.map(String).join(" >> "));
      const more = targets.length > TARGETS_SHOWN ? ` and ${targets.length - TARGETS_SHOWN} more` : "";
      return `${violation.id} (${violation.impact}): ${violation.help} at ${targets.slice(0, TARGETS_SHOWN).join(" | ")}${more}`;
    });
  // Soft: the flow goes on, so that one run names every page's violations; the test still fails.
  expect.soft(found, `serious or critical accessibility violations on ${name} (${page.url()})`).toEqual([]);
}
