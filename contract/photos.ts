import { z } from "zod";

import { rejectionReasons } from "./profile-values";

export { photoLimits, type RejectionReason, rejectionReasons } from "./profile-values";

/** One of the member's own photos, whatever its state. */
export const ownPhotoSchema = z.object({
  id: z.number().int(),
  status: z.enum(["active", "pending", "rejected"]),
  is_main: z.boolean(),
  rejection_reason: z.enum(rejectionReasons).nullable(),
  /** The published thumbnail's address once the photo is active (as others load it), else null. */
  thumb_url: z.string().nullable(),
});
export type OwnPhoto = z.infer<typeof ownPhotoSchema>;

/** GET photos.php: the member's photos in their order, and how many they may have. */
export const ownPhotosResponseSchema = z.object({ photos: z.array(ownPhotoSchema), limit: z.number().int() });

export const photoIdSchema = z.object({ id: z.coerce.number().int().positive() });

/** PUT photo.php: make it the main photo, or move it one place earlier or later. */
export const photoChangeSchema = z.object({
  id: z.coerce.number().int().positive(),
  action: z.enum(["main", "earlier", "later"]),
});

/** GET photo-file.php: a variant of a photo, for its owner and for moderators (others see published photos only). */
export const photoFileQuerySchema = z.object({
  id: z.coerce.number().int().positive(),
  width: z.coerce.number().pipe(z.union([z.literal(320), z.literal(800)])),
  format: z.enum(["webp", "jpeg"]),
});

/** GET moderation-photos.php: photos waiting for a decision, oldest first, with whose they are. */
export const moderationPhotosResponseSchema = z.object({
  photos: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      member: z.object({ id: z.number().int(), name: z.string(), age: z.number().int(), country: z.string() }),
    }),
  ),
});

/** POST moderation-photo.php: a decision; a rejection says why. */
export const moderationDecisionSchema = z
  .object({
    id: z.coerce.number().int().positive(),
    decision: z.enum(["approve", "reject"]),
    reason: z.enum(rejectionReasons, { error: "moderation.reasonRequired" }).optional(),
  })
  .refine((d) => d.decision === "approve" || d.reason, { path: ["reason"], message: "moderation.reasonRequired" });
