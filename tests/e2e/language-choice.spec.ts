import dePages from "../../app/i18n/locales/de/pages.json" with { type: "json" };
import { expect, say, strings, test } from "./support/fixtures";

const { de } = strings;

// The hreflang alternates link to ?lng=; a visitor who arrives by one stays in that language on the next page,
// which has no ?lng= of its own (the language cookie keeps it).
test("a language chosen by ?lng= stays on the next pages", async ({ page }) => {
  await page.goto("/members?lng=de");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: say("de", "entryWarning.enter", { count: 18 }) })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: de.search.title })).toBeVisible();

  // A link on the page: its URL carries no language.
  await page.getByRole("contentinfo").getByRole("link", { name: de.footer.terms }).click();
  await expect(page).toHaveURL(/\/pages\/terms$/);
  await expect(page.getByRole("heading", { level: 1, name: dePages.terms.title })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  // A new document without ?lng=: the address typed again.
  await page.goto("/members");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1, name: de.search.title })).toBeVisible();
  await expect(page.getByRole("button", { name: de.search.submit })).toBeVisible();
});
