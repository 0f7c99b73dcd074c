import AxeBuilder from "@axe-core/playwright";
import { type Browser, type Page, request as playwrightRequest } from "@playwright/test";
import Database from "better-sqlite3";
import { generate } from "otplib";
import en from "../../app/i18n/locales/en/common.json" with { type: "json" };
import { e2eDatabaseFile } from "./support/e2e-data";
import { expect, test } from "./support/fixtures";

/*
 * Issue 33: the admin area's settings, credit bundles and discount codes. Each project works on a site of its own
 * (a copy of the demo site answering on 127.0.0.2 or 127.0.0.3, loopback addresses of this machine), so that changing
 * the message price here changes nothing for the journeys running beside it on the demo site.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
const e2eDatabase = () => new Database(e2eDatabaseFile);

/** A copy of the demo site (its settings, company and bundles) answering for `domain`, made once. */
function copyOfDemoSite(domain: string) {
  const db = e2eDatabase();
  try {
    if (db.prepare("select 1 from site_domains where domain = ?").get(domain)) return;
    const demo = db.prepare("select site_id from site_domains where domain = 'localhost'").get() as { site_id: number };
    const columns = (db.prepare("pragma table_info(sites)").all() as { name: string }[])
      .map((c) => c.name)
      .filter((name) => name !== "id" && name !== "domain");
    const list = columns.map((c) => `"${c}"`).join(", ");
    db.transaction(() => {
      const { lastInsertRowid } = db
        .prepare(`insert into sites (${list}, domain) select ${list}, ? from sites where id = ?`)
        .run(domain, demo.site_id);
      db.prepare("insert into site_domains (domain, site_id) values (?, ?)").run(domain, lastInsertRowid);
      db.prepare(
        "insert into credit_bundles (site_id, currency, credits, amount_cents, position) select ?, currency, credits, amount_cents, position from credit_bundles where site_id = ? and retired_at is null",
      ).run(lastInsertRowid, demo.site_id);
    })();
  } finally {
    db.close();
  }
}

/** A new admin of the site at `baseURL`: signed up through the API, given the role in the database. */
async function newAdmin(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const admin = { email: `a-${suffix}@example.com`, password: "journey password" };
    const signup = await api.post("/api/signup.php", {
      data: {
        gender: "female",
        seeking: "male",
        date_of_birth: "1985-02-03",
        country: "IE",
        name: `A${suffix}`,
        language: "en",
        ...admin,
      },
    });
    expect(signup.status()).toBe(201);
    const db = e2eDatabase();
    try {
      db.prepare("update users set role = 'admin' where id = ?").run((await signup.json()).user.id);
    } finally {
      db.close();
    }
    return admin;
  } finally {
    await api.dispose();
  }
}

/** The admin's browser on the project's site, past the entry warning, logged in, with TOTP set up. */
async function adminBrowser(browser: Browser, javaScriptEnabled: boolean, project: string) {
  const baseURL = `http://127.0.0.${project === "js" ? 2 : 3}:${port}`;
  copyOfDemoSite(new URL(baseURL).hostname);
  const admin = await newAdmin(baseURL);
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await context.addCookies([{ name: "entry_warning_skipped", value: "1", url: baseURL }]);
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByLabel(en.login.email).fill(admin.email);
  await page.getByLabel(en.login.password).fill(admin.password);
  await page.getByRole("button", { name: en.login.submit }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel(en.admin.codeLabel).fill(await generate({ secret }));
  await page.getByRole("button", { name: en.admin.confirm }).click();
  await page.getByRole("link", { name: en.admin.continue }).click();
  return { context, page };
}

const adminNav = (page: Page) => page.getByRole("navigation", { name: en.admin.nav });

/** What a message costs on the pricing page, as members read it in the table of what credits buy. */
const messageRow = (page: Page) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: en.credits.actions.message }) });

