import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { generate } from "otplib";
import en from "../../app/i18n/locales/en/common.json" with { type: "json" };
import { e2eDatabaseFile } from "./support/e2e-data";
import { createMember, entryWarningAlreadyConfirmed, expect, say, skipEntryWarning, test } from "./support/fixtures";

/**
 * Issue 33, the admin's members section: an admin finds a member, suspends them with a reason the member then sees
 * at login, lifts it, gives credits back, and the member's balance shows them. The admin role and TOTP secret are
 * set in the e2e server's SQLite file (playwright.config.ts's DATA_DIR), as the site command will.
 */
const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

function makeAdmin(memberId: number) {
  const db = new Database(e2eDatabaseFile);
  try {
    db.prepare("update users set role = 'admin', totp_secret = ?, totp_enabled_at = ? where id = ?").run(
      secret,
      new Date().toISOString(),
      memberId,
    );
  } finally {
    db.close();
  }
}

const m = en.admin.members;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** axe's WCAG 2.1 A/AA and best practices on the page as it is; it needs JavaScript in the page to run. */
async function expectNoAxeViolations(page: Page) {
  if (test.info().project.name !== "js") return;
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** A member tries to log in on a page of their own; answers that page. */
async function memberLogsIn(page: Page, member: { email: string; password: string }) {
  await page.goto("/login");
  if (await page.getByRole("dialog").count()) await skipEntryWarning(page);
  await page.getByLabel(en.login.email).fill(member.email);
  await page.getByLabel(en.login.password).fill(member.password);
  await page.getByRole("button", { name: en.login.submit }).click();
}

test.beforeEach(({ context }) => entryWarningAlreadyConfirmed(context));

test("an admin finds a member, suspends them with a reason the member sees at login, lifts it and gives credits back", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const admin = await createMember(request, { gender: "female", seeking: "male" });
  const member = await createMember(request, { gender: "male", seeking: "female" });
  makeAdmin(admin.id);

  // The admin logs in and gives the code from the app.
  await page.goto("/admin");
  await page.getByLabel(en.login.email).fill(admin.email);
  await page.getByLabel(en.login.password).fill(admin.password);
  await page.getByRole("button", { name: en.login.submit }).click();
  await page.getByLabel(en.admin.verifyCodeLabel).fill(await generate({ secret }));
  await page.getByRole("button", { name: en.admin.verify }).click();

  // Finds the member by a piece of the e-mail address.
  await page.getByRole("navigation", { name: en.admin.nav }).getByRole("link", { name: m.nav }).click();
  await expect(page.getByRole("heading", { name: m.title })).toBeVisible();
  await page.getByLabel(m.searchLabel).fill(member.email.toUpperCase().slice(0, -12));
  await page.getByRole("button", { name: m.search, exact: true }).click();
  await expect(page.getByText(say("en", "admin.members.found", { count: 1 }))).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: member.name }).click();
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(member.name) })).toBeVisible();
  await expect(page.getByRole("table", { name: m.logins })).toContainText("127.0.0.1");
  await expectNoAxeViolations(page);

  // A suspension without a reason is refused at the field, keeping the date typed.
  const suspend = page.getByRole("form", { name: m.actions.suspend });
  await suspend.getByLabel(m.untilLabel).fill(tomorrow());
  await suspend.getByRole("button", { name: m.actions.suspend }).click();
  const suspendAgain = page.getByRole("form", { name: m.actions.suspend });
  await expect(suspendAgain.getByText(m.reasonRequired)).toBeVisible();
  await expect(suspendAgain.getByLabel(m.untilLabel)).toHaveValue(tomorrow());
  await suspendAgain.getByLabel(m.reasonLabel).fill("Insulted two members in chat");
  await suspendAgain.getByRole("button", { name: m.actions.suspend }).click();
  await expect(page.getByRole("status")).toHaveText(m.done);
  await expect(page.getByRole("table", { name: m.staffActions })).toContainText("Insulted two members in chat");

  // The member cannot log in, and is told why.
  const memberContext = await browser.newContext({ ...testInfo.project.use });
  await entryWarningAlreadyConfirmed(memberContext);
  const memberPage = await memberContext.newPage();
  await memberLogsIn(memberPage, member);
  await expect(memberPage.getByRole("alert")).toContainText(en.login.suspended);
  await expect(memberPage.getByRole("alert")).toContainText("Insulted two members in chat");

  // The admin lifts the suspension and gives credits back; the balance is on the page.
  const lift = page.getByRole("form", { name: m.actions.lift });
  await lift.getByLabel(m.reasonLabel).fill("Apologised by mail");
  await lift.getByRole("button", { name: m.actions.lift }).click();
  await expect(page.getByRole("status")).toHaveText(m.done);
  const before = Number(await page.getByTestId("member-credits").textContent());
  const credits = page.getByRole("form", { name: m.actions.credits });
  await credits.getByLabel(m.amountLabel).fill("25");
  await credits.getByLabel(m.reasonLabel).fill("Complaint about a chat that ended");
  await credits.getByRole("button", { name: m.actions.credits }).click();
  await expect(page.getByRole("status")).toHaveText(m.creditsMoved);
  await expect(page.getByTestId("member-credits")).toHaveText(String(before + 25));
  await expect(page.getByRole("table", { name: m.ledger })).toContainText("Complaint about a chat that ended");

  // The member logs in and sees the credits.
  await memberLogsIn(memberPage, member);
  await expect(memberPage).toHaveURL(/\/members/);
  // A member who never paid reaches the credits page through the top bar's Premium page.
  await memberPage
    .getByRole("navigation", { name: en.nav.main })
    .getByRole("link", { name: en.nav.getPremium })
    .click();
  await memberPage.getByRole("main").getByRole("link", { name: en.premium.cta }).click();
  await expect(memberPage.getByText(say("en", "credits.balance", { count: before + 25 }))).toBeVisible();
  await memberContext.close();
});
