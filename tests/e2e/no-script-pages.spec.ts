import { expect, test } from "./support/fixtures";

// Pages for crawlers and scriptless phones load no JavaScript at all; member screens hydrate.
for (const path of ["/", "/pages/terms", "/pages/faq", "/no/such/page", "/lang-config"]) {
  test(`${path} is complete HTML without any script`, async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // JSON-LD is data, not a script: the browser runs nothing of it.
    expect(await page.locator("script:not([type='application/json'], [type='application/ld+json'])").count()).toBe(0);
    expect(scripts).toEqual([]);
  });
}

test("public pages name their canonical URL and every language's alternate", async ({ page }) => {
  await page.goto("/pages/privacy?lng=fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/pages\/privacy\?lng=fr$/);
  await expect(page.locator("link[rel=alternate][hreflang]")).toHaveCount(12);
  await expect(page.locator("meta[name=description]")).toHaveAttribute("content", /.+/);
});
