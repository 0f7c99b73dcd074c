import fs from "node:fs";
import { defineConfig } from "@playwright/test";
import { e2eDataDir } from "./tests/e2e/support/e2e-data";
import { e2eStaffSecretKey } from "./tests/e2e/support/staff-secret-key";
import { memoryFolder } from "./tests/support/memory-folder";

const port = Number(process.env.E2E_PORT ?? 3100);
// The servers some journeys start of their own keep their data folders in the system's temporary folder: in memory
// too when there is room (tests/support/memory-folder.ts).
if (memoryFolder) process.env.TMPDIR = memoryFolder;

/**
 * Debian's headless shell when installed (`.ci/run` installs it): Chromium's old headless mode, which Playwright
 * itself runs headless tests in, and which the journeys took half the time in; else Debian's Chromium, whose wrapper
 * adds the desktop's flags (GPU rasterization among them).
 */
const headlessShell = "/usr/bin/chromium-headless-shell";

// Debian's Chromium (Playwright cannot download browsers here), with the flags the machine needs.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium"),
  args: chromiumArgs(),
};

/** The whole browser: for the journeys of what the headless shell lacks (push, the app install), Lighthouse, the bench. */
export const fullChromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: chromiumArgs(),
};

function chromiumArgs() {
  return [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ];
}

const chromium = {
  browserName: "chromium" as const,
  launchOptions: chromiumLaunchOptions,
};

/** Every journey runs twice: with JavaScript, and without it (docs/architecture.md "Progressive enhancement"). */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "line" : "list",
  timeout: 60_000,
  use: { baseURL: `http://localhost:${port}`, trace: "retain-on-failure" },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    // The README's start command, on a fresh demo database for every run: production, as a member gets it.
    command: `rm -rf ${e2eDataDir} && npm start`,
    // Every journey signs up from the same address: the per-address limits are raised here (the API suite tests
    // them). The journeys read mailed links from the outbox page, which is opt-in.
    // The entry-warning journeys play visitors from the Netherlands and Germany, as Cloudflare would tell them.
    env: {
      DATA_DIR: e2eDataDir,
      PORT: String(port),
      LOG_LEVEL: "warn",
      OUTBOX_PAGE: "true",
      TRUST_CF_HEADERS: "true",
      SIGNUPS_PER_HOUR: "1000",
      MAILS_PER_HOUR: "1000",
      LOGIN_RATE_PER_IP: "1000",
      // Notification mails are looked for every 2 s instead of 30, so a journey can read them.
      NOTIFY_EVERY_SECONDS: "2",
      // Pushes go to a fake push service on 127.0.0.1, which the push journey starts.
      PUSH_ALLOW_HTTP_ENDPOINTS: "true",
      // The mail provider's webhook, which a journey plays (not a secret: this server lives for one test run).
      MAIL_EVENTS_TOKEN: "e2e-mail-events-token-0123456789",
      // The key of the staff's TOTP secrets, which production needs (not a secret: this server lives for one run).
      STAFF_SECRET_KEY: e2eStaffSecretKey,
      // The API's reference page, off by default in production, which a journey opens.
      API_DOCS: "true",
    },
    url: `http://localhost:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
  },
});
