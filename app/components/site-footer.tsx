import { Link } from "react-router";
import { useTranslation } from "~/i18n/translator";
import type { RootData } from "~/root";
import { cleanPhone } from "~/services/site-info";
import { WithFictionalIcon } from "./fictional-marker";

// Complaints joins the footer when its screen exists, not before.
const footerLinks = [
  { to: "/pages/terms", key: "footer.terms" },
  { to: "/pages/privacy", key: "footer.privacy" },
  { to: "/pages/cookies", key: "footer.cookies" },
  { to: "/pages/ban", key: "footer.ban" },
  { to: "/pricing", key: "footer.pricing" },
  { to: "/complaints", key: "footer.complaints" },
  { to: "/pages/return-policy", key: "footer.returns" },
  { to: "/pages/faq", key: "footer.faq" },
  { to: "/pages/service", key: "footer.service" },
] as const;

/** The footer (docs/product.md §2) with its links, the company, and the US variant for English. */
export function SiteFooter({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const { company, site } = root;
  return (
    <footer className="site-footer bg-body-tertiary border-top mt-auto pt-4 pb-3">
      <div className="container-lg">
        <nav aria-label={t("footer.label")}>
          <ul className="list-inline mb-3">
            {footerLinks.map((link) => (
              <li key={link.to} className="list-inline-item me-3 mb-1">
                <Link to={link.to} className="link-body-emphasis">
                  {t(link.key)}
                </Link>
              </li>
            ))}
            {site.memberResell && (
              <li className="list-inline-item me-3 mb-1">
                <Link to="/offers" className="link-body-emphasis">
                  {t("footer.offers")}
                </Link>
              </li>
            )}
            {root.locale === "en" && (
              <li className="list-inline-item me-3 mb-1">
                <Link to="/pages/2257" className="link-body-emphasis">
                  {t("footer.us2257")}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <p className="small text-body-secondary mb-1">
          {t("footer.support")} <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
          {" · "}
          <a href={`tel:${cleanPhone(site.supportPhone)}`}>{site.supportPhone}</a>
        </p>
        <p className="small text-body-secondary mb-1">
          {t("footer.company", {
            company: company.name,
            address: company.address,
            city: company.city,
            kvk: company.kvk,
            vat: company.vat,
          })}
        </p>
        {root.locale === "en" && (
          <p className="small text-body-secondary mb-1">{t("footer.usNotice", { count: site.minimumAge })}</p>
        )}
        <p className="small text-body-secondary mb-0">
          © {new Date().getFullYear()} {company.name}
        </p>
        <Disclaimer root={root} />
      </div>
    </footer>
  );
}

/** The disclaimer (docs/product.md §2): an adult service, and fictional profiles are marked. */
function Disclaimer({ root }: { root: RootData }) {
  const { t } = useTranslation();
  return (
    <p className="disclaimer small text-body-secondary border-top mt-3 pt-3 mb-0">
      {t("disclaimer.adult", { site: root.site.name, count: root.site.minimumAge })}{" "}
      <WithFictionalIcon i18nKey="disclaimer.fictional" />
    </p>
  );
}
