import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { generate } from "otplib";
import en from "../../app/i18n/locales/en/common.json" with { type: "json" };
import { e2eDatabaseFile } from "./support/e2e-data";
import { createMember, demo, entryWarningAlreadyConfirmed, expect, test } from "./support/fixtures";

/**
 * Issue 33: the admin area. The admin role is given in the database, as the site command will (the e2e server's
 * SQLite file, playwright.config.ts's DATA_DIR).
 */
function makeAdmin(memberId: number) {
  const db = new Database(e2eDatabaseFile);
  try {
    db.prepare("update users set role = 'admin' where id = ?").run(memberId);
  } finally {
    db.close();
  }
}

/** Opens /admin, which sends a visitor to the login form and back. */
async function openAdminAs(page: Page, member: { email: string; password: string }) {
  await page.goto("/admin");
  await page.getByLabel(en.login.email).fill(member.email);
  await page.getByLabel(en.login.password).fill(member.password);
  await page.getByRole("button", { name: en.login.submit }).click();
}

test.beforeEach(({ context }) => entryWarningAlreadyConfirmed(context));

test("an admin without TOTP is asked to set it up, enrols with the code of the secret shown, and sees the admin area", async ({
  page,
  request,
}) => {
  const member = await createMember(request, { gender: "female", seeking: "male" });
  makeAdmin(member.id);
  const scripts = new Set<string>();
  page.on("request", (r) => void (r.resourceType() === "script" && scripts.add(r.url())));
  await openAdminAs(page, member);

  await expect(page.getByRole("heading", { name: en.admin.setupTitle })).toBeVisible();
  await expect(page.getByRole("img", { name: en.admin.qrAlt })).toBeVisible();
  await expect(page.getByRole("navigation", { name: en.admin.nav })).toHaveCount(0);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();

  // A wrong code is refused beside the field.
  await page.getByLabel(en.admin.codeLabel).fill("000000");
  await page.getByRole("button", { name: en.admin.confirm }).click();
  await expect(page.getByText(en.admin.codeInvalid)).toBeVisible();

  await page.getByLabel(en.admin.codeLabel).fill(await generate({ secret }));
  await page.getByRole("button", { name: en.admin.confirm }).click();
  await expect(page.getByRole("heading", { name: en.admin.recoveryTitle })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: /^[0-9a-f]{5}-[0-9a-f]{5}$/ })).toHaveCount(10);

  await page.getByRole("link", { name: en.admin.continue }).click();
  const nav = page.getByRole("navigation", { name: en.admin.nav });
  await expect(nav.getByRole("link", { name: en.admin.overview })).toBeVisible();
  await expect(page.getByRole("heading", { name: en.admin.overview })).toBeVisible();
  await expect(page.getByText(en.admin.admins, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: en.admin.setupTitle })).toHaveCount(0);

  // The screen loads no more JavaScript than a member's pages (tests/e2e/budgets.spec.ts: 133 kB gzipped), with none at
  // all without it: what its own load brings, not the login page's too.
  scripts.clear();
  await page.reload();
  await expect(page.getByRole("heading", { name: en.admin.overview })).toBeVisible();
  let js = 0;
  for (const url of scripts) js += gzipSync(await (await request.get(url)).body()).length;
  expect(js).toBeLessThanOrEqual(test.info().project.name === "js" ? 133 * 1024 : 0);

  // A member's own prompts stay off the staff's pages: this admin has no profile photo, and the photo warning shows
  // on the member pages, not here.
  await expect(page.getByText(en.photoWarning.text)).toHaveCount(0);
  await page.getByRole("link", { name: en.nav.searchMembers }).click();
  await expect(page.getByText(en.photoWarning.text)).toBeVisible();
});

for (const who of ["free", "moderator"] as const) {
  test(`a ${who === "free" ? "member" : "moderator"} gets the 404 page at /admin`, async ({ page }) => {
    await openAdminAs(page, demo[who]);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: en.errors.notFound })).toBeVisible();
    await expect(page.getByRole("heading", { name: en.admin.setupTitle })).toHaveCount(0);
  });
}
