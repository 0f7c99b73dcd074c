import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { generate } from "otplib";
import { e2eDatabaseFile } from "./support/e2e-data";
import {
  createMember,
  entryWarningAlreadyConfirmed,
  expect,
  hydrated,
  logIn,
  say,
  strings,
  test,
} from "./support/fixtures";

const { en } = strings;

/**
 * Issue 33: the admin area's payments and overview (docs/product.md §6.9). A member buys a sandbox bundle; an admin
 * finds the payment in the list, opens it, is asked for the second factor again once it is stale, refunds it with a
 * reason and sees it refunded; the overview shows its charts and their tables for 30 days. With and without
 * JavaScript; axe on each screen in the js project.
 */

/** The e2e server's SQLite file (playwright.config.ts's DATA_DIR): the role is given, and time passes, there. */
function onServerDatabase(change: (db: Database.Database) => void) {
  const db = new Database(e2eDatabaseFile);
  try {
    change(db);
  } finally {
    db.close();
  }
}

async function clickInApp(target: Locator) {
  const scripted = await target.page().evaluate(() => "__reactRouterContext" in window);
  if (scripted) await hydrated(target);
  await target.click();
}

async function expectNoAxeViolations(page: Page) {
  if (test.info().project.name !== "js") return;
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test.beforeEach(({ context }) => entryWarningAlreadyConfirmed(context));

test("an admin finds a member's sandbox payment, is asked to confirm again when the factor is stale, refunds it with a reason once, and sees the overview's charts", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A member buys a bundle on the sandbox.
  const buyer = await createMember(request, { gender: "female", seeking: "male", country: "GB" });
  await logIn(page, buyer);
  const topBar = page.getByRole("navigation", { name: en.nav.main });
  await clickInApp(topBar.getByRole("link", { name: en.nav.getPremium }));
  await clickInApp(page.getByRole("main").getByRole("link", { name: en.premium.cta }));
  await clickInApp(page.getByRole("link", { name: say("en", "credits.choose", { count: 170 }) }));
  await clickInApp(page.getByRole("button", { name: /^Pay / }));
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: en.payment.title.completed })).toBeVisible();

  // The admin, in a browser of their own, sets up TOTP and opens the payments.
  const adminContext = await browser.newContext({ baseURL, javaScriptEnabled: test.info().project.name === "js" });
  await entryWarningAlreadyConfirmed(adminContext);
  const adminPage = await adminContext.newPage();
  const scripts = new Set<string>();
  adminPage.on("request", (r) => void (r.resourceType() === "script" && scripts.add(r.url())));
  const admin = await createMember(request, { gender: "male", seeking: "female" });
  onServerDatabase((db) => db.prepare("update users set role = 'admin' where id = ?").run(admin.id));
  await adminPage.goto("/admin");
  await adminPage.getByLabel(en.login.email).fill(admin.email);
  await adminPage.getByLabel(en.login.password).fill(admin.password);
  await adminPage.getByRole("button", { name: en.login.submit }).click();
  const secret = (await adminPage.getByTestId("totp-secret").textContent())!.trim();
  await adminPage.getByLabel(en.admin.codeLabel).fill(await generate({ secret }));
  await adminPage.getByRole("button", { name: en.admin.confirm }).click();
  await adminPage.getByRole("link", { name: en.admin.continue }).click();

  // The overview: a chart and its table for 30 days.
  const nav = adminPage.getByRole("navigation", { name: en.admin.nav });
  await adminPage.getByRole("link", { name: say("en", "admin.activity.days", { count: 7 }) }).click();
  await expect(adminPage.getByRole("table", { name: en.admin.activity.signups })).toHaveCount(1);
  await adminPage.getByRole("link", { name: say("en", "admin.activity.days", { count: 30 }) }).click();
  await expect(adminPage.getByRole("link", { name: say("en", "admin.activity.days", { count: 30 }) })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(
    adminPage.getByRole("img", { name: new RegExp(`^${en.admin.activity.signups} per day from`) }),
  ).toBeVisible();
  const signups = adminPage.getByRole("table", { name: en.admin.activity.signups });
  await expect(signups.getByRole("row")).toHaveCount(31);
  await expect(adminPage.getByRole("img", { name: /^Revenue in GBP per day/ })).toBeVisible();
  await expectNoAxeViolations(adminPage);

  // The list, filtered to paid payments of members in the United Kingdom.
  await nav.getByRole("link", { name: en.admin.payments.title }).click();
  await adminPage.getByLabel(en.admin.payments.status).selectOption("paid");
  await adminPage.getByLabel(en.admin.payments.country).selectOption("GB");
  await adminPage.getByRole("button", { name: en.admin.payments.apply }).click();
  await expect(adminPage).toHaveURL(/status=paid/);
  const row = adminPage.getByRole("row").filter({ hasText: buyer.email });
  await expect(row).toContainText("£6.74");
  await expectNoAxeViolations(adminPage);
  await row.getByRole("link").click();

  await expect(adminPage.getByText(/^sbx_[0-9a-f]{20}$/)).toBeVisible();
  await expect(adminPage.getByRole("cell", { name: en.transactions.kinds.purchase, exact: true })).toBeVisible();
  await expectNoAxeViolations(adminPage);

  // No reason: said at the field.
  const refundButton = adminPage.getByRole("button", { name: say("en", "admin.payments.submit", { amount: "£6.74" }) });
  await refundButton.click();
  await expect(adminPage.getByText(en.admin.payments.reasonRequired)).toBeVisible();

  // The second factor given 11 minutes ago: asked again, with a link to confirm; what was typed stays.
  const stale = new Date(Date.now() - 11 * 60_000).toISOString();
  onServerDatabase((db) =>
    db.prepare("update sessions set second_factor_at = ? where user_id = ?").run(stale, admin.id),
  );
  await adminPage.getByLabel(en.admin.payments.reason).fill("The member was charged twice");
  await refundButton.click();
  await expect(adminPage.getByRole("alert")).toContainText(en.admin.payments.stepUp);
  await expect(adminPage.getByRole("link", { name: en.admin.payments.stepUpLink })).toHaveAttribute(
    "href",
    /^\/admin\/confirm\?next=%2Fadmin%2Fpayments%2F\d+$/,
  );
  await expect(adminPage.getByLabel(en.admin.payments.reason)).toHaveValue("The member was charged twice");

  // Confirmed again (as /admin/confirm will do): refunded once, with the reason kept.
  const now = new Date().toISOString();
  onServerDatabase((db) => db.prepare("update sessions set second_factor_at = ? where user_id = ?").run(now, admin.id));
  await refundButton.click();
  await expect(adminPage.getByText(say("en", "admin.payments.refundedFlash", { amount: "£6.74" }))).toBeVisible();
  const refund = adminPage.getByTestId("refund");
  await expect(refund).toContainText(en.returns.states.refunded);
  await expect(refund).toContainText("The member was charged twice");
  await expect(refund).toContainText(say("en", "credits.amount", { count: 170 }));
  await expect(refundButton).toHaveCount(0);
  await expect(adminPage.getByRole("cell", { name: en.transactions.kinds.return, exact: true })).toBeVisible();

  // Listed as refunded.
  await adminPage.getByRole("link", { name: en.admin.payments.back }).click();
  await adminPage.getByLabel(en.admin.payments.status).selectOption("refunded");
  await adminPage.getByRole("button", { name: en.admin.payments.apply }).click();
  await expect(adminPage.getByRole("row").filter({ hasText: buyer.email })).toContainText(en.returns.states.refunded);

  // The overview charts the money returned beside what was taken, on the day it went back.
  await nav.getByRole("link", { name: en.admin.overview }).click();
  await expect(adminPage.getByRole("img", { name: /^Refunds in GBP per day from .*: £[\d.,]+ in all$/ })).toBeVisible();
  const refundsTitle = say("en", "admin.activity.refunds", { currency: "GBP" });
  const refunds = adminPage.getByRole("table", { name: refundsTitle });
  await expect(refunds.getByRole("row").last()).toContainText(/£[1-9][\d.,]*/);
  // Drawn at its own size, its 30 days' numbers scrolling beside it: the admin stylesheet once lost these rules to
  // the build's trimming, and each chart stood 2,600 px tall.
  const chart = await adminPage.getByRole("figure", { name: refundsTitle }).boundingBox();
  expect(chart!.height).toBeLessThan(400);
  await nav.getByRole("link", { name: en.admin.payments.title }).click();
  await expect(adminPage.getByLabel(en.admin.payments.status)).toBeVisible();

  // The screen loads no more JavaScript than a member's pages (tests/e2e/budgets.spec.ts: 133 kB gzipped), with none at
  // all without it: what its own load brings, not the pages before it.
  scripts.clear();
  await adminPage.reload();
  await expect(adminPage.getByRole("row").filter({ hasText: buyer.email })).toBeVisible();
  let js = 0;
  for (const url of scripts) js += gzipSync(await (await request.get(url)).body()).length;
  expect(js).toBeLessThanOrEqual(test.info().project.name === "js" ? 133 * 1024 : 0);
  await adminContext.close();
});
