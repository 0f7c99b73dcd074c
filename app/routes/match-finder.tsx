import { SearchForm } from "~/components/search-form";
import "~/styles/search-form.scss";
import { useTranslation } from "~/i18n/translator";
import { requireMember } from "~/services/auth.server";
import { countryOptions, sortByName } from "~/services/countries";
import { getI18n, localeOf } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { getRegions, getSettings } from "~/services/settings.server";
import type { Route } from "./+types/match-finder";

/**
 * The match finder (docs/product.md §2): a few questions — who, what age, where — that lead to a prefilled search.
 * A GET form to /members: it needs no script, and the result is a shareable search.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const member = await requireMember(call);
  const [settings, regions] = await Promise.all([getSettings(call), getRegions(call)]);
  const sought =
    member.profile.sexuality === "bi"
      ? ""
      : member.profile.sexuality === "gay"
        ? member.profile.gender
        : member.profile.gender === "male"
          ? "female"
          : "male";
  const age = member.profile.age;
  return {
    values: {
      gender: sought,
      country: member.profile.country,
      min_age: String(Math.max(18, age - 8)),
      max_age: String(age + 8),
    },
    countries: countryOptions(localeOf(context), settings.countries),
    regions: sortByName(
      localeOf(context),
      regions.filter((r) => r.country === member.profile.country),
    ),
    title: getI18n(context).t("matchFinder.title"),
  };
}

export default function MatchFinder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <h1 className="h3 mb-2">{loaderData.title}</h1>
      <p className="text-body-secondary mb-4">{t("matchFinder.lead")}</p>
      <SearchForm
        values={loaderData.values}
        fields={["gender", "country", "region", "age"]}
        countries={loaderData.countries}
        regions={loaderData.regions}
      />
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
