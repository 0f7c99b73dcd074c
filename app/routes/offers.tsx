import { data } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { ApiCallError, callApi } from "~/services/api.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { getSettings } from "~/services/settings.server";
import { offersResponseSchema, type PartnerOffer } from "../../contract/offers";
import type { Route } from "./+types/offers";

/**
 * The side offer (docs/product.md §2.26): partners' camera profiles and resell profiles, on a page of their own and
 * never among the members; each one labelled as a partner's offer, its link marked sponsored. Only where the site
 * sets member_resell (else the 404 page); not for search engines; no JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const settings = await getSettings(call);
  if (!settings.member_resell) throw data(null, { status: 404 });
  const answer = await callApi(call, "/offers.php", { schema: offersResponseSchema }).catch((error: unknown) => {
    if (error instanceof ApiCallError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
  return {
    title: getI18n(context).t("offers.title"),
    site: settings.name,
    available: answer.available,
    camera: answer.offers.filter((offer) => offer.kind === "camera"),
    resell: answer.offers.filter((offer) => offer.kind === "resell"),
  };
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { available, camera, resell } = loaderData;
  return (
    <main id="main" className="flex-grow-1 container-lg py-4 partner-offers">
      <h1 className="h3">{loaderData.title}</h1>
      <p className="alert alert-info">{t("offers.intro", { site: loaderData.site })}</p>
      {!available && <p className="alert alert-warning">{t("offers.unavailable")}</p>}
      {available && camera.length + resell.length === 0 && <p>{t("offers.empty")}</p>}
      <OfferSection id="camera" title={t("offers.camera")} offers={camera} />
      <OfferSection id="resell" title={t("offers.resell")} offers={resell} />
    </main>
  );
}

function OfferSection({ id, title, offers }: { id: string; title: string; offers: PartnerOffer[] }) {
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby={`offers-${id}`} className="mb-4">
      <h2 id={`offers-${id}`} className="h5">
        {title}
      </h2>
      <ul className="list-unstyled row row-cols-2 row-cols-lg-3 g-3">
        {offers.map((offer) => (
          <li key={offer.id} className="col">
            <OfferCard offer={offer} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One partner profile: labelled as an offer before anything else, with the partner's name and a sponsored link. */
function OfferCard({ offer }: { offer: PartnerOffer }) {
  const { t } = useTranslation();
  const heading = `offer-${offer.id}`;
  return (
    <article className="card h-100 partner-offer" aria-labelledby={heading}>
      <img src={offer.image} alt="" width={400} height={500} loading="lazy" className="card-img-top img-fluid" />
      <div className="card-body d-flex flex-column">
        <p className="mb-1">
          <span className="badge text-bg-warning">{t("offers.label")}</span>
        </p>
        <h3 id={heading} className="h6 mb-1">
          {offer.age === null ? offer.name : `${offer.name}, ${offer.age}`}
        </h3>
        <p className="small mb-1">{offer.headline}</p>
        <p className="small text-body-secondary mb-2">{t("offers.partner", { partner: offer.partner })}</p>
        <a href={offer.url} rel="sponsored noopener" className="btn btn-outline-primary btn-sm mt-auto">
          {t("offers.visit", { partner: offer.partner })}
        </a>
      </div>
    </article>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
