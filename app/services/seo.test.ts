import type { MetaDescriptor } from "react-router";
import { expect, test } from "vitest";
import type { RootData } from "~/root";
import { pageMeta } from "./seo";
import { shareCard } from "./share-card.server";
import { structuredDataMeta } from "./structured-data";

const root = {
  locale: "de",
  origin: "https://heartline.example",
  languages: ["de", "en"],
  siteLanguages: ["en", "de", "fr"],
  member: null,
  site: {
    name: "Heartline",
    description: "Dating in eleven languages",
    supportEmail: "help@heartline.example",
    supportPhone: "+31 20-123 45 67",
    indexMemberPages: false,
  },
  // As app/services/share-card.server.ts makes it.
  shareCard: shareCard(
    "https://heartline.example",
    "de",
    ["en", "de", "fr"],
    "Heartline",
    "Heartline: a white heart on purple",
  ),
  company: {
    name: "Heartline B.V.",
    address: "Keizersgracht 1",
    city: "Amsterdam",
    country: "NL",
    kvk: "12345678",
    vatNumbers: ["NL001234567B01"],
  },
} as unknown as RootData;

const args = (path: string, data: RootData = root) => {
  const url = new URL(path, "https://heartline.example");
  return { location: { pathname: url.pathname, search: url.search }, matches: [{ id: "root", loaderData: data }] };
};
const find = (meta: MetaDescriptor[], key: string, value: string) =>
  meta.filter((m) => (m as Record<string, unknown>)[key] === value);
const content = (meta: MetaDescriptor[], key: string, value: string) =>
  (find(meta, key, value)[0] as { content?: string } | undefined)?.content;

test("a public page: canonical, an hreflang alternate per language the site offers, x-default, no robots tag", () => {
  const meta = pageMeta(args("/pages/terms?lng=fr"), { title: "Terms" });
  expect(find(meta, "rel", "canonical")).toEqual([
    { tagName: "link", rel: "canonical", href: "https://heartline.example/pages/terms?lng=fr" },
  ]);
  // The site's languages, not only the visitor's country's (a crawler's country must not change them).
  expect(find(meta, "rel", "alternate").map((m) => (m as { hrefLang: string }).hrefLang)).toEqual([
    "en",
    "de",
    "fr",
    "x-default",
  ]);
  expect(find(meta, "name", "robots")).toEqual([]);
});

test("Open Graph and Twitter cards name the page, its address and the share image", () => {
  const meta = pageMeta(args("/pages/terms"), { title: "Terms", description: "The rules" });
  expect(content(meta, "property", "og:title")).toBe("Terms | Heartline");
  expect(content(meta, "property", "og:description")).toBe("The rules");
  expect(content(meta, "property", "og:url")).toBe("https://heartline.example/pages/terms");
  expect(content(meta, "property", "og:site_name")).toBe("Heartline");
  expect(content(meta, "property", "og:locale")).toBe("de_DE");
  expect(find(meta, "property", "og:locale:alternate").map((m) => (m as { content: string }).content)).toEqual([
    "en_GB",
    "fr_FR",
  ]);
  expect(content(meta, "property", "og:image")).toBe("https://heartline.example/app-icons/share");
  expect(content(meta, "property", "og:image:width")).toBe("1200");
  expect(content(meta, "property", "og:image:alt")).toBe("Heartline: a white heart on purple");
  // Twitter reads title, description and image from Open Graph.
  expect(content(meta, "name", "twitter:card")).toBe("summary_large_image");
  expect(content(meta, "name", "twitter:image:alt")).toBe("Heartline: a white heart on purple");
});

test("public pages carry the company and the site as JSON-LD", () => {
  const meta = structuredDataMeta(args("/"));
  const ld = meta.find((m) => "script:ld+json" in m) as { "script:ld+json": { "@graph": Record<string, unknown>[] } };
  const [organization, website] = ld["script:ld+json"]["@graph"];
  expect(organization).toMatchObject({
    "@type": "Organization",
    name: "Heartline B.V.",
    url: "https://heartline.example/",
    email: "help@heartline.example",
    telephone: "+31201234567",
    vatID: "NL001234567B01",
    address: { streetAddress: "Keizersgracht 1", addressLocality: "Amsterdam", addressCountry: "NL" },
  });
  expect(website).toMatchObject({ "@type": "WebSite", name: "Heartline", inLanguage: ["en", "de", "fr"] });
});

test("a page that is not for search engines says noindex, with no alternates", () => {
  const meta = pageMeta(args("/likes"), { title: "Likes", indexable: false });
  expect(content(meta, "name", "robots")).toBe("noindex");
  expect(find(meta, "rel", "alternate")).toEqual([]);
});

test("a page about a member says noindex unless the site chooses to have them indexed; its image is the photo", () => {
  const image = { url: "/uploads/photos/a.jpg", alt: "Photo of Maude" };
  const closed = pageMeta(args("/members/7"), { title: "Maude, 30", memberPage: true, image });
  expect(content(closed, "name", "robots")).toBe("noindex");
  expect(content(closed, "property", "og:image")).toBe("https://heartline.example/uploads/photos/a.jpg");
  expect(content(closed, "property", "og:type")).toBe("profile");
  expect(content(closed, "property", "og:image:width")).toBeUndefined();

  const open = pageMeta(args("/members/7", { ...root, site: { ...root.site, indexMemberPages: true } }), {
    title: "Maude, 30",
    memberPage: true,
    image,
  });
  expect(find(open, "name", "robots")).toEqual([]);
  expect(find(open, "rel", "alternate")).toHaveLength(4);
});

test("another address of the same content names the first one, in the page's language", () => {
  const meta = pageMeta(args("/members/7/landing2/milf-de"), {
    title: "Maude",
    canonicalPath: "/members/7/landing",
  });
  expect((find(meta, "rel", "canonical")[0] as { href: string }).href).toBe(
    "https://heartline.example/members/7/landing?lng=de",
  );
});
