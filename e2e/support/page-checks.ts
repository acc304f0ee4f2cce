/**
 * What every page of the app and of the bank is held to, at a desktop's and a phone's width:
 * axe's WCAG 2 A and AA rules (serious and critical fail), every piece of content inside a
 * landmark (axe's region rule, at any impact), no sideways scrolling, and no table cell whose
 * content runs out of it into the next column. A screenshot of each width is kept.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { analyzePage, type AxeResults, expectNoSeriousA11yViolations, expectNoSeriousViolationsIn } from "./axe";
import { DESKTOP, PHONE } from "./tpp-app";
import { captureScreenshot } from "./capture-screenshot";

/** The page does not scroll sideways, and no visible table cell's content is wider than the cell. */
export async function expectNothingOverflows(page: Page, name: string): Promise<void> {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const sideways = document.documentElement.scrollWidth - window.innerWidth;
    if (sideways > 0) problems.push(`the page scrolls ${sideways} px sideways`);
    for (const cell of document.querySelectorAll<HTMLTableCellElement>("td, th")) {
      if (cell.getClientRects().length === 0) continue;
      // One pixel of rounding is no overflow.
      if (cell.scrollWidth > cell.clientWidth + 1) {
        const table = cell.closest("table");
        const caption = table?.querySelector("caption")?.textContent ?? table?.getAttribute("aria-label") ?? "a table";
        problems.push(
          `a cell of "${caption.trim()}" holds ${cell.scrollWidth} px in ${cell.clientWidth} px: "${(cell.textContent ?? "").trim().slice(0, 60)}"`,
        );
      }
    }
    return problems;
  });
  expect.soft(found, `${name} at ${page.viewportSize()?.width ?? 0} px`).toEqual([]);
}

/**
 * axe's region rule: nothing outside a landmark (banner, navigation, main, contentinfo, a named
 * region), from results of a run that had the rule (analyzePage(page, ["region"])), or from a run of its own.
 */
export async function expectContentInLandmarks(page: Page, name: string, results?: AxeResults): Promise<void> {
  const found = results ?? (await new AxeBuilder({ page }).withRules(["region"]).setLegacyMode().analyze());
  const outside = found.violations
    .filter((violation) => violation.id === "region")
    .flatMap((violation) => violation.nodes.map((node) => node.target.map(String).join(" >> ")));
  expect.soft(outside, `content outside any landmark on ${name} (${page.url()})`).toEqual([]);
}

/**
 * Screenshots are kept of the whole page up to this height; of a taller page (the bank's /docs is
 * some 90,000 px at a desktop's width) the top this high, where a full one took seconds to
 * encode into a picture of megabytes.
 */
const SCREENSHOT_MAX_HEIGHT = 8_000;

async function keepScreenshot(page: Page, file: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()?.width ?? DESKTOP.width;
  await captureScreenshot(page, {
    path: test.info().outputPath(file),
    fullPage: true,
    ...(height > SCREENSHOT_MAX_HEIGHT ? { clip: { x: 0, y: 0, width, height: SCREENSHOT_MAX_HEIGHT } } : {}),
  });
}

/**
 * What axe's color-contrast rule reads of the page, as one string: for every element shown, its
 * tag, how it is positioned, its colours (text, background, background image, shadow, opacity,
 * blending, filter) and whether its text is large in the rule's sense. Two widths with the same string show the same
 * text in the same colours on the same backgrounds, so the rule's verdict at one holds at the
 * other.
 */
async function contrastInputs(page: Page): Promise<string> {
  return page.evaluate(() => {
    const large = (px: number, weight: number) => px >= 24 || (px >= 18.66 && weight >= 700);
    const parts: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const style = getComputedStyle(element);
      parts.push(
        [
          element.tagName,
          style.position,
          style.color,
          style.backgroundColor,
          style.backgroundImage,
          style.textShadow,
          style.opacity,
          style.mixBlendMode,
          style.filter,
          // What the rule asks of the text depends on its size only through this: large text
          // (18 pt, or 14 pt bold) needs 3:1, other text 4.5:1.
          large(Number.parseFloat(style.fontSize), Number(style.fontWeight)),
        ].join("|"),
      );
    }
    return parts.join("\n");
  });
}

export type CheckPageOptions = {
  /**
   * axe's color-contrast rule at the desktop's width only, where the page shows the same text in
   * the same colours, positioning and (large or not) sizes at the phone's (contrastInputs; where it does not, the
   * rule runs at both). For a very long page (the bank's /docs, some 20,000 elements), where the
   * rule is most of axe's time; the other rules and the overflow check run at both widths.
   */
  contrastOnce?: boolean;
};

/**
 * The page as it is now, at the desktop's width and then the phone's: axe, landmarks, overflow,
 * and a full-page screenshot of each (named after the page; its top 8,000 px where it is taller). The viewport is back at the desktop's after.
 */
export async function checkPage(page: Page, name: string, options: CheckPageOptions = {}): Promise<void> {
  const file = name.replace(/[^\w-]+/g, "-");
  let desktopContrastInputs: string | undefined;
  for (const [width, size] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    if (width === "desktop") {
      // One axe pass for both: the WCAG rules and the region rule.
      const results = await analyzePage(page, ["region"]);
      await expectNoSeriousViolationsIn(results, page, `${name} (${width})`);
      await expectContentInLandmarks(page, name, results);
      if (options.contrastOnce === true) desktopContrastInputs = await contrastInputs(page);
    } else if (desktopContrastInputs !== undefined && (await contrastInputs(page)) === desktopContrastInputs) {
      test.info().annotations.push({
        type: "color-contrast",
        description: `${name}: checked at the desktop's width, the same colours at the phone's`,
      });
      await expectNoSeriousViolationsIn(await analyzePage(page, [], ["color-contrast"]), page, `${name} (${width})`);
    } else {
      await expectNoSeriousA11yViolations(page, `${name} (${width})`);
    }
    await expectNothingOverflows(page, name);
    await keepScreenshot(page, `${file}-${width}.png`);
  }
  await page.setViewportSize(DESKTOP);
}
