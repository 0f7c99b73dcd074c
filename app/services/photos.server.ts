import { redirect } from "react-router";
import { z } from "zod";
import {
  moderationDecisionSchema,
  moderationPhotosResponseSchema,
  ownPhotoSchema,
  ownPhotosResponseSchema,
  photoChangeSchema,
} from "../../contract/photos";
import { okResponseSchema } from "../../contract/user";
import { ApiCallError, type CallContext, callApi } from "./api.server";
import { apiUnavailableMessage, isApiUnavailable } from "./api-unavailable.server";
import { redirectWithFlash } from "./flash.server";

/** The member's own photos and how many they may have. */
export const loadOwnPhotos = (call: CallContext) => callApi(call, "/photos.php", { schema: ownPhotosResponseSchema });

/** What an upload form answers when the photo is refused: the message at the file field (a translation key). */
export type UploadRefusal = { form: "upload"; error: string };

/**
 * The upload form of /profile: the file goes to the API as it came (the API checks it by content and re-encodes it).
 * A refused file is said at the field; a member at their limit is told so.
 */
export async function uploadPhoto(call: CallContext, formData: FormData) {
  const file = formData.get("photo");
  if (!(file instanceof File) || file.size === 0) return refusal("validation.required");
  try {
    const { photo } = await callApi(call, "/photo.php", {
      method: "POST",
      file: new Uint8Array(await file.arrayBuffer()),
      schema: z.object({ photo: ownPhotoSchema }),
    });
    const message = photo.status === "active" ? "photos.addedActive" : "photos.added";
    return redirectWithFlash(call.request, "/profile#photos", { message });
  } catch (error) {
    // docs/product.md §7.3: the upload form says "try again" (a browser never fills a file field in again).
    if (isApiUnavailable(error)) return refusal(apiUnavailableMessage);
    if (!(error instanceof ApiCallError) || error.status >= 500) throw error;
    if (error.code === "premium_required" || error.code === "photo_limit") return refusal("photos.limitReached");
    const fields = (error.data.fields ?? {}) as Record<string, string>;
    return refusal(fields.photo ?? "errors.generic");
  }
}

const refusal = (error: string): UploadRefusal => ({ form: "upload", error });

/** The buttons beside a photo: main, earlier, later, delete. */
export async function changePhoto(call: CallContext, formData: FormData) {
  const action = String(formData.get("action"));
  const id = Number(formData.get("id"));
  if (action === "delete") {
    await callApi(call, "/photo.php", { method: "DELETE", body: { id }, schema: ownPhotosResponseSchema });
    return redirectWithFlash(call.request, "/profile#photos", { message: "photos.deleted" });
  }
  const change = photoChangeSchema.parse({ id, action });
  await callApi(call, "/photo.php", { method: "PUT", body: change, schema: ownPhotosResponseSchema });
  return redirect(`/profile#photo-${id}`);
}

export const loadPendingPhotos = (call: CallContext) =>
  callApi(call, "/moderation-photos.php", { schema: moderationPhotosResponseSchema });

/** A moderator's decision on a photo; a second moderator's on the same photo is told it was taken. */
export async function decidePhoto(call: CallContext, formData: FormData) {
  const parsed = moderationDecisionSchema.safeParse({
    id: formData.get("id"),
    decision: formData.get("decision"),
    reason: formData.get("reason") || undefined,
  });
  if (!parsed.success) return { id: Number(formData.get("id")), error: "moderation.reasonRequired" };
  try {
    await callApi(call, "/moderation-photo.php", { method: "POST", body: parsed.data, schema: okResponseSchema });
  } catch (error) {
    // docs/product.md §7.3: the photo's card again with the reason chosen and "try again".
    if (isApiUnavailable(error))
      return { id: parsed.data.id, error: apiUnavailableMessage, reason: parsed.data.reason };
    if (error instanceof ApiCallError && (error.code === "already_decided" || error.status === 404))
      return redirectWithFlash(call.request, "/moderation", { message: "moderation.alreadyDecided", tone: "warning" });
    throw error;
  }
  const message = parsed.data.decision === "approve" ? "moderation.approved" : "moderation.rejectedFlash";
  return redirectWithFlash(call.request, "/moderation", { message });
}
