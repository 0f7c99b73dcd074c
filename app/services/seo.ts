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

/**
 * Title (prefixed with unread messages plus new likes for a member, docs/product.md §4), description, canonical link,
 * and for public pages the hreflang alternates of every language offered.
 */
export function pageMeta(
  args: MetaArgsLike,
  {
    title,
    description,
    indexable = true,
    exactTitle = false,
    unreadMessages,
  }: {
    title: string;
    description?: string;
    indexable?: boolean;
    exactTitle?: boolean;
    /** A newer count than the root's: the chat screens read it after marking the open conversation read. */
    unreadMessages?: number;
  },
): MetaDescriptor[] {
  const root = rootDataOf(args.matches);
  if (!root) return [{ title }];
  const member = root.member;
  const count = member ? (unreadMessages ?? member.unreadMessages) + member.newLikes : 0;
  const lng = new URLSearchParams(args.location.search).get("lng");
  const base = root.origin + args.location.pathname;
  const meta: MetaDescriptor[] = [
    { title: titleWithCount(exactTitle ? title : `${title} | ${root.site.name}`, count) },
    { name: "description", content: description ?? root.site.description },
    { tagName: "link", rel: "canonical", href: lng ? `${base}?lng=${lng}` : base },
  ];
  if (!indexable) return [...meta, { name: "robots", content: "noindex" }];
  for (const language of root.languages) {
    meta.push({ tagName: "link", rel: "alternate", hrefLang: language, href: `${base}?lng=${language}` });
  }
  meta.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: base });
  return meta;
}
