import type { Browser, TestInfo } from "@playwright/test";
import it from "../../app/i18n/locales/it/common.json" with { type: "json" };
import { createMember, entryWarningAlreadyConfirmed, expect, fill, logIn, strings, test } from "./support/fixtures";

const { en, nl } = strings;

/** A visitor from a country, as Cloudflare tells it, past the entry warning. */
async function visitorFrom(browser: Browser, testInfo: TestInfo, country?: string) {
  const context = await browser.newContext({
    ...testInfo.project.use,
    ...(country ? { extraHTTPHeaders: { "cf-ipcountry": country } } : {}),
  });
  await entryWarningAlreadyConfirmed(context);
  return context;
}

// docs/product.md §6.6, §9.2: the languages of the visitor's country, in that country's order; one posted form of
// buttons, so the same steps work with JavaScript and without.
test("a visitor from Switzerland chooses among German, Italian, French and English", async ({ browser }, testInfo) => {
  const context = await visitorFrom(browser, testInfo, "CH");
  const page = await context.newPage();
  await page.goto("/lang-config?lng=en");
  await expect(page.getByRole("heading", { level: 1, name: en.language.choose })).toBeVisible();
  await expect(page.getByText(fill(en.langConfig.forCountry, { country: "Switzerland" }))).toBeVisible();
  const form = page.getByRole("form", { name: en.language.choose });
  await expect(form.getByRole("button")).toHaveText([
    "Deutsch",
    "Italiano",
    "Français",
    `English${en.langConfig.current}`,
  ]);

  await form.getByRole("button", { name: "Italiano" }).click();
  await expect(page).toHaveURL(/\/lang-config$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("status")).toHaveText(fill(it.langConfig.saved, { language: "Italiano" }));
  await expect(page.getByRole("heading", { level: 1, name: it.language.choose })).toBeVisible();
  await expect(page.getByRole("button", { name: `Italiano ${it.langConfig.current}` })).toHaveAttribute(
    "aria-current",
    "true",
  );
  // The choice stays on the next page (the language cookie).
  await page.getByRole("contentinfo").getByRole("link", { name: it.footer.faq }).click();
  await expect(page).toHaveURL(/\/pages\/faq$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await context.close();
});

test("a visitor whose country is not known sees every language the site offers", async ({ browser }, testInfo) => {
  const context = await visitorFrom(browser, testInfo);
  const page = await context.newPage();
  await page.goto("/lang-config?lng=en");
  await expect(page.getByText(en.langConfig.forSite)).toBeVisible();
  await expect(page.getByRole("form", { name: en.language.choose }).getByRole("button")).toHaveCount(11);
  await context.close();
});

test("a language the visitor's country is not offered cannot be posted", async ({ browser }, testInfo) => {
  const context = await visitorFrom(browser, testInfo, "NL");
  const page = await context.newPage();
  await page.goto("/lang-config?lng=nl");
  await expect(page.getByRole("form", { name: nl.language.choose }).getByRole("button")).toHaveText([
    `Nederlands${nl.langConfig.current}`,
  ]);
  const answer = await page.request.post("/lang-config", {
    form: { language: "pl" },
    headers: { origin: testInfo.project.use.baseURL! },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByRole("status")).toHaveText(nl.langConfig.notOffered);
  await context.close();
});

test("a member's choice is kept with their account, for the mails they get", async ({ page, request }) => {
  const member = await createMember(request, { gender: "female", seeking: "male" });
  await logIn(page, member);
  // A typed address: no page of the site links /lang-config (the top bar's language menu is the way in).
  await page.goto("/lang-config");
  await expect(page.getByText(en.langConfig.memberNote)).toBeVisible();
  await page.getByRole("button", { name: "Nederlands" }).click();
  await expect(page.getByRole("status")).toHaveText(fill(nl.langConfig.saved, { language: "Nederlands" }));
  const { user } = await (await page.request.get("/api/user.php")).json();
  expect(user.language).toBe("nl");
});
