import type { MetaDescriptor } from "react-router";
import type { RootData } from "~/root";
import type { Locale } from "../../contract/locales";
import { cleanPhone, titleWithCount } from "./site-info";

interface MetaArgsLike {
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

export function rootDataOf(matches: MetaArgsLike["matches"]): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
}

/** The share image every page names unless it has its own (app/routes/app-icon.tsx draws it): 1200 × 630 px. */
export const shareImage = { path: "/app-icons/share", width: 1200, height: 630 };

/** Open Graph wants a territory with the language; each locale's main country (Norwegian is Bokmål). */
const ogLocales: Record<Locale, string> = {
  en: "en_GB",
  nl: "nl_NL",
  de: "de_DE",
  it: "it_IT",
  fr: "fr_FR",
  es: "es_ES",
  pl: "pl_PL",
  da: "da_DK",
  fi: "fi_FI",
  no: "nb_NO",
  sv: "sv_SE",
};

export interface PageImage {
  /** A path on this site or a full URL (a photo on the site's CDN). */
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

/**
 * Title (prefixed with unread messages plus new likes for a member, docs/product.md §4), description, canonical link,
 * and for pages search engines may index the hreflang alternates of every language offered; Open Graph and Twitter
 * card tags with an image; the company and the site as JSON-LD on public pages (docs/product.md §2.21).
 */
export function pageMeta(
  args: MetaArgsLike,
  {
    title,
    description,
    indexable = true,
    memberPage = false,
    exactTitle = false,
    unreadMessages,
    canonicalPath,
    image,
  }: {
    title: string;
    description?: string;
    indexable?: boolean;
    /** A page about one member: indexed only where the site chooses it (`index_member_pages`). */
    memberPage?: boolean;
    exactTitle?: boolean;
    /** A newer count than the root's: the chat screens read it after marking the open conversation read. */
    unreadMessages?: number;
    /** Another address of the same content (a landing's other designs name the first). */
    canonicalPath?: string;
    image?: PageImage;
  },
): MetaDescriptor[] {
  const root = rootDataOf(args.matches);
  if (!root) return [{ title }];
  const member = root.member;
  const count = member ? (unreadMessages ?? member.unreadMessages) + member.newLikes : 0;
  const fullTitle = exactTitle ? title : `${title} | ${root.site.name}`;
  const text = description ?? root.site.description;
  const lng = new URLSearchParams(args.location.search).get("lng") ?? (canonicalPath ? root.locale : null);
  const base = root.origin + (canonicalPath ?? args.location.pathname);
  const canonical = lng ? `${base}?lng=${lng}` : base;
  const picture = image ?? {
    url: shareImage.path,
    alt: root.site.shareImageAlt,
    width: shareImage.width,
    height: shareImage.height,
  };
  const pictureUrl = new URL(picture.url, root.origin).href;
  const meta: MetaDescriptor[] = [
    { title: titleWithCount(fullTitle, count) },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: memberPage ? "profile" : "website" },
    { property: "og:site_name", content: root.site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: text },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: ogLocales[root.locale] },
    { property: "og:image", content: pictureUrl },
    { property: "og:image:alt", content: picture.alt },
    ...(picture.width && picture.height
      ? [
          { property: "og:image:width", content: String(picture.width) },
          { property: "og:image:height", content: String(picture.height) },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: text },
    { name: "twitter:image", content: pictureUrl },
    { name: "twitter:image:alt", content: picture.alt },
  ];
  if (!indexable || (memberPage && !root.site.indexMemberPages))
    return [...meta, { name: "robots", content: "noindex" }];
  for (const language of root.siteLanguages)
    meta.push({ tagName: "link", rel: "alternate", hrefLang: language, href: `${base}?lng=${language}` });
  meta.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: base });
  for (const language of root.siteLanguages.filter((l) => l !== root.locale))
    meta.push({ property: "og:locale:alternate", content: ogLocales[language] });
  if (!memberPage) meta.push({ "script:ld+json": structuredData(root) });
  return meta;
}

/**
 * The company behind the site and the site itself, for search engines (schema.org). A data block, not a script: the
 * browser runs nothing, so the CSP (script-src with a nonce) does not apply to it and the page stays script-free.
 */
export function structuredData(root: RootData) {
  const home = `${root.origin}/`;
  const { company, site } = root;
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": `${home}#organization`,
        name: company.name,
        legalName: company.name,
        url: home,
        logo: `${root.origin}/app-icons/512`,
        email: site.supportEmail,
        ...(site.supportPhone ? { telephone: cleanPhone(site.supportPhone) } : {}),
        address: {
          "@type": "PostalAddress",
          streetAddress: company.address,
          addressLocality: company.city,
          addressCountry: company.country,
        },
        ...(company.kvk
          ? { identifier: { "@type": "PropertyValue", propertyID: "Chamber of Commerce", value: company.kvk } }
          : {}),
        ...(company.vatNumbers[0] ? { vatID: company.vatNumbers[0] } : {}),
      },
      {
        "@type": "WebSite",
        "@id": `${home}#website`,
        name: site.name,
        url: home,
        description: site.description,
        inLanguage: root.siteLanguages,
        publisher: { "@id": `${home}#organization` },
      },
    ],
  };
}