test("an admin changes the message price in the settings form, and the pricing page shows it at once", async ({
  browser,
}, testInfo) => {
  const { context, page } = await adminBrowser(
    browser,
    testInfo.project.use.javaScriptEnabled !== false,
    testInfo.project.name,
  );
  await adminNav(page).getByRole("link", { name: en.admin.settings.title }).click();
  await page
    .getByRole("navigation", { name: en.admin.settings.groupsNav })
    .getByRole("link", { name: en.admin.settings.groups.prices })
    .click();
  const price = page.getByLabel(en.admin.settings.fields.prices__message_credits);
  await expect(price).toHaveValue("10");
  await expect(page.getByText("Default: 10.").first()).toBeVisible();

  // A bad value: the message at the field, what was typed kept, nothing saved.
  await price.fill("twelve");
  await page.getByRole("button", { name: en.admin.settings.save }).click();
  await expect(page.getByText(en.admin.settings.errors.number)).toBeVisible();
  await expect(price).toHaveValue("twelve");
  await expect(price).toHaveAttribute("aria-invalid", "true");

  await price.fill("12");
  await page.getByRole("button", { name: en.admin.settings.save }).click();
  await expect(page.getByText(en.admin.settings.saved)).toBeVisible();
  await expect(page.getByLabel(en.admin.settings.fields.prices__message_credits)).toHaveValue("12");

  await page.getByRole("contentinfo").getByRole("link", { name: en.footer.pricing }).click();
  await expect(messageRow(page)).toContainText("12 credits");
  await context.close();
});

test("an admin adds a credit bundle and creates a discount code, each shown in its list", async ({
  browser,
}, testInfo) => {
  const { context, page } = await adminBrowser(
    browser,
    testInfo.project.use.javaScriptEnabled !== false,
    testInfo.project.name,
  );
  await adminNav(page).getByRole("link", { name: en.admin.bundles.title }).click();
  const add = page.getByRole("form", { name: en.admin.bundles.addTitle });
  await add.getByLabel(en.admin.bundles.currency).fill("EUR");
  await add.getByLabel(en.admin.bundles.credits).fill("0");
  await add.getByLabel(en.admin.bundles.price).fill("149.99");
  await add.getByRole("button", { name: en.admin.bundles.add }).click();
  await expect(page.getByText(en.admin.bundles.errors.credits)).toBeVisible();
  await expect(
    page.getByRole("form", { name: en.admin.bundles.addTitle }).getByLabel(en.admin.bundles.price),
  ).toHaveValue("149.99");
  await page.getByRole("form", { name: en.admin.bundles.addTitle }).getByLabel(en.admin.bundles.credits).fill("3300");
  await page
    .getByRole("form", { name: en.admin.bundles.addTitle })
    .getByRole("button", { name: en.admin.bundles.add })
    .click();
  await expect(page.getByText(en.admin.bundles.added)).toBeVisible();
  const eur = page.getByRole("table", { name: "EUR" });
  await expect(eur.getByRole("row").filter({ hasText: "3,300" }).filter({ hasText: "€149.99" })).toBeVisible();

  await adminNav(page).getByRole("link", { name: en.admin.discounts.title }).click();
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const create = page.getByRole("form", { name: en.admin.discounts.createTitle });
  await create.getByLabel(en.admin.discounts.code).fill(code);
  await create.getByLabel(en.admin.discounts.percentage).fill("15");
  await create.getByLabel(en.admin.discounts.maxUses).fill("100");
  await create.getByLabel(en.admin.discounts.expires).fill("2099-12-31");
  await create.getByRole("button", { name: en.admin.discounts.create }).click();
  await expect(page.getByText(en.admin.discounts.created.replace("{{code}}", code))).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("0 / 100");
  await expect(row).toContainText(en.admin.discounts.active);
  await row.getByRole("link", { name: `${en.admin.discounts.whoUsed}: ${code}` }).click();
  await expect(page.getByText(en.admin.discounts.noUses)).toBeVisible();
  await page
    .getByRole("row")
    .filter({ hasText: code })
    .getByRole("button", { name: `${en.admin.discounts.disable}: ${code}` })
    .click();
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText(en.admin.discounts.disabled);
  await context.close();
});

test("the settings, bundles and discount screens pass axe", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "axe needs JavaScript in the page");
  const { context, page } = await adminBrowser(browser, true, testInfo.project.name);
  for (const screen of [
    "/admin/settings",
    "/admin/settings/prices",
    "/admin/settings/company",
    "/admin/bundles",
    "/admin/discounts",
  ]) {
    await page.goto(screen);
    await expect(page.getByRole("main")).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    expect
      .soft(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        screen,
      )
      .toEqual([]);
  }
  await context.close();
});
