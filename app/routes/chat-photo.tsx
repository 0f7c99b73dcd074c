import { data } from "react-router";
import { ApiCallError, callApiForImage } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import type { Route } from "./+types/chat-photo";

/**
 * /chat-photos/{message}/{width}/{webp|jpeg}: a photo of one of the member's conversations, asked of the API on their
 * behalf (only the two members reach it; a photo awaiting moderation only its sender; its receiver only after
 * choosing to see photos in the conversation). /chat-photos/{message}/preview/jpeg is its blurred small picture, all
 * the receiver gets before that. Kept by the browser only.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const { message, width, format } = params;
  if (!/^\d+$/.test(message)) throw data(null, { status: 404 });
  const preview = width === "preview" && format === "jpeg";
  if (!preview && (!["320", "800"].includes(width) || !["webp", "jpeg"].includes(format)))
    throw data(null, { status: 404 });
  try {
    const image = preview
      ? await callApiForImage(call, "/chat-photo-preview.php", { message })
      : await callApiForImage(call, "/chat-photo.php", { message, width, format });
    return new Response(image.bytes, {
      headers: { "Content-Type": image.type, "Cache-Control": "private, max-age=86400, immutable" },
    });
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
