import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { generate } from "otplib";
import { chromiumLaunchOptions } from "../../playwright.config";
import { freePort } from "../support/free-port";
import { expect, strings, test } from "./support/fixtures";
import { e2eStaffSecretKey } from "./support/staff-secret-key";

/*
 * Issue 33, the operator's first hour, in the browser: a site made from docs/examples/site.example.json on a fresh
 * data directory of its own, its first admin's set-up link, TOTP, the message price changed in the settings and seen
 * on the pricing page without a restart, a member suspended who is told why, and credits given back. The site's
 * domain is a name under .localhost: the browser reaches it on this machine and treats it as a secure context, as it
 * would https://dating.example, so the site's Secure cookies are kept. The example site speaks Dutch.
 */
const nl = strings.nl;
const repo = path.resolve(import.meta.dirname, "../..");

let server: ChildProcess | undefined;
let dir: string | undefined;
test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The site made from the example file, served by `npm start`; answers its address and the admin's set-up path. */
async function startOwnSite(domain: string) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "first-hour-"));
  const port = await freePort();
  const origin = `http://${domain}:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.join(dir, "data"),
    PORT: String(port),
    LOG_LEVEL: "warn",
    SITE_DOMAIN: domain,
    STAFF_SECRET_KEY: e2eStaffSecretKey,
    // The member's activation link is read from the outbox page (this machine only).
    OUTBOX_PAGE: "true",
  };
  delete env.SEED_DEMO;
  delete env.DATABASE_URL;
  const site = JSON.parse(fs.readFileSync(path.join(repo, "docs/examples/site.example.json"), "utf8"));
  Object.assign(site, { domain, other_domains: [], origin });
  const file = path.join(dir, "site.json");
  fs.writeFileSync(file, JSON.stringify(site, null, 2));
  const created = execSync(`npm run site -- create ${file} --admin boss@${domain}`, {
    cwd: repo,
    env,
    encoding: "utf8",
  });
  const setUpPath = new RegExp(`${origin.replaceAll(".", "\\.")}(/reset-password/do\\?token=\\S+)`).exec(created)?.[1];
  expect(setUpPath).toBeDefined();

  const log = fs.openSync(path.join(dir, "server.log"), "a");
  server = spawn("npm", ["start"], { cwd: repo, env, detached: true, stdio: ["ignore", log, log] });
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 120_000 },
    )
    .toBe(200);
  return { origin, setUpPath: setUpPath!, admin: `boss@${domain}` };
}

/** A call to the site's API from this machine, with the Host header of its domain (Node resolves no .localhost). */
function callSite(
  origin: string,
  method: string,
  pathname: string,
  body?: object,
): Promise<{ status: number; json: any }> {
  const { port, host } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method,
        headers: { host, "content-type": "application/json" },
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
      },
    );
    req.on("error", reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

/** A member who signed up on the site and followed the activation mail (through the API: the operator's journey). */
async function newMember(origin: string) {
  const member = { name: "Sanne", email: `sanne-${Date.now()}@example.com`, password: "member password" };
  const signup = await callSite(origin, "POST", "/api/signup.php", {
    gender: "female",
    seeking: "male",
    date_of_birth: "1990-04-05",
    country: "NL",
    language: "nl",
    ...member,
  });
  expect(signup.status).toBe(201);
  const outbox = await callSite(origin, "GET", "/api/dev-outbox.php");
  const link: string = outbox.json.messages.find((m: { to: string }) => m.to === member.email).links[0];
  const token = new URL(link).searchParams.get("token");
  expect((await callSite(origin, "POST", "/api/activate.php", { token })).status).toBe(200);
  return member;
}

const adminTab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: nl.admin.nav }).getByRole("link", { name }).click();

test("the operator's first hour: set-up link, TOTP, the message price, a suspension the member reads, credits given back", async ({
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(360_000);
  const { origin, setUpPath, admin } = await startOwnSite(`amora-${testInfo.project.name}.localhost`);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ baseURL: origin, javaScriptEnabled });
    await context.addCookies([{ name: "entry_warning_skipped", value: "1", url: origin }]);
    const page = await context.newPage();

    // The link the site command printed: the admin chooses a password, then logs in.
    await page.goto(setUpPath);
    await page.getByLabel(nl.reset.newPassword, { exact: true }).fill("operator password 1");
    await page.getByLabel(nl.reset.confirmPassword).fill("operator password 1");
    await page.getByRole("button", { name: nl.reset.save }).click();
    await expect(page.getByText(nl.reset.done)).toBeVisible();
    await page.getByLabel(nl.login.email).fill(admin);
    await page.getByLabel(nl.login.password).fill("operator password 1");
    await page.getByRole("button", { name: nl.login.submit }).click();

    // The account menu leads to the admin area, which first sets up the second factor.
    const menu = page.locator("details", { has: page.locator("summary", { hasText: nl.nav.account }) });
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: nl.nav.admin }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page.getByLabel(nl.admin.codeLabel).fill(await generate({ secret }));
    await page.getByRole("button", { name: nl.admin.confirm }).click();
    await expect(page.getByRole("heading", { name: nl.admin.recoveryTitle })).toBeVisible();
    await page.getByRole("link", { name: nl.admin.continue }).click();

    // The message price, changed in the settings, is on the pricing page at once.
    await adminTab(page, nl.admin.settings.title);
    await page
      .getByRole("navigation", { name: nl.admin.settings.groupsNav })
      .getByRole("link", { name: nl.admin.settings.groups.prices })
      .click();
    await page.getByLabel(nl.admin.settings.fields.prices__message_credits).fill("13");
    await page.getByRole("button", { name: nl.admin.settings.save }).click();
    await expect(page.getByText(nl.admin.settings.saved)).toBeVisible();
    const visitor = await browser.newContext({ baseURL: origin, javaScriptEnabled });
    await visitor.addCookies([{ name: "entry_warning_skipped", value: "1", url: origin }]);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/pricing");
    await expect(
      visitorPage
        .getByRole("row")
        .filter({ has: visitorPage.getByRole("rowheader", { name: nl.credits.actions.message }) }),
    ).toContainText("13");

    // A member is suspended with a reason, which they read when they try to log in.
    const member = await newMember(origin);
    const m = nl.admin.members;
    await adminTab(page, m.nav);
    await page.getByLabel(m.searchLabel).fill(member.email);
    await page.getByRole("button", { name: m.search, exact: true }).click();
    await page.getByRole("link", { name: member.name }).click();
    const until = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const suspend = page.getByRole("form", { name: m.actions.suspend });
    await suspend.getByLabel(m.untilLabel).fill(until);
    await suspend.getByLabel(m.reasonLabel).fill("Vroeg andere leden om geld");
    await suspend.getByRole("button", { name: m.actions.suspend }).click();
    await expect(page.getByRole("status")).toHaveText(m.done);
    await visitorPage.getByRole("banner").getByRole("link", { name: nl.nav.login }).click();
    await visitorPage.getByLabel(nl.login.email).fill(member.email);
    await visitorPage.getByLabel(nl.login.password).fill(member.password);
    await visitorPage.getByRole("button", { name: nl.login.submit }).click();
    await expect(visitorPage.getByRole("alert")).toContainText("Vroeg andere leden om geld");

    // Lifted after a word by mail, and credits given back through the ledger (a fresh second factor: just given).
    const lift = page.getByRole("form", { name: m.actions.lift });
    await lift.getByLabel(m.reasonLabel).fill("Misverstand, opgehelderd per mail");
    await lift.getByRole("button", { name: m.actions.lift }).click();
    await expect(page.getByRole("status")).toHaveText(m.done);
    const before = Number(await page.getByTestId("member-credits").textContent());
    const credits = page.getByRole("form", { name: m.actions.credits });
    await credits.getByLabel(m.amountLabel).fill("30");
    await credits.getByLabel(m.reasonLabel).fill("Excuses voor de opschorting");
    await credits.getByRole("button", { name: m.actions.credits }).click();
    await expect(page.getByRole("status")).toHaveText(m.creditsMoved);
    await expect(page.getByTestId("member-credits")).toHaveText(String(before + 30));

    // Every step is in the audit log.
    await adminTab(page, nl.admin.audit.title);
    const log = page.getByRole("table");
    for (const reason of [
      "Vroeg andere leden om geld",
      "Misverstand, opgehelderd per mail",
      "Excuses voor de opschorting",
    ])
      await expect(log).toContainText(reason);
    await expect(log).toContainText("settings.update");
  } finally {
    await browser.close();
  }
});
