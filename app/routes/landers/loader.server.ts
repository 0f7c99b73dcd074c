import { data, type LoaderFunctionArgs, redirect } from "react-router";
import { getMember } from "~/services/auth.server";
import { countryNamer } from "~/services/countries";
import { getI18n, localeOf } from "~/services/i18n.server";
import { loadLander } from "~/services/landers.server";
import { getSettings } from "~/services/settings.server";
import { isNicheLanderName, type NicheLanderName } from "../../../contract/niche-landers";

/**
 * The niche landers' loader (docs/product.md §2.25): `/landers/{name}/{slug?}`, eight designs for adverts built
 * from real, visible members (app/routes/landers.tsx). The slug (`milf-de`) chooses the niche and the language
 * (read from the path by the i18n middleware); an unknown one falls back to the site's niche and the visitor's language. No script: complete HTML,
 * the signup a link. A member goes to the members area, as from the home page.
 */
export async function landerLoader({ request, context, params }: LoaderFunctionArgs, name: NicheLanderName) {
  const call = { request, context };
  if (!isNicheLanderName(name)) throw data(null, { status: 404 });
  if (await getMember(call)) throw redirect("/members");
  const settings = await getSettings(call);
  const locale = localeOf(context);
  const lander = await loadLander(call, name, params.slug, settings, locale);
  const t = getI18n(context).getFixedT(locale, "landers");
  const values = { site: settings.name, country: lander.map ? countryNamer(locale)(lander.map.country) : "" };
  const text = (key: string) => t(`${name}.${key}`, values);
  return {
    name,
    niche: lander.niche,
    slugged: lander.slugged,
    profiles: lander.profiles.map((p) => ({
      ...p,
      meet: t("shared.meet", { name: p.name }),
      reply: t("socialnetwork.reply", { name: p.name }),
    })),
    video: lander.video,
    map: lander.map && {
      ...lander.map,
      regions: lander.map.regions.map((r) => ({ ...r, label: t("maplanding.regionMembers", { count: r.members }) })),
    },
    copy: {
      title: text("title"),
      description: text("description"),
      heading: text("heading"),
      lead: text("lead"),
      cta: text("cta"),
      honest: t("shared.honest", values),
      noMembers: t("shared.noMembers", values),
      videoLabel: t("shared.videoLabel", values),
      videoUnsupported: t("shared.videoUnsupported", values),
      membersTitle: t("shared.membersTitle", values),
      ...designCopy(name, t, values, lander.active_today),
    },
    features: name === "iconslanding" ? featuresOf(t, values) : [],
  };
}

type Translate = ReturnType<ReturnType<typeof getI18n>["getFixedT"]>;

/** The strings only one design has. */
function designCopy(name: NicheLanderName, t: Translate, values: Record<string, string>, activeToday: number | null) {
  if (name === "alonetonight")
    return {
      // A real count or nothing: never activity that did not happen (docs/product.md §1.5).
      active: activeToday ? t("alonetonight.active", { ...values, count: activeToday }) : "",
      private: t("alonetonight.private", values),
    };
  if (name === "maplanding")
    return {
      mapLabel: t("maplanding.mapLabel", values),
      tableCaption: t("maplanding.tableCaption", values),
      region: t("maplanding.region", values),
      members: t("maplanding.members", values),
    };
  return {};
}

const featureIcons = { free: "heart", languages: "globe", honest: "mask", credits: "coins" } as const;

function featuresOf(t: Translate, values: Record<string, string>) {
  return (Object.keys(featureIcons) as (keyof typeof featureIcons)[]).map((key) => ({
    key,
    icon: featureIcons[key],
    title: t(`iconslanding.features.${key}.title`, values),
    body: t(`iconslanding.features.${key}.body`, values),
  }));
}

export type LanderData = Awaited<ReturnType<typeof landerLoader>>;
