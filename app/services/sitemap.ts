import type { Locale } from "../../contract/locales";
import { nicheLanderNames } from "../../contract/niche-landers";
import type { Settings } from "../../contract/settings";

/** The legal and help pages of docs/product.md §2.17, each public in every language. */
const legalPages = ["terms", "privacy", "cookies", "faq", "return-policy", "service", "ban", "2257"];

/**
 * The public pages a site's sitemap lists (docs/product.md §2.21): the home page, the legal and help pages, prices,
 * complaints, the tinder-swipe lander and the niche landers (§2.25, without a slug: each slug names the same page in
 * one language), search and signup where the site lets visitors use them, and the pages about members it lets search
 * engines index (their profile and their landing).
 */
export function sitemapPaths(settings: Pick<Settings, "logged_out_search" | "signups">, memberIds: number[]): string[] {
  return [
    "/",
    ...(settings.logged_out_search ? ["/members"] : []),
    ...(settings.signups === "all" ? ["/signup"] : []),
    "/premium",
    "/pricing",
    "/complaints",
    "/landers/tinderswipe",
    ...nicheLanderNames.map((name) => `/landers/${name}`),
    ...legalPages.map((page) => `/pages/${page}`),
    ...memberIds.flatMap((id) => [`/members/${id}`, `/members/${id}/landing`]),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/**
 * A sitemap with each page once and its language versions as hreflang alternates (`?lng=`, and `x-default` for the
 * address without one), as the pages' own alternate links name them.
 */
export function sitemapXml(origin: string, paths: string[], languages: readonly Locale[]): string {
  const urls = paths.map((path) => {
    const base = escapeXml(origin + path);
    const alternates = [
      ...languages.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${base}?lng=${l}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${base}"/>`,
    ];
    return `<url><loc>${base}</loc>${alternates.join("")}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * robots.txt: everything a crawler may read is allowed, so that it also reads the `noindex` of the pages that say it;
 * only what is never a page for it is closed (the API, files behind a login, forms that act).
 */
export function robotsTxt(origin: string): string {
  const closed = [
    "/api/",
    "/dev/",
    "/chat-photos/",
    "/photo-files/",
    "/notifications/export",
    "/report",
    "/moderation",
  ];
  return ["User-agent: *", ...closed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n",
  );
}
