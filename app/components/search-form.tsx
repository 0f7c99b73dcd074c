import { Form } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { SubmitButton } from "./submit-button";

export interface SearchFormValues {
  gender?: string;
  country?: string;
  countryregion?: string;
  min_age?: string;
  max_age?: string;
}

/**
 * The member search as a GET form (shareable, crawlable); the site's search_fields decide which fields show.
 * Regions are those of the chosen country: choosing a country and searching offers its regions. On a phone the
 * country and region selects take a row each, so that a chosen name is never cut ("Wszystkie kraj"), and the
 * gender shares its row with the two ages. Its styles (~/styles/search-form.scss) are imported by the routes that show
 * it, so that they stay out of the stylesheet every page loads.
 */
export function SearchForm({
  values,
  fields,
  countries,
  regions,
  action = "/members",
}: {
  values: SearchFormValues;
  fields: string[];
  countries: readonly { code: string; name: string }[];
  regions: { code: string; country: string; name: string }[];
  action?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form
      method="get"
      action={action}
      className="search-form row g-2 align-items-end mb-4"
      role="search"
      aria-label={t("search.label")}
    >
      {fields.includes("country") && (
        <div className="col-12 col-sm-6 col-md-3">
          <label htmlFor="search-country" className="form-label small">
            {t("signup.country")}
          </label>
          <select id="search-country" name="country" defaultValue={values.country ?? ""} className="form-select">
            <option value="">{t("search.anyCountry")}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {fields.includes("region") && (
        <div className="col-12 col-sm-6 col-md-3">
          <label htmlFor="search-region" className="form-label small">
            {t("signup.region")}
          </label>
          <select
            id="search-region"
            name="countryregion"
            defaultValue={values.countryregion ?? ""}
            className="form-select"
          >
            <option value="">{values.country ? t("search.anyRegion") : t("search.countryFirst")}</option>
            {regions
              .filter((r) => r.country === values.country)
              .map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
          </select>
        </div>
      )}
      {fields.includes("gender") && (
        <div className="col-6 col-md-2">
          <label htmlFor="search-gender" className="form-label small">
            {t("search.gender")}
          </label>
          <select id="search-gender" name="gender" defaultValue={values.gender ?? ""} className="form-select">
            <option value="">{t("search.anyGender")}</option>
            <option value="female">{t("search.women")}</option>
            <option value="male">{t("search.men")}</option>
          </select>
        </div>
      )}
      {fields.includes("age") && (
        <>
          <AgeSelect id="search-min-age" name="min_age" label={t("search.minAge")} value={values.min_age} />
          <AgeSelect id="search-max-age" name="max_age" label={t("search.maxAge")} value={values.max_age} />
        </>
      )}
      <div className="col-12 col-md-2">
        <SubmitButton className="btn btn-primary w-100">{t("search.submit")}</SubmitButton>
      </div>
    </Form>
  );
}

const ages = Array.from({ length: 82 }, (_, i) => 18 + i);

/** One end of the age range: any, or an age from 18 to 99. */
function AgeSelect({ id, name, label, value }: { id: string; name: string; label: string; value: string | undefined }) {
  return (
    <div className="search-age col-md-1">
      <label htmlFor={id} className="form-label small">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className="form-select">
        <option value="">–</option>
        {ages.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
    </div>
  );
}
