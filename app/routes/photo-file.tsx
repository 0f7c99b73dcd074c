import { data } from "react-router";
import { ApiCallError, callApiForImage } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import type { Route } from "./+types/photo-file";

/**
 * /photo-files/{photo}/{width}/{webp|jpeg}: one of the member's own photos whatever its state (or, for a moderator,
 * one of the site's), asked of the API on their behalf. Published photos are also public files; this is how a photo
 * is seen before it is published. Kept by the browser only.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const { photo, width, format } = params;
  if (!/^\d+$/.test(photo) || !["320", "800"].includes(width) || !["webp", "jpeg"].includes(format))
    throw data(null, { status: 404 });
  try {
    const image = await callApiForImage(call, "/photo-file.php", { id: photo, width, format });
    return new Response(image.bytes, {
      headers: { "Content-Type": image.type, "Cache-Control": "private, max-age=86400, immutable" },
    });
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
