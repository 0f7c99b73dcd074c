import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData } from "react-router";
import type { z } from "zod";
import { FieldError, FormError, InputField, useForm } from "~/components/form-kit";
import { OwnPhotos } from "~/components/own-photos";
import { SubmitButton } from "~/components/submit-button";
import { useHydrated } from "~/hooks/use-hydrated";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import type { RouteHandle } from "~/root";
import { ApiCallError, type CallContext, callApi } from "~/services/api.server";
import { apiFormErrors } from "~/services/api-form-errors.server";
import {
  apiUnavailableReply,
  apiUnavailableStatus,
  flashWhenApiUnavailable,
  isApiUnavailable,
  refusalStatus,
} from "~/services/api-unavailable.server";
import { requireMember } from "~/services/auth.server";
import { countryOptions, sortByName } from "~/services/countries";
import { redirectWithFlash } from "~/services/flash.server";
import { getI18n, localeOf } from "~/services/i18n.server";
import { changePhoto, loadOwnPhotos, uploadPhoto } from "~/services/photos.server";
import { fieldValueKey } from "~/services/profile-fields";
import { pageMeta } from "~/services/seo";
import { getInterests, getRegions, getSettings } from "~/services/settings.server";
import { profileUpdateSchema } from "../../contract/profile";
import { aboutMaxLength, descriptiveFields, profileFieldValues } from "../../contract/profile-values";
import { userResponseSchema } from "../../contract/user";
import type { Route } from "./+types/profile";

export const handle: RouteHandle = { hydrate: true };

/**
 * The member's own profile (docs/product.md §2.20): name, about-me, the descriptive fields the site shows, orientation
 * and whether to show it, interests, and where they live. What the form starts with is the saved profile.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const member = await requireMember(call);
  const [settings, regions, interests, photos] = await Promise.all([
    getSettings(call),
    getRegions(call),
    getInterests(call),
    loadOwnPhotos(call),
  ]);
  const locale = localeOf(context);
  const { profile } = member;
  const shown = new Set(settings.visible_profile_fields);
  return {
    profile: {
      name: profile.name,
      about: profile.about,
      sexuality: profile.sexuality,
      sexuality_public: profile.sexuality_public ? "on" : undefined,
      ...Object.fromEntries(descriptiveFields.map((field) => [field, profile[field] ?? ""])),
      interests: profile.interests.map(String),
      country: profile.country,
      region: profile.region ?? "",
      city: profile.city ?? "",
    },
    descriptive: descriptiveFields.filter((field) => shown.has(field)),
    countries: countryOptions(locale, settings.countries),
    regions: sortByName(locale, [...regions]),
    interests: sortByName(
      locale,
      interests.map((i) => ({ id: String(i.id), name: i.names[locale] ?? i.names.en ?? i.slug })),
    ),
    photos,
    premium: member.paid_user,
    constraint: getZodConstraint(profileUpdateSchema),
    title: getI18n(context).t("profileEditor.title"),
  };
}

/** Three kinds of form post here: the profile, a photo upload, and a photo's buttons. */
export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  await requireMember(call);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "upload") {
    const answer = await uploadPhoto(call, formData);
    return answer instanceof Response ? answer : data(answer, refusalStatus(answer.error));
  }
  // The buttons beside a photo: with the API unavailable, back to the photos with "try again" (docs/product.md §7.3).
  if (intent === "photo") return flashWhenApiUnavailable(request, "/profile#photos", () => changePhoto(call, formData));
  return saveProfile(call, formData);
}

async function saveProfile(call: CallContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: profileUpdateSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await callApi(call, "/profile.php", { method: "PUT", body: submission.value, schema: userResponseSchema });
  } catch (error) {
    // docs/product.md §7.3: an outage answers the form again with what was typed.
    if (isApiUnavailable(error)) return data(apiUnavailableReply(submission), apiUnavailableStatus);
    if (!(error instanceof ApiCallError) || error.status >= 500) throw error;
    const { fieldErrors, formErrors } = apiFormErrors(error);
    return data(submission.reply({ fieldErrors, formErrors }), { status: 400 });
  }
  return redirectWithFlash(call.request, "/profile", { message: "profileEditor.saved" });
}

/** A labelled select of the form with its error: the sexuality, the descriptive fields, country and region. */
function SelectField({
  field,
  label,
  className = "mb-3",
  autoComplete,
  children,
}: {
  field: Parameters<typeof getSelectProps>[0];
  label: string;
  className?: string;
  autoComplete?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="form-label">
        {label}
      </label>
      <select
        {...getSelectProps(field)}
        autoComplete={autoComplete}
        className={`form-select${field.errors ? " is-invalid" : ""}`}
      >
        {children}
      </select>
      <FieldError field={field} />
    </div>
  );
}

