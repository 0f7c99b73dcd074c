import type { Page } from "@playwright/test";
import { expect, fill, followMailedLink, say, skipEntryWarning, strings, test } from "./support/fixtures";

const { en } = strings;

async function signUp(page: Page, email: string, password: string) {
  await page.goto("/signup");
  await skipEntryWarning(page);
  await page.getByLabel(en.signup.genders.female, { exact: true }).check();
  await page.getByLabel(en.signup.seekingOptions.male, { exact: true }).check();
  await page.getByRole("button", { name: en.signup.next }).click();

  // Too young: said at the field, and the step stays.
  const tooYoung = new Date(Date.now() - 16 * 365.25 * 86400_000).toISOString().slice(0, 10);
  await page.getByLabel(en.signup.dateOfBirth).fill(tooYoung);
  await page.getByRole("button", { name: en.signup.next }).click();
  await expect(page.getByText(en.validation.invalidDob)).toBeVisible();
  await page.getByLabel(en.signup.dateOfBirth).fill("1994-05-17");
  await page.getByRole("button", { name: en.signup.next }).click();

  await page.getByLabel(en.signup.country).selectOption("GB");
  await page.getByLabel(en.signup.city).fill("Bristol");
  await page.getByRole("button", { name: en.signup.next }).click();

  await page.getByLabel(en.signup.name).fill("Robin");
  await page.getByRole("button", { name: en.signup.next }).click();

  await page.getByLabel(en.signup.email).fill(email);
  await page.getByLabel(en.signup.password, { exact: true }).fill(password);
  await page.getByLabel(say("en", "signup.termsConsent", { count: 18 }), { exact: false }).check();
  await page.getByRole("button", { name: en.signup.create }).click();
  await expect(page.getByRole("heading", { name: fill(en.completeSignup.welcome, { name: "Robin" }) })).toBeVisible();
}

