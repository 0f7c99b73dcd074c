import { expect, test } from "vitest";
import { robotsTxt, sitemapPaths, sitemapXml } from "./sitemap";

test("the sitemap lists search and signup only where visitors may use them, and members only when given", () => {
  const open = sitemapPaths({ logged_out_search: true, signups: "all" }, [7]);
  expect(open).toEqual(expect.arrayContaining(["/", "/members", "/signup", "/pages/terms", "/pages/faq"]));
  expect(open.slice(-2)).toEqual(["/members/7", "/members/7/landing"]);
  // docs/product.md §2.25: every niche lander, once, without a slug.
  expect(open).toEqual(expect.arrayContaining(["/landers/tinderswipe", "/landers/gallery", "/landers/maplanding"]));
  expect(open.filter((path) => path.startsWith("/landers/"))).toHaveLength(9);
  const closed = sitemapPaths({ logged_out_search: false, signups: "invite" }, []);
  expect(closed).not.toContain("/members");
  expect(closed).not.toContain("/signup");
  expect(closed.some((path) => path.startsWith("/members/"))).toBe(false);
});

test("each page is listed once with an hreflang alternate per language and x-default", () => {
  const xml = sitemapXml("https://heartline.example", ["/pages/terms"], ["en", "de"]);
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  expect(xml).toContain(
    "<url><loc>https://heartline.example/pages/terms</loc>" +
      '<xhtml:link rel="alternate" hreflang="en" href="https://heartline.example/pages/terms?lng=en"/>' +
      '<xhtml:link rel="alternate" hreflang="de" href="https://heartline.example/pages/terms?lng=de"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://heartline.example/pages/terms"/></url>',
  );
});

test("robots.txt closes the API and names the sitemap, and leaves pages open so their noindex is read", () => {
  const robots = robotsTxt("https://heartline.example");
  expect(robots).toContain("User-agent: *\n");
  expect(robots).toContain("Disallow: /api/\n");
  expect(robots).not.toMatch(/Disallow: \/members/);
  expect(robots).toContain("Sitemap: https://heartline.example/sitemap.xml\n");
});