/** The form's fields as the browser posts them: text, or several values for the interests. */
type ProfileForm = {
  [Name in keyof z.input<typeof profileUpdateSchema>]: Name extends "interests" ? string[] : string;
};

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useActionData<typeof action>();
  const uploadError = answer && "form" in answer && answer.form === "upload" ? answer.error : undefined;
  const lastResult = answer && !("form" in answer) ? answer : undefined;
  const hydrated = useHydrated();
  const [form, fields] = useForm<ProfileForm>({
    id: "profile",
    lastResult,
    constraint: loaderData.constraint,
    defaultValue: loaderData.profile,
  });
  const interests = fields.interests.value;
  const chosenInterests = new Set(Array.isArray(interests) ? interests : interests ? [interests] : []);
  // Without JavaScript every country's regions are offered, grouped; with it, only the chosen country's.
  const country = fields.country.value;
  const regionCountries = hydrated ? loaderData.countries.filter((c) => c.code === country) : loaderData.countries;

  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <h1 className="h3 mb-2">{loaderData.title}</h1>
      <p className="text-body-secondary mb-4">{t("profileEditor.lead")}</p>
      <OwnPhotos
        photos={loaderData.photos.photos}
        limit={loaderData.photos.limit}
        premium={loaderData.premium}
        uploadError={uploadError}
      />
      <Form method="post" {...getFormProps(form)}>
        <FormError form={form} />
        <div className="row g-4">
          <section className="col-12 col-lg-6" aria-labelledby="about-title">
            <h2 id="about-title" className="h5">
              {t("profileEditor.basicsTitle")}
            </h2>
            <InputField
              field={fields.name}
              label="signup.name"
              type="text"
              autoComplete="nickname"
              hint={t("signup.nameHint")}
            />
            <div className="mb-3">
              <label htmlFor={fields.about.id} className="form-label">
                {t("profile.about")}
              </label>
              <textarea
                {...getTextareaProps(fields.about)}
                rows={6}
                maxLength={aboutMaxLength}
                className={`form-control${fields.about.errors ? " is-invalid" : ""}`}
              />
              <FieldError field={fields.about} />
            </div>
            <SelectField field={fields.sexuality} label={t("fields.labels.sexuality")} className="mb-2">
              {(["straight", "gay", "bi"] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`fields.sexualities.${value}`)}
                </option>
              ))}
            </SelectField>
            <div className="form-check mb-3">
              <input
                {...getInputProps(fields.sexuality_public, { type: "checkbox", value: "on" })}
                className="form-check-input"
                aria-describedby="sexuality-hint"
              />
              <label htmlFor={fields.sexuality_public.id} className="form-check-label">
                {t("profileEditor.sexualityPublic")}
              </label>
              <div id="sexuality-hint" className="form-text">
                {t("profileEditor.sexualityHint")}
              </div>
            </div>
          </section>

          <section className="col-12 col-lg-6" aria-labelledby="details-title">
            <h2 id="details-title" className="h5">
              {t("profile.details")}
            </h2>
            <div className="row g-3 mb-3">
              {loaderData.descriptive.map((name) => {
                const field = fields[name];
                return (
                  <SelectField key={name} field={field} label={t(`fields.labels.${name}`)} className="col-12 col-sm-6">
                    <option value="">{t("profileEditor.notSaid")}</option>
                    {profileFieldValues[name].map((value) => (
                      <option key={value} value={value}>
                        {t(keyOf(`${fieldValueKey[name]}.${value}`))}
                      </option>
                    ))}
                  </SelectField>
                );
              })}
            </div>

            <fieldset
              className="mb-3"
              aria-describedby={fields.interests.errors ? fields.interests.errorId : undefined}
            >
              <legend className="h5">{t("profile.interests")}</legend>
              <div className="row row-cols-2 row-cols-sm-3 g-1">
                {loaderData.interests.map((interest) => (
                  <div className="col" key={interest.id}>
                    <div className="form-check">
                      <input
                        type="checkbox"
                        className="form-check-input"
                        id={`interest-${interest.id}`}
                        name={fields.interests.name}
                        value={interest.id}
                        defaultChecked={chosenInterests.has(interest.id)}
                      />
                      <label className="form-check-label" htmlFor={`interest-${interest.id}`}>
                        {interest.name}
                      </label>
                    </div>
                  </div>
                ))}
              </div>
              <FieldError field={fields.interests} />
            </fieldset>
          </section>

          <section className="col-12 col-lg-6" aria-labelledby="location-title">
            <h2 id="location-title" className="h5">
              {t("profileEditor.locationTitle")}
            </h2>
            {/* "Use my location" with JavaScript only; its code loads when pressed (this page is at its budget). */}
            {hydrated && (
              <div className="mb-3">
                <button
                  type="button"
                  className="btn btn-outline-dark"
                  // Read now: React clears the event's currentTarget once the handler returns.
                  onClick={({ currentTarget }) =>
                    import("~/services/locate-place").then((m) => m.locatePlace(currentTarget, t))
                  }
                >
                  {t("profileEditor.useLocation")}
                </button>
                <p className="form-text" role="status" />
              </div>
            )}
            <SelectField field={fields.country} label={t("signup.country")} autoComplete="country">
              {loaderData.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <SelectField field={fields.region} label={t("signup.region")}>
              <option value="">{t("signup.optional")}</option>
              {regionCountries.map((c) => (
                <optgroup key={c.code} label={c.name}>
                  {loaderData.regions
                    .filter((r) => r.country === c.code)
                    .map((r) => (
                      <option key={r.code} value={r.code}>
                        {r.name}
                      </option>
                    ))}
                </optgroup>
              ))}
            </SelectField>
            <InputField field={fields.city} label="signup.city" type="text" autoComplete="address-level2" />
          </section>
        </div>
        <SubmitButton>{t("profileEditor.save")}</SubmitButton>
      </Form>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
