import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { SignupChoices } from "~/components/signup-steps-form";
import { signupResponseSchema } from "../../contract/signup";
import { okResponseSchema } from "../../contract/user";
import { ApiCallError, type CallContext, callApi } from "./api.server";
import { apiFormErrors } from "./api-form-errors.server";
import { apiUnavailableReply, apiUnavailableStatus, isApiUnavailable } from "./api-unavailable.server";
import { trackingOf } from "./cookies.server";
import { countryOptions, sortByName } from "./countries";
import { localeOf } from "./i18n.server";
import { getRegions, getSettings } from "./settings.server";
import {
  carriedFields,
  lastSignupStep,
  type SignupValues,
  signupConstraints,
  signupSchemaUpTo,
  stepOfField,
} from "./signup-steps";

function carried(source: Record<string, unknown>): SignupValues {
  const values: SignupValues = {};
  for (const field of carriedFields) {
    const value = source[field];
    if (typeof value === "string" && value !== "") values[field] = value;
  }
  return values;
}

/**
 * One post of the signup form: validates every answer so far; shows the next step, or the same step with its
 * errors and what was typed; after the last step creates the account through the API and goes on to `next`.
 */
export async function handleSignupStep(
  call: CallContext,
  formData: FormData,
  options: { next: string; profileId?: number },
) {
  const settings = await getSettings(call);
  const step = Math.min(Math.max(Number(formData.get("step")) || 0, 0), lastSignupStep);
  const submission = parseWithZod(formData, { schema: signupSchemaUpTo(step, settings.minimum_age) });
  const typed = carried(Object.fromEntries(formData));
  if (formData.get("intent") === "back") return data({ step: Math.max(step - 1, 0), values: typed, result: undefined });
  if (submission.status !== "success") {
    const firstBad = Math.min(...Object.keys(submission.error ?? {}).map(stepOfField), step);
    return data(
      { step: firstBad, values: typed, result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  if (step < lastSignupStep) return data({ step: step + 1, values: carried(submission.value), result: undefined });

  const { step: _step, terms: _terms, ...answers } = submission.value as unknown as Record<string, string>;
  const tracking = await trackingOf(call.request);
  try {
    await callApi(call, "/signup.php", {
      method: "POST",
      body: {
        ...answers,
        region: answers.region || undefined,
        city: answers.city || undefined,
        signup_message: answers.signup_message || undefined,
        invite_code: answers.invite_code || undefined,
        language: localeOf(call.context),
        tracking,
        profile_id: options.profileId,
      },
      schema: signupResponseSchema,
    });
  } catch (error) {
    // docs/product.md §7.3: an outage answers the form again with what was typed.
    if (isApiUnavailable(error))
      return data(
        { step: lastSignupStep, values: typed, result: apiUnavailableReply(submission, ["password"]) },
        apiUnavailableStatus,
      );
    if (!(error instanceof ApiCallError)) throw error;
    const { fields, fieldErrors, formErrors } = apiFormErrors(error, {
      signups_closed: "signup.closed",
      rate_limited: "signup.rateLimited",
    });
    const errorStep = Object.keys(fields).length ? Math.min(...Object.keys(fields).map(stepOfField)) : lastSignupStep;
    return data(
      {
        step: errorStep,
        values: typed,
        result: submission.reply({ fieldErrors, formErrors, hideFields: ["password"] }),
      },
      { status: 400 },
    );
  }
  return redirect(options.next);
}

/** Why this visitor may not sign up here (docs/product.md §6), or null when they may. */
export async function signupRefusal(call: CallContext, inviteCode: string | null): Promise<string | null> {
  const settings = await getSettings(call);
  if (settings.signups === "all") return null;
  if (settings.signups === "with_trafficsource") {
    const tracking = await trackingOf(call.request);
    return tracking?.network || tracking?.ref ? null : "signup.onlyWithTrafficSource";
  }
  if (settings.signups === "invite") return inviteCode ? inviteRefusal(call, inviteCode) : "signup.inviteOnly";
  return "signup.closed";
}

/** Whether an invite-only site takes this code: the form shows only for one the signup will take. */
async function inviteRefusal(call: CallContext, code: string): Promise<string | null> {
  if (code.trim() === "" || code.length > 40) return "signup.inviteInvalid";
  try {
    await callApi(call, "/invite.php", { query: { code }, schema: okResponseSchema });
    return null;
  } catch (error) {
    if (error instanceof ApiCallError && error.code === "invite_invalid") return "signup.inviteInvalid";
    if (error instanceof ApiCallError && error.code === "rate_limited") return "signup.rateLimited";
    throw error;
  }
}

/** What the signup form offers: the site's countries by name in the member's language, their regions, the age. */
export async function signupChoices(call: CallContext, inviteCode: string | null): Promise<SignupChoices> {
  const [settings, regions] = await Promise.all([getSettings(call), getRegions(call)]);
  const locale = localeOf(call.context);
  const countries = countryOptions(locale, settings.countries);
  return {
    minAge: settings.minimum_age,
    countries,
    regions: sortByName(locale, [...regions]),
    inviteCode,
    constraints: signupConstraints(settings.minimum_age),
  };
}
