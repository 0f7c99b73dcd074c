import type { MetaDescriptor } from "react-router";
import type { RootData } from "~/root";
import { rootDataOf } from "./seo";
import { cleanPhone } from "./site-info";

/**
 * The company behind the site and the site itself as JSON-LD (schema.org), for the site's own public pages
 * (docs/product.md §2.21). Its own module, imported only by pages that ship no script, so that no page's JavaScript
 * carries it. A data block, not a script: the browser runs nothing, so the CSP (script-src with a nonce) does not
 * apply to it and the page stays script-free.
 */
export function structuredDataMeta(args: { matches: Parameters<typeof rootDataOf>[0] }): MetaDescriptor[] {
  const root = rootDataOf(args.matches);
  return root ? [{ "script:ld+json": structuredData(root) }] : [];
}

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
