import { createHash } from "node:crypto";
import { demo, entryWarningAlreadyConfirmed, expect, logInFromTopBar, strings, test } from "./support/fixtures";

const { en } = strings;

// The visitor page cache (docs/operations.md "Visitor page cache") on the real site: visitors' pages come from memory,
// without a nonce (their scripts allowed by hash), and never cross over to a member or back.

const withoutNonce = (html: string) => html.replace(/ nonce="[^"]+"/g, "");

test("a kept visitor's page is the fresh one byte for byte without its nonce, its scripts allowed by hash", async ({
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "HTTP only: the same with JavaScript off");
  // A country no other journey plays (the e2e server believes CF-IPCountry): the first answer is a fresh render.
  const headers = { cookie: "entry_warning_skipped=1", "cf-ipcountry": "QZ" };
  const fresh = await request.get("/members", { headers });
  expect(fresh.headers()["x-page-cache"]).toBe("miss");
  const kept = await request.get("/members", { headers });
  expect(kept.headers()["x-page-cache"]).toBe("hit");
  const [freshHtml, keptHtml] = [await fresh.text(), await kept.text()];
  expect(keptHtml).toBe(withoutNonce(freshHtml));
  expect(keptHtml).not.toContain("nonce");
  // The kept page's policy allows exactly the scripts the fresh page's nonce allowed, each by its SHA-256.
  const policy = kept.headers()["content-security-policy"] ?? "";
  expect(policy).not.toContain("'nonce-");
  const nonce = /'nonce-([^']+)'/.exec(fresh.headers()["content-security-policy"] ?? "")![1]!;
  const allowed = [...freshHtml.matchAll(/<script nonce="([^"]+)"[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => m[1] === nonce)
    .map((m) => `'sha256-${createHash("sha256").update(m[2]!).digest("base64")}'`);
  expect(allowed.length).toBeGreaterThan(0);
  expect(/script-src ([^;]*)/.exec(policy)![1]!.split(" ")).toEqual(["'strict-dynamic'", ...allowed]);
  // Cookies were sent: no shared cache may keep it.
  expect(kept.headers()["cache-control"]).toBeUndefined();
});

test("a visitor's cookieless page may be kept by a CDN; a member's never", async ({ request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "HTTP only: the same with JavaScript off");
  const visitor = await request.get("/pages/terms", { headers: { cookie: "" } });
  expect(visitor.headers()["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
  expect(visitor.headers().vary).toBe("Accept-Encoding, Cookie, CF-IPCountry");
  const session = await request.post("/api/user.php", { data: demo.free });
  expect(session.status()).toBe(200);
  const member = await request.get("/pages/terms");
  expect(member.headers()["cache-control"]).toBe("no-store");
  expect(member.headers()["x-page-cache"]).toBeUndefined();
});

test("after a visitor's kept page a member gets their own, and after the member a visitor gets a visitor's", async ({
  page,
  context,
}) => {
  await entryWarningAlreadyConfirmed(context);
  await page.goto("/members");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: en.nav.login })).toBeVisible();
  await logInFromTopBar(page, demo.free);
  await expect(banner.getByRole("link", { name: en.nav.login })).toHaveCount(0);
  await expect(page.locator("summary", { hasText: en.nav.account })).toBeVisible();
  await page.getByRole("navigation", { name: en.nav.main }).getByRole("link", { name: en.nav.searchMembers }).click();
  await expect(page.locator("summary", { hasText: en.nav.account })).toBeVisible();
  await page.locator("summary", { hasText: en.nav.account }).click();
  await page.getByRole("button", { name: en.nav.logout }).click();
  await expect(banner.getByRole("link", { name: en.nav.login })).toBeVisible();
  await expect(page.locator("summary", { hasText: en.nav.account })).toHaveCount(0);
});
