/**
 * The app's defences end to end in Chromium: the sign-in throttle.
 */
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/tpp-app";
import { captureScreenshot } from "./support/capture-screenshot";

/** Sends the sign-in form and waits for next-auth's answer; returns its HTTP status. */
async function trySignIn(page: Page, username: string, password: string): Promise<number> {
  await page.getByLabel("User name").fill(username);
  await page.getByLabel("Password").fill(password);
  const [reply] = await Promise.all([
    page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials")),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  return reply.status();
}

test("sign-in is throttled per user name: three failures free, then a wait the page names, answered 429 without a check", async ({
  page,
}) => {
  await page.goto("/signin");
  for (let i = 1; i <= 4; i += 1) {
    expect(await trySignIn(page, "mallory", `guess-${i}`)).toBe(401);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("The user name or password is not right.");
  }
  expect(await trySignIn(page, "mallory", "guess-5")).toBe(429);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(/^Too many failed sign-ins\. Try again at \d\d:\d\d:\d\d\.$/);
  const retryAt = /(\d\d):(\d\d):(\d\d)/.exec((await page.getByRole("main").getByRole("alert").textContent()) ?? "");
  expect(retryAt).not.toBeNull();
  await captureScreenshot(page, { path: test.info().outputPath("throttled-sign-in.png"), fullPage: true });
});

test("sign-in: a right password after a few wrong ones works, and clears the user name's count", async ({ page }) => {
  await page.goto("/signin");
  for (let i = 1; i <= 3; i += 1) expect(await trySignIn(page, "demo", `wrong-${i}`)).toBe(401);
  await signIn(page);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
});

test("sign-in: an empty field is named and marked, what was typed stays, and nothing is sent (so nothing is counted)", async ({ page }) => {
  await page.goto("/signin");
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/callback/credentials")) sent.push(request.url());
  });
  const userName = page.getByLabel("User name");
  const password = page.getByLabel("Password");
  const alert = page.getByRole("main").getByRole("alert");
  await userName.fill("");
  await password.fill("something");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(alert).toHaveText("Enter your user name.");
  await expect(userName).toHaveAttribute("aria-invalid", "true");
  await expect(userName).toHaveAccessibleDescription("Enter your user name.");
  await expect(userName).toBeFocused();
  await expect(password).toHaveValue("something");

  await userName.fill("trudy");
  await password.fill("");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(alert).toHaveText("Enter your password.");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toBeFocused();
  await expect(userName).not.toHaveAttribute("aria-invalid", "true");
  await expect(userName).toHaveValue("trudy");
  expect(sent).toEqual([]);
  await captureScreenshot(page, { path: test.info().outputPath("sign-in-empty-password.png"), fullPage: true });

  // Both filled in: the form is sent and judged as before.
  expect(await trySignIn(page, "trudy", "a-guess")).toBe(401);
  await expect(alert).toHaveText("The user name or password is not right.");
  await expect(password).not.toHaveAttribute("aria-invalid", "true");
});
