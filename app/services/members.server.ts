import { data } from "react-router";
import { profileResponseSchema } from "../../contract/members";
import { landingResponseSchema } from "../../contract/seo";
import { ApiCallError, type CallContext, callApi } from "./api.server";
import { localeOf } from "./i18n.server";
import { getInterests } from "./settings.server";

/** A profile as the viewer may see it, with its interests named in the viewer's language; 404 when hidden. */
export async function loadProfile(call: CallContext, id: string) {
  if (!/^\d+$/.test(id)) throw data(null, { status: 404 });
  try {
    const [{ profile }, interests] = await Promise.all([
      callApi(call, "/profile.php", { query: { id }, schema: profileResponseSchema }),
      getInterests(call),
    ]);
    const locale = localeOf(call.context);
    const names = new Map(interests.map((i) => [i.id, i.names[locale] ?? i.names.en ?? i.slug]));
    return {
      ...profile,
      interestNames: profile.interests.map((i) => names.get(i)).filter((n): n is string => Boolean(n)),
    };
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 400))
      throw data(null, { status: 404 });
    throw error;
  }
}

/** A member landing's card and about-me (docs/product.md §2.23); 404 when the member is hidden or the id is no number. */
export async function loadLanding(call: CallContext, id: string) {
  if (!/^\d+$/.test(id)) throw data(null, { status: 404 });
  try {
    return (await callApi(call, "/landing.php", { query: { id }, schema: landingResponseSchema })).profile;
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 400))
      throw data(null, { status: 404 });
    throw error;
  }
}
