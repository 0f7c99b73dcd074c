import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { keyOf } from "~/i18n/keys";
import { Trans } from "~/i18n/trans";
import { useTranslation } from "~/i18n/translator";
import type { OwnPhoto } from "../../contract/photos";
import { photoLimits } from "../../contract/profile-values";

/**
 * The member's own photos on /profile (docs/product.md §2.20): each as the member sees it (a new one labelled
 * 'Picture being inspected', a rejected one with the reason), buttons to make it the main photo, move it and delete
 * it, and the upload form with the limit. Every button is a form of its own: no JavaScript needed.
 */
export function OwnPhotos({
  photos,
  limit,
  premium,
  uploadError,
}: {
  photos: OwnPhoto[];
  limit: number;
  premium: boolean;
  uploadError?: string;
}) {
  const { t } = useTranslation();
  // Where premium has more room, the way to it: beside the limit, or under the upload form.
  const upgrade = (
    <Trans
      i18nKey="photos.limitPremium"
      values={{ limit: photoLimits.premium }}
      components={{ premium: <Link to="/premium" /> }}
    />
  );
  const counted = photos.filter((p) => p.status !== "rejected").length;
  const full = counted >= limit;
  return (
    <section id="photos" className="mb-5" aria-labelledby="photos-title">
      <h2 id="photos-title" className="h5">
        {t("photos.title")}
      </h2>
      <p className="text-body-secondary small">{t("photos.count", { used: counted, limit })}</p>
      {photos.length === 0 && <p>{t("photos.none")}</p>}
      <ul className="list-unstyled row row-cols-2 row-cols-sm-3 row-cols-lg-5 g-3">
        {photos.map((photo, index) => (
          <li className="col" key={photo.id} id={`photo-${photo.id}`}>
            <div className="card h-100">
              <picture>
                {/* Not published (yet): only its owner loads it, through the member's own session. */}
                {!photo.thumb_url && <source srcSet={`/photo-files/${photo.id}/320/webp`} type="image/webp" />}
                <img
                  src={photo.thumb_url ?? `/photo-files/${photo.id}/320/jpeg`}
                  alt={t("chat.yourPhoto")}
                  width={320}
                  height={400}
                  loading="lazy"
                  className={`card-img-top portrait-photo${photo.status === "rejected" ? " opacity-50" : ""}`}
                />
              </picture>
              <div className="card-body p-2 small">
                {photo.is_main && <span className="badge text-bg-primary">{t("photos.main")}</span>}
                {photo.status === "pending" && (
                  <span className="badge text-bg-warning">{t("chat.photoInspected")}</span>
                )}
                {photo.status === "rejected" && (
                  <p className="text-danger mb-0">
                    {t("photos.rejected", {
                      reason: photo.rejection_reason ? t(keyOf(`photos.reasons.${photo.rejection_reason}`)) : "",
                    })}
                  </p>
                )}
              </div>
              <Form method="post" className="border-top p-2 d-flex flex-wrap gap-1">
                <input type="hidden" name="intent" value="photo" />
                <input type="hidden" name="id" value={photo.id} />
                {photo.status === "active" && !photo.is_main && (
                  <SubmitButton name="action" value="main" className="btn btn-sm btn-outline-primary">
                    {t("photos.makeMain")}
                  </SubmitButton>
                )}
                {index > 0 && (
                  <SubmitButton
                    name="action"
                    value="earlier"
                    className="btn btn-sm btn-outline-dark"
                    aria-label={t("photos.earlier")}
                  >
                    ←
                  </SubmitButton>
                )}
                {index < photos.length - 1 && (
                  <SubmitButton
                    name="action"
                    value="later"
                    className="btn btn-sm btn-outline-dark"
                    aria-label={t("photos.later")}
                  >
                    →
                  </SubmitButton>
                )}
                <SubmitButton name="action" value="delete" className="btn btn-sm btn-outline-danger">
                  {t("photos.delete")}
                </SubmitButton>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      {full ? (
        <div className="alert alert-info">
          {t("photos.limitReached")} {!premium && upgrade}
        </div>
      ) : (
        <Form method="post" encType="multipart/form-data" className="card card-body" aria-labelledby="add-photo-title">
          <h3 id="add-photo-title" className="h6">
            {t("photos.add")}
          </h3>
          <input type="hidden" name="intent" value="upload" />
          <label htmlFor="photo-file" className="form-label">
            {t("photos.file")}
          </label>
          <input
            id="photo-file"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            required
            aria-invalid={uploadError ? true : undefined}
            aria-describedby={uploadError ? "photo-file-error photo-file-hint" : "photo-file-hint"}
            className={`form-control${uploadError ? " is-invalid" : ""}`}
          />
          <div id="photo-file-hint" className="form-text mb-2">
            {t("photos.hint")}
          </div>
          {uploadError && (
            <div id="photo-file-error" className="invalid-feedback d-block mb-2">
              {t(keyOf(uploadError))}
            </div>
          )}
          {!premium && <p className="small mb-2">{upgrade}</p>}
          <div>
            <SubmitButton>{t("photos.upload")}</SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}
