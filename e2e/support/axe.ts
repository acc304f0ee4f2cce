/**
 * Accessibility checks of a page with axe-core (its WCAG 2 level A and AA rules): every serious
 * or critical violation fails the test, each listed with its rule, its help text and the
 * elements it was found on. The whole result is attached to the test's report.
 *
 * axe runs in the page itself (AxeBuilder's legacy mode, axe.run): its default mode runs each
 * frame's part and then finishes the run in a new blank page of the context, a second of work per
 * check on a loaded machine, for pages that have no frames (neither the app's nor the bank's
 * has one). The results are the same.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

export type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

const TAGS = ["wcag2a", "wcag2aa"];
/** Elements named per violation; a rule broken on every row of a long table names the first few. */
const TARGETS_SHOWN = 5;

/**
 * axe's results for the page as it is now: its WCAG 2 A and AA rules but `withoutRules`, and
 * `alsoRules` (rules outside those tags, such as "region") in the same pass.
 */
export async function analyzePage(
  page: Page,
  alsoRules: readonly string[] = [],
  withoutRules: readonly string[] = [],
): Promise<AxeResults> {
  // Next streams a page's metadata after its body: wait for the title rather than catch the page before it.
  await expect(page)
    .toHaveTitle(/\S/, { timeout: 5_000 })
    .catch(() => undefined);
  return new AxeBuilder({ page })
    .options({
      runOnly: { type: "tag", values: TAGS },
      rules: Object.fromEntries([
        ...alsoRules.map((rule) => [rule, { enabled: true }]),
        ...withoutRules.map((rule) => [rule, { enabled: false }]),
      ]),
    })
    .setLegacyMode()
    .analyze();
}

/** The serious or critical violations of the WCAG rules among `results` (fails the test softly), and the whole list attached. */
export async function expectNoSeriousViolationsIn(results: AxeResults, page: Page, name: string): Promise<void> {
  const violations = results.violations.filter((violation) => violation.tags.some((tag) => TAGS.includes(tag)));
  await test.info().attach(`axe-${name.replace(/[^\w-]+/g, "-")}.json`, {
    body: JSON.stringify(violations, null, 2),
    contentType: "application/json",
  });
  const found = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.map(String).join(" >> "));
      const more = targets.length > TARGETS_SHOWN ? ` and ${targets.length - TARGETS_SHOWN} more` : "";
      return `${violation.id} (${violation.impact}): ${violation.help} at ${targets.slice(0, TARGETS_SHOWN).join(" | ")}${more}`;
    });
  // Soft: the flow goes on, so that one run names every page's violations; the test still fails.
  expect.soft(found, `serious or critical accessibility violations on ${name} (${page.url()})`).toEqual([]);
}

export async function expectNoSeriousA11yViolations(page: Page, name: string): Promise<void> {
  await expectNoSeriousViolationsIn(await analyzePage(page), page, name);
}
