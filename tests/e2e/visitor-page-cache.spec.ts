import { demo, entryWarningAlreadyConfirmed, expect, logInFromTopBar, strings, test } from "./support/fixtures";

const { en } = strings;

// The visitor page cache (docs/operations.md "Visitor page cache") on the real site: visitors' pages come from memory,
// each page with scripts with its own nonce, a page without scripts with none, and never cross over to a member or back.

const withoutNonce = (html: string) => html.replace(/ nonce="[^"]+"/g, "");

test("a kept visitor's page is the fresh one byte for byte, with each answer's own nonce", async ({
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
  expect(withoutNonce(keptHtml)).toBe(withoutNonce(freshHtml));
  // Every script of the kept page carries the nonce its own Content-Security-Policy names, not the first answer's.
  const policyNonce = /'nonce-([^']+)'/.exec(kept.headers()["content-security-policy"] ?? "")?.[1];
  const nonces = new Set([...keptHtml.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
  expect(nonces).toEqual(new Set([policyNonce]));
  expect(freshHtml).not.toContain(policyNonce);
  // Cookies were sent: no shared cache may keep it.
  expect(kept.headers()["cache-control"]).toBeUndefined();
  // A page without scripts is kept without a nonce, and its policy names none.
  await request.get("/pages/terms", { headers });
  const terms = await request.get("/pages/terms", { headers });
  expect(terms.headers()["x-page-cache"]).toBe("hit");
  expect(await terms.text()).not.toContain("nonce");
  expect(terms.headers()["content-security-policy"]).not.toContain("'nonce-");
});

test("a kept page's scripts run under its nonce: the page hydrates, and the policy refuses none", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the page's scripts");
  await entryWarningAlreadyConfirmed(context);
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  // Asked for once with this browser's cookies, so that the page it opens is a kept one.
  await page.request.get("/members");
  expect((await page.goto("/members"))?.headers()["x-page-cache"]).toBe("hit");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.waitForLoadState("networkidle");
  expect(refused).toEqual([]);
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
