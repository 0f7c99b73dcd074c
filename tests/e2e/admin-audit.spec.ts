import fs from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { generate, generateSecret } from "otplib";
import { secretBoxFor } from "../../api/staff/secret-box";
import en from "../../app/i18n/locales/en/common.json" with { type: "json" };
import { e2eDatabaseFile } from "./support/e2e-data";
import { createMember, entryWarningAlreadyConfirmed, expect, test } from "./support/fixtures";
import { e2eStaffSecretKey } from "./support/staff-secret-key";

/**
 * Issue 33: the audit log and the step-up. The admin role, a TOTP secret (sealed with the e2e server's key) and the
 * staff actions are written into the e2e server's SQLite file, as the site command and the admin actions will.
 */
function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(e2eDatabaseFile);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

function makeAdminWithTotp(memberId: number): string {
  const secret = generateSecret();
  const sealed = secretBoxFor({ NODE_ENV: "production", STAFF_SECRET_KEY: e2eStaffSecretKey }).seal(secret, memberId);
  withDatabase((db) =>
    db
      .prepare("update users set role = 'admin', totp_secret = ?, totp_enabled_at = ? where id = ?")
      .run(sealed, new Date().toISOString(), memberId),
  );
  return secret;
}

function recordAction(staffId: number, targetId: number, action: string, reason: string) {
  withDatabase((db) => {
    const { site_id } = db.prepare("select site_id from users where id = ?").get(staffId) as { site_id: number };
    db.prepare(
      `insert into staff_actions (site_id, staff_id, action, target_user_id, reason, before_json, after_json, address, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      site_id,
      staffId,
      action,
      targetId,
      reason,
      '{"credits":10}',
      '{"credits":25}',
      "192.0.2.1",
      new Date().toISOString(),
    );
  });
}

/** The admin logs in where `page` already is and gives the app's code. */
async function logInWithCode(page: Page, admin: { email: string; password: string }, secret: string) {
  await page.getByLabel(en.login.email).fill(admin.email);
  await page.getByLabel(en.login.password).fill(admin.password);
  await page.getByRole("button", { name: en.login.submit }).click();
  await page.getByLabel(en.admin.verifyCodeLabel).fill(await generate({ secret }));
  await page.getByRole("button", { name: en.admin.verify }).click();
}

async function checkAxe(page: Page, screen: string) {
  if (test.info().project.name !== "js") return;
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    screen,
  ).toEqual([]);
}

test.beforeEach(({ context }) => entryWarningAlreadyConfirmed(context));

test("an admin opens the audit log, filters it by member and downloads the filtered rows as CSV", async ({
  page,
  request,
}) => {
  const admin = await createMember(request, { gender: "female", seeking: "male" });
  const eve = await createMember(request, { gender: "female", seeking: "male" });
  const other = await createMember(request, { gender: "male", seeking: "female" });
  const secret = makeAdminWithTotp(admin.id);
  recordAction(admin.id, eve.id, "credits.grant", "Refund after a complaint");
  recordAction(admin.id, eve.id, "member.suspend", '=cmd said "hi", twice');
  const scam = `Scam ${other.id}`;
  recordAction(admin.id, other.id, "member.ban", scam);

  await page.goto("/admin");
  await logInWithCode(page, admin, secret);
  await page.getByRole("navigation", { name: en.admin.nav }).getByRole("link", { name: en.admin.audit.title }).click();
  await expect(page.getByRole("heading", { name: en.admin.audit.title })).toBeVisible();
  await expect(page.getByRole("cell", { name: scam })).toBeVisible();
  await checkAxe(page, "audit log");

  await page.getByLabel(en.admin.audit.member, { exact: true }).fill(eve.email);
  await page.getByRole("button", { name: en.admin.audit.filter }).click();
  await expect(page).toHaveURL(/member=/);
  await expect(page.getByLabel(en.admin.audit.member, { exact: true })).toHaveValue(eve.email);
  await expect(page.getByRole("cell", { name: scam })).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "Refund after a complaint" })).toBeVisible();
  await expect(page.getByText('{"credits":10} → {"credits":25}').first()).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: en.admin.audit.download }).click();
  const csv = await fs.readFile(await (await download).path(), "utf8");
  const records = csv.trimEnd().split("\r\n");
  expect(records[0]).toContain('"action","member_id","member_email"');
  expect(records).toHaveLength(3);
  expect(csv).toContain(`"member.suspend","${eve.id}","${eve.email}"`);
  expect(csv).toContain('"\'=cmd said ""hi"", twice"');
  expect(csv).not.toContain(scam);

  await page.getByRole("link", { name: en.admin.audit.clear }).click();
  await expect(page.getByRole("cell", { name: scam })).toBeVisible();
});

test("the step-up page takes the password, refusing a wrong one at its field, and goes back to the page that asked", async ({
  page,
  request,
}) => {
  const admin = await createMember(request, { gender: "male", seeking: "female" });
  const secret = makeAdminWithTotp(admin.id);
  await page.goto(`/admin/confirm?next=${encodeURIComponent("/admin/audit")}`);
  await logInWithCode(page, admin, secret);
  await expect(page.getByRole("heading", { name: en.admin.stepUp.title })).toBeVisible();
  await checkAxe(page, "step-up");

  await page.getByLabel(en.admin.stepUp.passwordLabel, { exact: true }).fill("not my password");
  await page.getByRole("button", { name: en.admin.stepUp.passwordSubmit }).click();
  await expect(page.getByText(en.admin.stepUp.passwordWrong)).toBeVisible();
  await expect(page.getByLabel(en.admin.stepUp.passwordLabel, { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel(en.admin.stepUp.passwordLabel, { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: en.admin.stepUp.passwordSubmit }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { name: en.admin.audit.title })).toBeVisible();
});