test("sign up, activate, reset the password, change e-mail, delete and reactivate", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const email = `robin-${testInfo.project.name}-${Date.now()}@example.com`;
  const newEmail = `robin2-${testInfo.project.name}-${Date.now()}@example.com`;
  await signUp(page, email, "first password");
  await expect(page.getByText(fill(en.completeSignup.checkInbox, { email }))).toBeVisible();

  // The activation reminder shows on other pages until the link is followed.
  await page.getByRole("navigation", { name: en.footer.label }).getByRole("link", { name: en.footer.faq }).click();
  await expect(page.getByRole("alert").filter({ hasText: fill(en.activation.reminder, { email }) })).toBeVisible();
  await followMailedLink(page, email, "/activate/done");
  await expect(page.getByRole("heading", { name: en.activation.doneTitle })).toBeVisible();
  await page.getByRole("navigation", { name: en.footer.label }).getByRole("link", { name: en.footer.faq }).click();
  await expect(page).toHaveURL(/\/pages\/faq$/);
  await expect(page.getByText(fill(en.activation.reminder, { email }))).toHaveCount(0);

  // Log out, then forget the password.
  await page.locator("summary", { hasText: en.nav.account }).click();
  await page.getByRole("button", { name: en.nav.logout }).click();
  await page.getByRole("banner").getByRole("link", { name: en.nav.login }).click();
  await page.getByRole("link", { name: en.login.forgot }).click();
  // The login page has an email field too: wait until the reset page is there before typing.
  await expect(page.getByRole("heading", { name: en.reset.title })).toBeVisible();
  await page.getByLabel(en.login.email).fill(`nobody-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByRole("button", { name: en.reset.send }).click();
  await expect(page.getByText(en.reset.emailNotFound)).toBeVisible();
  await page.getByLabel(en.login.email).fill(email);
  await page.getByRole("button", { name: en.reset.send }).click();
  await expect(page.getByRole("status")).toHaveText(fill(en.reset.sent, { email }));

  await followMailedLink(page, email, "/reset-password/do");
  await page.getByLabel(en.reset.newPassword, { exact: true }).fill("second password");
  await page.getByLabel(en.reset.confirmPassword).fill("something else");
  await page.getByRole("button", { name: en.reset.save }).click();
  await expect(page.getByText(en.validation.passwordsDiffer)).toBeVisible();
  await page.getByLabel(en.reset.newPassword, { exact: true }).fill("second password");
  await page.getByLabel(en.reset.confirmPassword).fill("second password");
  await page.getByRole("button", { name: en.reset.save }).click();
  await expect(page.getByRole("status")).toHaveText(en.reset.done);

  await page.getByLabel(en.login.email).fill(email);
  await page.getByLabel(en.login.password).fill("second password");
  await page.getByRole("button", { name: en.login.submit }).click();
  await expect(page.getByRole("status")).toHaveText(fill(en.flash.welcome, { name: "Robin" }));

  // Settings: a new e-mail address, confirmed from the mail sent to it.
  await page.locator("summary", { hasText: en.nav.account }).click();
  await page.getByRole("link", { name: en.nav.settings }).click();
  const emailForm = page.getByRole("region", { name: en.settings.emailTitle });
  await emailForm.getByLabel(en.settings.newEmail).fill(newEmail);
  await emailForm.getByLabel(en.login.password).fill("second password");
  await emailForm.getByRole("button", { name: en.settings.saveEmail }).click();
  await expect(page.getByRole("status")).toHaveText(fill(en.settings.emailSent, { email: newEmail }));
  await followMailedLink(page, newEmail, "/mail-change/do");
  await expect(page.getByRole("status")).toHaveText(fill(en.settings.emailChanged, { email: newEmail }));

  // Leaving: the retention offer first, then the deletion.
  await page.getByRole("link", { name: en.deletion.start }).click();
  await expect(page.getByText(say("en", "deletion.offer", { percentage: 50, count: 50 }))).toBeVisible();
  await page.getByLabel(en.deletion.password).fill("second password");
  await page.getByRole("button", { name: en.deletion.confirm, exact: true }).click();
  await expect(page.getByRole("heading", { name: en.deletion.doneTitle })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: en.nav.login })).toBeVisible();

  // Logging in within 14 days reactivates, with its own message.
  await page.getByRole("banner").getByRole("link", { name: en.nav.login }).click();
  await page.getByLabel(en.login.email).fill(newEmail);
  await page.getByLabel(en.login.password).fill("second password");
  await page.getByRole("button", { name: en.login.submit }).click();
  await expect(page.getByRole("status")).toHaveText(en.deletion.reactivated);
});

test("on a phone, a completed signup lands with the activation reminder as a dialog that closes without script", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148",
    viewport: { width: 360, height: 740 },
    javaScriptEnabled: testInfo.project.name !== "no-js",
  });
  const page = await context.newPage();
  const email = `phone-${testInfo.project.name}-${Date.now()}@example.com`;
  await signUp(page, email, "phone password");
  await page.getByRole("link", { name: en.completeSignup.seeMatches }).click();
  await page.getByRole("link", { name: en.signupMatches.more }).click();
  await expect(page).toHaveURL(/\/members\?api_signup_complete=1$/);
  const dialog = page.getByRole("dialog", { name: en.activation.reminderTitle });
  await expect(dialog).toContainText(fill(en.activation.reminder, { email }));
  await dialog.getByRole("link", { name: en.activation.close }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await context.close();
});

test("a used activation link fails with 'Activation failed'", async ({ page }, testInfo) => {
  const email = `once-${testInfo.project.name}-${Date.now()}@example.com`;
  await signUp(page, email, "first password");
  await followMailedLink(page, email, "/activate/done");
  await expect(page.getByRole("heading", { name: en.activation.doneTitle })).toBeVisible();
  await followMailedLink(page, email, "/activate/done");
  await expect(page.getByRole("heading", { name: en.activation.failed })).toBeVisible();
});

test("an address with an account already is refused at the field, keeping what was typed", async ({ page }) => {
  await signUp(page, `dup-${Date.now()}-${Math.random()}@example.com`, "first password").catch(() => undefined);
  await page.context().clearCookies();
  await page.goto("/signup");
  await skipEntryWarning(page);
  await page.getByLabel(en.signup.genders.male, { exact: true }).check();
  await page.getByLabel(en.signup.seekingOptions.female, { exact: true }).check();
  await page.getByRole("button", { name: en.signup.next }).click();
  await page.getByLabel(en.signup.dateOfBirth).fill("1990-01-01");
  await page.getByRole("button", { name: en.signup.next }).click();
  await page.getByLabel(en.signup.country).selectOption("GB");
  await page.getByRole("button", { name: en.signup.next }).click();
  await page.getByLabel(en.signup.name).fill("Sam");
  await page.getByRole("button", { name: en.signup.next }).click();
  await page.getByLabel(en.signup.email).fill("free@example.com");
  await page.getByLabel(en.signup.password, { exact: true }).fill("first password");
  await page.getByLabel(say("en", "signup.termsConsent", { count: 18 }), { exact: false }).check();
  await page.getByRole("button", { name: en.signup.create }).click();
  await expect(page.getByText(en.signup.emailTaken)).toBeVisible();
  await expect(page.getByLabel(en.signup.email)).toHaveValue("free@example.com");
});

test("the signup modal does not close on Escape or the backdrop once a signup is under way", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "without JavaScript the modal is the /signup page");
  await page.goto("/login");
  await skipEntryWarning(page);
  await page.getByRole("link", { name: en.login.signup }).click();
  const modal = page.getByRole("dialog", { name: en.signup.title });
  await expect(modal).toBeVisible();
  await modal.getByLabel(en.signup.genders.male, { exact: true }).check();
  await modal.getByLabel(en.signup.seekingOptions.female, { exact: true }).check();
  await modal.getByRole("button", { name: en.signup.next }).click();
  await expect(modal.getByLabel(en.signup.dateOfBirth)).toBeVisible();
  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: en.signup.close }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);
});

test("a reset link that is used up says the spec's text and leads to a new mail", async ({ page }) => {
  await page.goto("/reset-password/do?token=used-up-or-made-up");
  await skipEntryWarning(page);
  await page.getByLabel(en.reset.newPassword, { exact: true }).fill("a fresh password");
  await page.getByLabel(en.reset.confirmPassword).fill("a fresh password");
  await page.getByRole("button", { name: en.reset.save }).click();
  // docs/product.md §8.2, word for word.
  const alert = page.getByRole("alert");
  await expect(alert.getByText("Link expired or invalid, request a new email", { exact: true })).toBeVisible();
  await alert.getByRole("link", { name: en.reset.requestNewMail }).click();
  await expect(page.getByRole("heading", { name: en.reset.title })).toBeVisible();
});
