import { expect, test } from "vitest";
import { landerOfPath, looksLikeCrawler } from "./landers";

test("a lander's name and slug come from its path", () => {
  expect(landerOfPath("/landers/tinderswipe")).toEqual({ lander: "tinderswipe" });
  expect(landerOfPath("/landers/video/milf-de")).toEqual({ lander: "video", slug: "milf-de" });
  expect(landerOfPath("/landers/gallery/")).toEqual({ lander: "gallery" });
  expect(landerOfPath("/members/12/landing")).toEqual({ lander: "landing" });
  expect(landerOfPath("/members/12/landing2/bbw-en")).toEqual({ lander: "landing2", slug: "bbw-en" });
  expect(landerOfPath("/members/12/landing3")).toEqual({ lander: "landing3" });
});

test("what is not a lander, or not a slug, is not taken", () => {
  expect(landerOfPath("/landers/nosuch")).toBeNull();
  expect(landerOfPath("/landers/video/a/b")).toBeNull();
  expect(landerOfPath("/members/12")).toBeNull();
  expect(landerOfPath("/members/x/landing")).toBeNull();
  expect(landerOfPath("/members/12/landing/milf-de")).toBeNull();
  expect(landerOfPath("/members/12/landing2.data")).toBeNull();
  expect(landerOfPath("/landers/video/Milf_DE")).toEqual({ lander: "video" });
  expect(landerOfPath(`/landers/video/${"a".repeat(41)}`)).toEqual({ lander: "video" });
});

test("crawlers and link previews are told from browsers by their user agent", () => {
  expect(looksLikeCrawler("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
  expect(looksLikeCrawler("facebookexternalhit/1.1")).toBe(true);
  expect(looksLikeCrawler("Mozilla/5.0 (compatible; bingbot/2.0)")).toBe(true);
  expect(looksLikeCrawler("curl/8.5.0")).toBe(true);
  expect(looksLikeCrawler(null)).toBe(true);
  expect(
    looksLikeCrawler(
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
    ),
  ).toBe(false);
  expect(
    looksLikeCrawler(
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
    ),
  ).toBe(false);
});
