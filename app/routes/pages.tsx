import { data } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { getI18n, localeOf } from "~/services/i18n.server";
import { legalPageText } from "~/services/legal-pages.server";
import { pageMeta } from "~/services/seo";
import { getCompanyInfo, getSettings } from "~/services/settings.server";
import { cleanPhone } from "~/services/site-info";
import { structuredDataMeta } from "~/services/structured-data";
import type { Route } from "./+types/pages";

// The named pages of docs/product.md §2, and the token page the English footer links to (the US record-keeping statement).
const pageKeys: Record<string, string> = {
  terms: "terms",
  privacy: "privacy",
  cookies: "cookies",
  faq: "faq",
  "return-policy": "returnPolicy",
  service: "service",
  ban: "ban",
  "2257": "recordKeeping",
};

/** A legal or help page: its text in the member's language, filled with the site's and company's facts. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const slug = params.token ?? new URL(request.url).pathname.split("/")[2] ?? "";
  const key = Object.hasOwn(pageKeys, slug) ? pageKeys[slug] : undefined;
  if (!key) throw data(null, { status: 404 });
  const call = { request, context };
  const [settings, company] = await Promise.all([getSettings(call), getCompanyInfo(call)]);
  return {
    key,
    ...legalPageText(getI18n(context), localeOf(context), key, settings, company),
    email: settings.support_email,
    phone: settings.support_phone,
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const page = loaderData;
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <article className="legal-page mx-auto">
        <h1 className="mb-3">{page.title}</h1>
        {page.updated && <p className="text-body-secondary small">{t("pages.updated", { date: page.updated })}</p>}
        <p className="lead">{page.intro}</p>
        {page.sections.map((section) => (
          <section key={section.heading} className="mb-4">
            <h2 className="h5">{section.heading}</h2>
            {section.body.split("\n").map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
        {page.key === "service" && (
          <p className="d-flex flex-wrap gap-2">
            <a className="btn btn-primary" href={`mailto:${page.email}`}>
              {page.email}
            </a>
            <a className="btn btn-outline-primary" href={`tel:${cleanPhone(page.phone)}`}>
              {page.phone}
            </a>
          </p>
        )}
      </article>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, { title: args.loaderData?.title ?? "", description: args.loaderData?.intro }),
    ...structuredDataMeta(args),
  ];
}
