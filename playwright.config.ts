import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);

// Debian's Chromium (Playwright cannot download browsers here), with the flags the machine needs.
const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--disable-quic", "--no-first-run",
    ],
  },
};

/** Every journey runs twice: with JavaScript, and without it (ARCHITECTURE "Progressive enhancement"). */
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
    // A fresh demo database for every run.
    command: "rm -rf data/e2e && node --import tsx server.ts",
    // Every journey signs up from the same address: the per-address limits are raised here (the API suite tests them).
    env: { DATA_DIR: "data/e2e", PORT: String(port), LOG_LEVEL: "warn", NODE_ENV: "production", OUTBOX_PAGE: "true", SIGNUPS_PER_HOUR: "1000", MAILS_PER_HOUR: "1000" },
    url: `http://localhost:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
  },
});
