import { expect, test } from "@playwright/test";
import { appUrl } from "./support/tpp-app";
import { captureScreenshot } from "./support/capture-screenshot";

test("the home page renders with the app's styles", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page).toHaveTitle("PSD2 TPP Demo");
  const heading = page.getByRole("heading", { level: 1, name: "Integrate with a Norwegian PSD2 bank" });
  await expect(heading).toBeVisible();

  // Tailwind's utilities reached the page: the hero is white text on the brand gradient.
  const hero = heading.locator("xpath=ancestor::section[1]");
  await expect(hero).toHaveCSS("color", "rgb(255, 255, 255)");
  const background = await hero.evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(background).toContain("linear-gradient");

  // The only way in reads on its white button: brand text, not the hero's inherited white.
  const signIn = hero.getByRole("link", { name: "Sign in" });
  await expect(signIn).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await expect(signIn).not.toHaveCSS("color", "rgb(255, 255, 255)");

  // What the app does, for a visitor who has not signed in yet: payments too, not only account information.
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([
    "Account information",
    "Payments",
    "Signing baskets",
    "Corporate customers",
    "Signed requests",
    "Sandbox and flow diagrams",
  ]);
  await captureScreenshot(page, { path: testInfo.outputPath("home.png"), fullPage: true });
});

test("another host than the app's (127.0.0.1, the network address) goes to the same path on the app's origin at once", async ({ page }) => {
  const other = new URL(appUrl);
  other.hostname = "127.0.0.1";
  const reply = await page.request.get(`${other.origin}/callback?flow=f-1&code=SCA_INVALID`, { maxRedirects: 0 });
  expect(reply.status()).toBe(307);
  expect(reply.headers()["location"]).toBe(`${appUrl}/callback?flow=f-1&code=SCA_INVALID`);
  await page.goto(`${other.origin}/signin?callbackUrl=%2Faccounts`);
  expect(page.url()).toBe(`${appUrl}/signin?callbackUrl=%2Faccounts`);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
});

test("a path that cannot be percent-decoded is the app's not-found page, on every kind of route", async ({ page }) => {
  for (const path of [
    "/accounts/%E0%A4%A",
    "/payments/%zz",
    "/flows/%E0%A4%A/diagram.svg",
    "/api/auth/%E0%A4%A",
    "/accounts/%E0%A4%A.png",
    "/%E0%A4%A",
  ]) {
    const reply = await page.request.get(path, { maxRedirects: 0 });
    expect(reply.status(), path).toBe(404);
    expect(reply.headers()["content-type"], path).toContain("text/html");
    expect(await reply.text(), path).toContain("Page not found");
  }
  await page.goto("/accounts/%E0%A4%A");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("note", { name: "Environment" })).toBeVisible();
});

test("the favicon: the P2 mark as SVG and ICO, named in every page's head", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('head link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute("href", "/favicon.svg");
  const svg = await page.request.get("/favicon.svg");
  expect(svg.status()).toBe(200);
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
  expect(await svg.text()).toContain(">P2</text>");
  const ico = await page.request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  // An ICO header: reserved 0, type 1, then the number of images.
  expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});
