import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { generate } from "otplib";
import { fullChromiumLaunchOptions } from "../../playwright.config";
import { freePort } from "../support/free-port";
import { fakePushManager } from "./support/fake-push-manager";
import {
  demo,
  entryWarningAlreadyConfirmed,
  fill,
  openAccountMenu,
  strings,
  timeBonusPopupAlreadyClosed,
} from "./support/fixtures";
import { e2eStaffSecretKey } from "./support/staff-secret-key";

const { en } = strings;

const repo = path.resolve(import.meta.dirname, "../..");

// docs/product.md §7.3: a web tier whose API (API_URL) stops answering keeps every form with what was typed and
// says "try again" at the form, instead of the 503 page. Both processes are this project's build, started here:
// the API on a fresh demo database, the web tier pointing to it; the test stops the API half way.

/** A console error is a failure here too, except the 503s this test provokes (the posts, the chat's event stream). */
const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !/status of (4\d\d|503)|EventSource|events/.test(message.text()))
          errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

// Push and the service worker need the whole browser: the headless shell the other journeys run in has no push.
test.use({ launchOptions: fullChromiumLaunchOptions });

/** Starts the built server (build/node/server.js, as `npm start` runs it) and waits for /healthz. */
async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["build/node/server.js"], {
    cwd: repo,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "error", PORT: String(port), ...env },
    detached: true,
    stdio: "ignore",
  });
  for (let waited = 0; waited < 150_000; waited += 500) {
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server on port ${port} did not start`);
}

const stop = (child: ChildProcess | undefined) => {
  try {
    if (child?.pid) process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already stopped.
  }
};

let api: ChildProcess | undefined;
let web: ChildProcess | undefined;
let dir = "";
test.afterAll(() => {
  stop(web);
  stop(api);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function visitor(context: BrowserContext) {
  await entryWarningAlreadyConfirmed(context);
  await timeBonusPopupAlreadyClosed(context);
}

/** The message at the form after the post, which must not be the error page. */
async function expectTryAgain(page: Page, scope = page.getByRole("main")) {
  await expect(scope.getByText(en.errors.apiUnavailable)).toBeVisible();
  await expect(page.getByText(en.errors.unavailable)).toHaveCount(0);
}

/** Logs `page` in through the login form it is on. */
async function logInHere(page: Page, member: { email: string; password: string }) {
  await page.getByLabel(en.login.email).fill(member.email);
  await page.getByLabel(en.login.password).fill(member.password);
  await page.getByRole("button", { name: en.login.submit }).click();
}

test("with the API stopped, every kind of form keeps what was typed and says try again; a button says it as a flash", async ({
  browser,
  context,
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(480_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "api-outage-"));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const limits = { LOGIN_RATE_PER_IP: "1000", SIGNUPS_PER_HOUR: "1000", MAILS_PER_HOUR: "1000" };
  api = await startServer({ DATA_DIR: path.join(dir, "api"), STAFF_SECRET_KEY: e2eStaffSecretKey, ...limits }, apiPort);
  web = await startServer(
    { DATA_DIR: path.join(dir, "web"), API_URL: `http://127.0.0.1:${apiPort}/api`, API_RETRY_BASE_MS: "20" },
    webPort,
  );
  const site = `http://localhost:${webPort}`;

  // While the API answers: a member logs in.
  await visitor(context);
  if (javaScriptEnabled) {
    // The push switch needs a browser push service: a stand-in subscription, as tests/e2e/installable-app.spec.ts.
    await context.grantPermissions(["notifications"]);
    await context.addInitScript(fakePushManager, {
      endpoint: "https://push.example/outage",
      // Of the lengths contract/notifications.ts asks, so that the post reaches the API.
      keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
    });
  }
  await page.goto(`${site}/login`);
  await logInHere(page, demo.premium);
  await expect(page).toHaveURL(/\/members/);

  // The same member reports a profile (for the moderator's decision below) and stays on that profile (like).
  const profileLink = new RegExp(`^${fill(en.profile.open, { name: ".+" })}$`);
  const profile = await context.newPage();
  await profile.goto(`${site}/members`);
  await profile.getByRole("link", { name: profileLink }).first().click();
  await profile.getByRole("link", { name: en.report.profile }).click();
  await profile.getByRole("radio", { name: en.report.reasons.other }).check();
  await profile.getByLabel(en.report.details).fill("Asks everyone for money");
  await profile.getByRole("button", { name: en.report.send }).click();
  const reference = /R-\d+/.exec((await profile.getByRole("status").textContent()) ?? "")?.[0];
  expect(reference).toBeTruthy();
  await expect(profile.getByRole("button", { name: en.profile.like, exact: true })).toBeVisible();

  // The moderator opens the queue with the report.
  const moderatorContext = await browser.newContext({ javaScriptEnabled });
  await visitor(moderatorContext);
  const moderator = await moderatorContext.newPage();
  await moderator.goto(`${site}/login`);
  await logInHere(moderator, demo.moderator);
  await openAccountMenu(moderator, en.nav.moderation);
  const reportCard = moderator.getByRole("article", { name: new RegExp(reference ?? "none") });
  await expect(reportCard).toContainText("Asks everyone for money");

  // An admin (the demo's free member, given the role in the API's database as tests/e2e/admin-settings.spec.ts does)
  // sets TOTP up and opens the prices.
  const apiDatabase = new Database(path.join(dir, "api", "app.db"));
  try {
    apiDatabase.prepare("update users set role = 'admin' where email = ?").run(demo.free.email);
  } finally {
    apiDatabase.close();
  }
  const adminContext = await browser.newContext({ javaScriptEnabled });
  await visitor(adminContext);
  const admin = await adminContext.newPage();
  await admin.goto(`${site}/admin`);
  await logInHere(admin, demo.free);
  const secret = (await admin.getByTestId("totp-secret").textContent())?.trim() ?? "";
  await admin.getByLabel(en.admin.codeLabel).fill(await generate({ secret }));
  await admin.getByRole("button", { name: en.admin.confirm }).click();
  await admin.getByRole("link", { name: en.admin.continue }).click();
  await admin
    .getByRole("navigation", { name: en.admin.nav })
    .getByRole("link", { name: en.admin.settings.title })
    .click();
  await admin
    .getByRole("navigation", { name: en.admin.settings.groupsNav })
    .getByRole("link", { name: en.admin.settings.groups.prices })
    .click();
  const messagePrice = admin.getByLabel(en.admin.settings.fields.prices__message_credits);
  await expect(messagePrice).toBeVisible();

  // Last, as the answers kept for an outage last minutes: the member opens the start of a conversation and the
  // settings; a visitor the login and password-reset forms.
  const chat = await context.newPage();
  await chat.goto(page.url());
  await chat.getByRole("link", { name: profileLink }).first().click();
  await chat.getByRole("link", { name: en.profile.message }).click();
  await chat.getByRole("link", { name: en.chat.icebreaker.close }).click();
  await expect(chat.getByLabel(en.chat.writeLabel)).toBeVisible();
  await page.locator("summary", { hasText: en.nav.account }).click();
  await page.getByRole("link", { name: en.nav.settings }).click();
  await expect(page.getByLabel(en.notifications.timeZone)).toBeVisible();
  // The push switch of the settings, with scripts: off on this device.
  const pushSwitch = page.locator("[data-push-state]");
  if (javaScriptEnabled)
    await expect(pushSwitch.getByRole("button", { name: en.notifications.push.turnOn })).toBeVisible();

  const visitorContext = await browser.newContext({ javaScriptEnabled });
  await visitor(visitorContext);
  const login = await visitorContext.newPage();
  await login.goto(`${site}/login`);
  const reset = await visitorContext.newPage();
  await reset.goto(`${site}/login`);
  await reset.getByRole("link", { name: en.login.forgot }).click();

  stop(api);

  // The admin's settings form keeps the new price.
  await messagePrice.fill("7");
  await admin.getByRole("button", { name: en.admin.settings.save, exact: true }).click();
  await expectTryAgain(admin);
  await expect(messagePrice).toHaveValue("7");

  // The moderator's decision: the card keeps the decision and the note, with the message.
  await reportCard.getByLabel(en.moderation.decision).selectOption("dismiss");
  await reportCard.getByLabel(en.moderation.explanation).fill("Nothing against the rules");
  await reportCard.getByRole("button", { name: en.moderation.decide }).click();
  await expectTryAgain(moderator, reportCard);
  await expect(reportCard.getByLabel(en.moderation.decision)).toHaveValue("dismiss");
  await expect(reportCard.getByLabel(en.moderation.explanation)).toHaveValue("Nothing against the rules");

  // A like on a profile: a button, so a flash on the same profile.
  await profile.getByRole("button", { name: en.profile.like, exact: true }).click();
  await expect(profile.getByRole("status").filter({ hasText: en.errors.apiUnavailable })).toBeVisible();
  await expect(profile.getByRole("button", { name: en.profile.like, exact: true })).toBeVisible();

  // Login: the e-mail address stays, the password does not.
  await login.getByLabel(en.login.email).fill(demo.free.email);
  await login.getByLabel(en.login.password).fill(demo.free.password);
  await login.getByRole("button", { name: en.login.submit }).click();
  await expectTryAgain(login);
  await expect(login.getByLabel(en.login.email)).toHaveValue(demo.free.email);
  // The server never sends a password back; with JavaScript the page is not replaced, so the box keeps its own.
  if (!javaScriptEnabled) await expect(login.getByLabel(en.login.password)).toHaveValue("");

  // Password reset.
  await reset.getByLabel(en.login.email).fill("someone@example.com");
  await reset.getByRole("button", { name: en.reset.send }).click();
  await expectTryAgain(reset);
  await expect(reset.getByLabel(en.login.email)).toHaveValue("someone@example.com");

  // Chat send: the message stays in the box.
  await chat.getByLabel(en.chat.writeLabel).fill("Are you there, even now?");
  await chat.getByRole("button", { name: en.chat.send, exact: true }).click();
  await expectTryAgain(chat, chat.locator("body"));
  await expect(chat.getByLabel(en.chat.writeLabel)).toHaveValue("Are you there, even now?");

  // The time zone, with the other notification choices.
  await page.getByLabel(en.notifications.timeZone).selectOption("Pacific/Auckland");
  await page.getByRole("button", { name: en.notifications.save }).click();
  await expectTryAgain(page);
  await expect(page.getByLabel(en.notifications.timeZone)).toHaveValue("Pacific/Auckland");

  // The e-mail change: the new address stays, the password does not.
  const emailForm = page.getByRole("region", { name: en.settings.emailTitle });
  await emailForm.getByLabel(en.settings.newEmail).fill("lucas-new@example.com");
  await emailForm.getByLabel(en.login.password).fill(demo.premium.password);
  await emailForm.getByRole("button", { name: en.settings.saveEmail }).click();
  await expectTryAgain(page, emailForm);
  await expect(emailForm.getByLabel(en.settings.newEmail)).toHaveValue("lucas-new@example.com");
  if (!javaScriptEnabled) await expect(emailForm.getByLabel(en.login.password)).toHaveValue("");

  // A form that is only a button goes back to its page with the message as a flash.
  await page.getByRole("button", { name: en.settings.invisibleTurnOn }).click();
  await expect(page.getByRole("status").filter({ hasText: en.errors.apiUnavailable })).toBeVisible();
  await expect(page.getByLabel(en.notifications.timeZone)).toBeVisible();

  // The push switch is a fetch: it fails softly, saying so beside the switch.
  if (javaScriptEnabled) {
    await pushSwitch.getByRole("button", { name: en.notifications.push.turnOn }).click();
    await expect(pushSwitch.getByText(en.errors.apiUnavailable)).toBeVisible();
  }

  // The language menu: the member's language cannot be stored, so the page stays as it was and says so.
  await page.locator("summary", { hasText: en.language.choose }).click();
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByRole("status").filter({ hasText: en.errors.apiUnavailable })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByLabel(en.notifications.timeZone)).toBeVisible();

  // Logout: only the API can end the session, so the member stays logged in on the same page, told to try again.
  await page.locator("summary", { hasText: en.nav.account }).click();
  await page.getByRole("button", { name: en.nav.logout }).click();
  await expect(page.getByRole("status").filter({ hasText: en.errors.apiUnavailable })).toBeVisible();
  await expect(page.getByLabel(en.notifications.timeZone)).toBeVisible();

  await Promise.all([visitorContext.close(), moderatorContext.close(), adminContext.close()]);
});
