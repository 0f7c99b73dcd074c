import { demo, expect, fill, say, skipEntryWarning, strings, test } from "./support/fixtures";

const { en, de } = strings;

test("a visitor enters, switches language, reads a page, logs in and out", async ({ page }) => {
  await page.goto("/");

  // First visit: the adult-content entry warning covers the page until it is skipped.
  const warning = page.getByRole("dialog", { name: en.entryWarning.title });
  await expect(warning).toBeVisible();
  await warning.getByRole("button", { name: say("en", "entryWarning.enter", { count: 18 }) }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: en.index.title })).toBeVisible();

  // The language menu is a <details>: it opens and submits without JavaScript.
  await page.locator("summary", { hasText: en.language.choose }).click();
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: de.index.title })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("dialog")).toBeHidden();

  // A page from the footer, in German.
  await page.getByRole("contentinfo").getByRole("link", { name: de.footer.terms }).click();
  await expect(page).toHaveURL(/\/pages\/terms$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/.+/);
  await expect(page.getByText(/Heartline Media B\.V\./).first()).toBeVisible();

  // Login: a wrong password is refused at the form, keeping the email; the right one opens the member menu.
  await page.getByRole("banner").getByRole("link", { name: de.nav.login }).click();
  await page.getByLabel(de.login.email).fill(demo.free.email);
  await page.getByLabel(de.login.password).fill("wrong password");
  await page.getByRole("button", { name: de.login.submit }).click();
  await expect(page.getByRole("alert")).toHaveText(de.login.failed);
  await expect(page.getByLabel(de.login.email)).toHaveValue(demo.free.email);

  await page.getByLabel(de.login.password).fill(demo.free.password);
  await page.getByRole("button", { name: de.login.submit }).click();
  await expect(page.getByRole("status")).toHaveText(fill(de.flash.welcome, { name: demo.free.name }));
  await expect(page.getByRole("banner").getByRole("link", { name: de.nav.login })).toHaveCount(0);
  await expect(page.getByRole("link", { name: de.nav.getPremium })).toBeVisible();

  await page.locator("summary", { hasText: de.nav.account }).click();
  await expect(page.getByRole("link", { name: de.nav.myProfile })).toBeVisible();
  await expect(page.getByRole("link", { name: de.nav.settings })).toBeVisible();
  await page.getByRole("button", { name: de.nav.logout }).click();

  await expect(page.getByRole("status")).toHaveText(de.flash.loggedOut);
  await expect(page.getByRole("banner").getByRole("link", { name: de.nav.login })).toBeVisible();
});

test("a missing page shows the 404 page with a link home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await skipEntryWarning(page);
  await expect(page.getByRole("heading", { name: en.errors.notFound })).toBeVisible();
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: en.errors.backHome }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a form posted to a missing page is a 404 too, with the error page", async ({ request }) => {
  const response = await request.post("/no/such/page", { form: { anything: "x" } });
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain(en.errors.notFound);
});

test("the premium member sees credits instead of Get Premium, in their own language menu", async ({ page }) => {
  await page.goto("/login?redirectTo=/pages/faq");
  await skipEntryWarning(page);
  await page.getByLabel(en.login.email).fill(demo.premium.email);
  await page.getByLabel(en.login.password).fill(demo.premium.password);
  await page.getByRole("button", { name: en.login.submit }).click();
  await expect(page).toHaveURL(/\/pages\/faq$/);
  await expect(page.getByRole("link", { name: en.nav.credits })).toBeVisible();
  await expect(page.getByRole("link", { name: en.nav.getPremium })).toHaveCount(0);
});
