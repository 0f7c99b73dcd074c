import { data } from "react-router";
import { ApiCallError, callApi } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import { geocodeQuerySchema, geocodeResponseSchema } from "../../contract/geocode";
import type { Route } from "./+types/geocode";

/**
 * /geocode?lat=&lon=: the "use my location" button of /profile asks here, and this asks the API on the member's
 * behalf. JSON `{ geocode }`, or `{ geocode: null }` when no place of the site is known there.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const query = geocodeQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data(null, { status: 400 });
  try {
    const params = new URLSearchParams({ lat: String(query.data.lat), lon: String(query.data.lon) });
    const answer = await callApi(call, `/geocode.php?${params}`, { schema: geocodeResponseSchema });
    return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return Response.json({ geocode: null });
    throw error;
  }
}
