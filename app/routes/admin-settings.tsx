import { Link } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { requireAdmin } from "~/services/staff.server";
import { settingsGroupNames } from "../../contract/admin-settings";
import type { Route } from "./+types/admin-settings";

/** The admin area's settings (issue 33, docs/product.md §6.9): one form per group, listed here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The frame's loader runs beside this one: until the second factor is given it shows the set-up or the code form.
  return { verified: (await requireAdmin({ request, context })).verified };
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.verified) return null;
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title" className="h5">
        {t("admin.settings.title")}
      </h2>
      <p>{t("admin.settings.intro")}</p>
      <SettingsGroupsNav />
    </section>
  );
}

/** The groups of settings, as links: on the settings page and above each group's form. */
export function SettingsGroupsNav({ current }: { current?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("admin.settings.groupsNav")}>
      <ul className="list-inline mb-4">
        {settingsGroupNames.map((group) => (
          <li key={group} className="list-inline-item mb-2">
            <Link
              to={`/admin/settings/${group}`}
              className={`btn btn-sm ${group === current ? "btn-dark" : "btn-outline-dark"}`}
              aria-current={group === current ? "page" : undefined}
            >
              {t(`admin.settings.groups.${group}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
