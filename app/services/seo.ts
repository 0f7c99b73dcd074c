import type { MetaDescriptor } from "react-router";
import type { RootData } from "~/root";
import { titleWithCount } from "./site-info";

interface MetaArgsLike {
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

export function rootDataOf(matches: MetaArgsLike["matches"]): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
}

export interface PageImage {
  /** A path on this site or a full URL (a photo on the site's CDN). */
  url: string;
  alt: string;
}

/**
 * Title (prefixed with unread messages plus new likes for a member, docs/product.md §4), description, canonical link,
 * and for pages search engines may index the hreflang alternates of every language offered; Open Graph and Twitter
 * card tags with an image (docs/product.md §2.21). The site's own public pages add structuredDataMeta.
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
  const og = (property: string, content: string) => ({ property: `og:${property}`, content });
  const meta: MetaDescriptor[] = [
    { title: titleWithCount(fullTitle, count) },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: canonical },
    og("type", memberPage ? "profile" : "website"),
    og("title", fullTitle),
    og("description", text),
    og("url", canonical),
    ...root.shareCard.tags,
    // Twitter reads the title, description and image from Open Graph; the image's text is its own.
    ...(image
      ? [
          og("image", new URL(image.url, root.origin).href),
          og("image:alt", image.alt),
          { name: "twitter:image:alt", content: image.alt },
        ]
      : root.shareCard.image),
  ];
  if (!indexable || (memberPage && !root.site.indexMemberPages))
    return [...meta, { name: "robots", content: "noindex" }];
  for (const language of root.siteLanguages)
    meta.push({ tagName: "link", rel: "alternate", hrefLang: language, href: `${base}?lng=${language}` });
  meta.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: base });
  return meta;
}
