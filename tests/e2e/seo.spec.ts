import { expect, test } from "./support/fixtures";

// Search engines and link previews (docs/product.md §2.21). The demo site offers all eleven languages, lets visitors
// search, and keeps pages about members out of search engines (index_member_pages off).
const languages = ["en", "nl", "de", "it", "fr", "es", "pl", "da", "fi", "no", "sv"];

test.describe("for crawlers", () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook wants from this pattern.
  test.beforeEach(({}, testInfo) => {
    test.skip(
      testInfo.project.name !== "js",
      "robots.txt and the sitemap are the same answer whether a page runs scripts",
    );
  });

  test("robots.txt closes the API only and names the sitemap", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toContain("text/plain");
    const text = await robots.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("the sitemap lists the public pages, each with an hreflang alternate per language and x-default", async ({
    request,
    baseURL,
  }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map((m) => ({ loc: m[1]!, links: m[2]! }));
    const locs = urls.map((u) => u.loc);
    for (const path of ["/", "/members", "/signup", "/pricing", "/pages/terms", "/pages/privacy", "/pages/faq"])
      expect(locs).toContain(`${baseURL}${path}`);
    // Pages about one member stay out while the site does not choose otherwise, and so do member-only pages.
    expect(locs.filter((loc) => /\/members\/\d+/.test(loc))).toEqual([]);
    expect(locs.filter((loc) => /\/(likes|chats|credits|profile)\b/.test(loc))).toEqual([]);
    const terms = urls.find((u) => u.loc === `${baseURL}/pages/terms`)!;
    const hreflangs = [...terms.links.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)];
    expect(hreflangs.map((m) => m[1])).toEqual([...languages, "x-default"]);
    expect(hreflangs[2]![2]).toBe(`${baseURL}/pages/terms?lng=de`);
    // Every address the sitemap names answers a page.
    expect((await request.get(hreflangs[2]![2]!)).status()).toBe(200);
  });

  test("the share image is a 1200 × 630 picture", async ({ request }) => {
    const image = await request.get("/app-icons/share");
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    const png = await image.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

test("a public page names its canonical address, a share card with an image and the company as JSON-LD", async ({
  page,
  baseURL,
}) => {
  await page.goto("/pages/faq?lng=de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const head = page.locator("head");
  await expect(head.locator("link[rel=canonical]")).toHaveAttribute("href", `${baseURL}/pages/faq?lng=de`);
  await expect(head.locator("link[rel=alternate][hreflang]")).toHaveCount(12);
  await expect(head.locator("meta[name=robots]")).toHaveCount(0);
  await expect(head.locator("meta[property='og:url']")).toHaveAttribute("content", `${baseURL}/pages/faq?lng=de`);
  await expect(head.locator("meta[property='og:locale']")).toHaveAttribute("content", "de_DE");
  await expect(head.locator("meta[property='og:title']")).toHaveAttribute("content", /\| Heartline$/);
  await expect(head.locator("meta[property='og:image']")).toHaveAttribute("content", `${baseURL}/app-icons/share`);
  await expect(head.locator("meta[name='twitter:card']")).toHaveAttribute("content", "summary_large_image");
  await expect(head.locator("meta[name='twitter:image:alt']")).toHaveAttribute("content", /Heartline/);

  const ld = JSON.parse((await head.locator("script[type='application/ld+json']").textContent())!);
  const [organization, website] = ld["@graph"];
  expect(organization).toMatchObject({
    "@type": "Organization",
    name: "Heartline Media B.V.",
    address: { "@type": "PostalAddress", addressLocality: "Amsterdam", addressCountry: "NL" },
  });
  expect(website).toMatchObject({ "@type": "WebSite", name: "Heartline", url: `${baseURL}/`, inLanguage: languages });
});

test("a member's profile says noindex and shares the member's photo", async ({ page, baseURL }) => {
  await page.goto("/members");
  const card = page
    .locator("main .profile-card")
    .filter({ has: page.locator("img") })
    .first();
  const href = (await card.locator("a").first().getAttribute("href"))!;
  // As a crawler or a link preview fetches it: the whole document at its address.
  await page.goto(href);
  const head = page.locator("head");
  await expect(head.locator("meta[name=robots]")).toHaveAttribute("content", "noindex");
  await expect(head.locator("link[rel=alternate][hreflang]")).toHaveCount(0);
  await expect(head.locator("script[type='application/ld+json']")).toHaveCount(0);
  await expect(head.locator("meta[property='og:type']")).toHaveAttribute("content", "profile");
  await expect(head.locator("meta[property='og:image']")).toHaveAttribute(
    "content",
    new RegExp(`^${baseURL}/uploads/photos/`),
  );
});

test("member-only pages say noindex", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("head meta[name=robots]")).toHaveAttribute("content", "noindex");
});
