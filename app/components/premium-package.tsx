import { useTranslation } from "~/i18n/translator";

const benefits = ["allPhotos", "ownPhotos", "conversations", "noSubscription"] as const;

/** The colour of each variant a site can choose (docs/product.md §1.4): the theme's primary, secondary, success, dark. */
const headerOf = { p0: "text-bg-primary", p1: "text-bg-secondary", p2: "text-bg-success", p3: "text-bg-dark" };

/** The premium package overview: what premium gives, in the site's colour variant p0 to p3. */
export function PremiumPackage({ variant, children }: { variant: keyof typeof headerOf; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={`card premium-package premium-${variant}`} aria-labelledby="premium-package-title">
      <h2 id="premium-package-title" className={`card-header h5 ${headerOf[variant]}`}>
        {t("premium.packageTitle")}
      </h2>
      <ul className="list-group list-group-flush">
        {benefits.map((b) => (
          <li key={b} className="list-group-item">
            {t(`premium.benefits.${b}`)}
          </li>
        ))}
      </ul>
      {children && <div className="card-body">{children}</div>}
    </section>
  );
}
