import { Form } from "react-router";
import { NarrowPage } from "~/components/narrow-page";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import { visibleLanguages } from "~/i18n/visible-languages";
import { flashWhenApiUnavailable } from "~/services/api-unavailable.server";
import { getMember } from "~/services/auth.server";
import { countryNamer } from "~/services/countries";
import { redirectWithFlash } from "~/services/flash.server";
import { getI18n, localeOf } from "~/services/i18n.server";
import { chooseLanguage } from "~/services/language.server";
import { pageMeta } from "~/services/seo";
import { getSettings } from "~/services/settings.server";
import { languageNames } from "../../contract/locales";
import type { Route } from "./+types/lang-config";

/**
 * The languages the site offers for the visitor's country (docs/product.md §6.6, §9.2), to choose one: a form of
 * buttons, so it needs no JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const [settings, member] = await Promise.all([getSettings(call), getMember(call)]);
  const locale = localeOf(context);
  const country = settings.geoip_country;
  const served = country !== null && settings.countries.includes(country);
  return {
    title: getI18n(context).t("language.choose"),
    country: served ? countryNamer(locale)(country) : null,
    languages: visibleLanguages(settings, locale),
    current: locale,
    member: Boolean(member),
  };
}

/**
 * Only a language offered here can be chosen; anything else leaves the page as it was. A form of buttons: with the
 * API unavailable, the page again with "try again" (docs/product.md §7.3).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  const form = await request.formData();
  return flashWhenApiUnavailable(request, "/lang-config", async () => {
    const settings = await getSettings(call);
    const language = visibleLanguages(settings, localeOf(context)).find((l) => l === form.get("language"));
    if (!language)
      return redirectWithFlash(request, "/lang-config", { message: "langConfig.notOffered", tone: "danger" });
    return redirectWithFlash(
      request,
      "/lang-config",
      { message: "langConfig.saved", values: { language: languageNames[language] } },
      [await chooseLanguage(call, language)],
    );
  });
}

export default function LangConfig({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { country, languages, current, member } = loaderData;
  return (
    <NarrowPage title={loaderData.title}>
      <p>{country ? t("langConfig.forCountry", { country }) : t("langConfig.forSite")}</p>
      <Form method="post" className="d-flex flex-column gap-2 mb-3" aria-label={loaderData.title}>
        {languages.map((code) => (
          <SubmitButton
            key={code}
            name="language"
            value={code}
            className={`btn btn-lg d-flex justify-content-between align-items-center ${code === current ? "btn-primary" : "btn-outline-primary"}`}
            aria-current={code === current ? "true" : undefined}
          >
            <span lang={code}>{languageNames[code]}</span>
            {code === current && <span className="badge text-bg-light">{t("langConfig.current")}</span>}
          </SubmitButton>
        ))}
      </Form>
      <p className="small text-body-secondary">{member ? t("langConfig.memberNote") : t("langConfig.visitorNote")}</p>
    </NarrowPage>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
