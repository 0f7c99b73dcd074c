import Database from "better-sqlite3";
import { e2eDatabaseFile } from "./support/e2e-data";
import { expect, fillSignupSteps, skipEntryWarning, strings, test } from "./support/fixtures";

const { en } = strings;
const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * An invite-only site beside the demo site, in the journeys' own database (the server started by this run, on SQLite,
 * playwright.config.ts): the demo site's settings under another name, `signups = invite`, and one unused code. The
 * browser reaches it as `{name}.localhost`, which resolves to this machine.
 */
function inviteOnlySite(name: string, code: string) {
  const db = new Database(e2eDatabaseFile);
  db.pragma("busy_timeout = 5000");
  try {
    const domain = `${name}.localhost`;
    const columns = (db.prepare("select name from pragma_table_info('sites')").all() as { name: string }[])
      .map((c) => c.name)
      .filter((c) => c !== "id");
    const copied = columns.map((c) => (c === "domain" ? "?" : c === "signups" ? "'invite'" : c)).join(", ");
    const { lastInsertRowid: siteId } = db
      .prepare(`insert into sites (${columns.join(", ")}) select ${copied} from sites where domain = 'localhost'`)
      .run(domain);
    db.prepare("insert into site_domains (domain, site_id) values (?, ?)").run(domain, siteId);
    db.prepare("insert into invites (code, site_id, created_at) values (?, ?, ?)").run(
      code,
      siteId,
      new Date().toISOString(),
    );
    return `http://${domain}:${port}`;
  } finally {
    db.close();
  }
}

test("an invite-only site asks a visitor without a code for one, refuses a wrong one at its field, and a right one opens the signup", async ({
  page,
}, testInfo) => {
  const suffix = `${testInfo.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const code = `INVITE-${suffix.toUpperCase()}`;
  const origin = inviteOnlySite(`invite${suffix}`, code);

  await page.goto(`${origin}/signup`);
  if (await page.getByRole("dialog").count()) await skipEntryWarning(page);
  // No dead end: the page says why and takes the invitation's code.
  await expect(page.getByText(en.signup.inviteOnly)).toBeVisible();
  const field = page.getByLabel(en.signup.inviteCode);
  await field.fill("NOT-A-CODE");
  await page.getByRole("button", { name: en.signup.next }).click();
  await expect(page.getByText(en.signup.inviteInvalid)).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue("NOT-A-CODE");
  await expect(page.getByRole("heading", { name: en.signup.steps["0"] })).toHaveCount(0);

  // The right code opens the signup form, which carries the code to the end.
  await field.fill(code);
  await page.getByRole("button", { name: en.signup.next }).click();
  await expect(page.getByRole("heading", { name: en.signup.steps["0"] })).toBeVisible();
  await fillSignupSteps(page, "en", {
    gender: "female",
    seeking: "male",
    dateOfBirth: "1992-05-06",
    country: "GB",
    name: `Inv${suffix}`.slice(0, 20),
    email: `inv-${suffix}@example.com`,
    password: "invited password",
  });
  await expect(page).toHaveURL(/\/complete-signup$/);

  // The code is used: the next visitor who tries it is told it is not valid.
  // (From the home page's signup link: with JavaScript the signup modal asks for the code, without it the page.)
  await page.locator("summary", { hasText: en.nav.account }).click();
  await page.getByRole("button", { name: en.nav.logout }).click();
  await page.getByRole("link", { name: en.index.signupCta }).first().click();
  await page.getByLabel(en.signup.inviteCode).fill(code);
  await page.getByRole("button", { name: en.signup.next }).click();
  await expect(page.getByText(en.signup.inviteInvalid)).toBeVisible();
});
