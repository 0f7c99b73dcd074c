import { z } from "zod";
import { giftIds } from "./gifts";
import { profileCardSchema } from "./members";

export const messageKinds = ["text", "photo", "gift"] as const;
export type MessageKind = (typeof messageKinds)[number];

/**
 * A photo in a conversation: `pending` while it awaits moderation ('Picture being inspected'); only its sender can
 * load a pending photo, the receiver sees the label alone. Its bytes come from chat-photo.php in the widths it was
 * re-encoded to.
 */
export const chatPhotoSchema = z.object({
  status: z.enum(["pending", "approved", "rejected"]),
  width: z.number().int(),
  height: z.number().int(),
});
export const chatPhotoWidths = [320, 800] as const;

/** A message: a text, a photo or a gift. `credits` is what it cost, shown to its sender only. */
export const messageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(messageKinds),
  text: z.string().nullable(),
  photo: chatPhotoSchema.nullable(),
  gift: z.enum(giftIds).nullable(),
  mine: z.boolean(),
  /** Removed by a moderator: text, photo and gift are gone from it. */
  removed: z.boolean(),
  credits: z.number().int(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** A chat list item (docs/product.md §3): the conversation, the other member, how many of their messages are unread. */
export const chatSchema = z.object({
  conversation: z.object({ id: z.number().int(), last_message: messageSchema }),
  profile: profileCardSchema,
  num_unread_messages: z.number().int(),
});
export const chatsResponseSchema = z.object({
  chats: z.array(chatSchema),
  total_unread_messages: z.number().int(),
});

/**
 * DELETE /api/chat.php: a conversation, or every conversation with a member (`profile`, docs/product.md §4), leaves
 * the member's list (the other member keeps theirs).
 */
export const chatDeleteSchema = z
  .object({
    conversation: z.coerce.number().int().positive().optional(),
    profile: z.coerce.number().int().positive().optional(),
  })
  .refine((d) => (d.conversation === undefined) !== (d.profile === undefined), "either conversation or profile");

export const messagesQuerySchema = z.object({
  conversation: z.coerce.number().int().positive(),
  /** Older messages than this one: the "show earlier" page. */
  before: z.coerce.number().int().positive().optional(),
  /** Newer messages than this one, oldest first: what a live page missed (Last-Event-ID). */
  after: z.coerce.number().int().nonnegative().optional(),
});
/**
 * A page of a conversation, oldest first. Reading the newest page marks the other member's messages read;
 * `other_read_up_to` is the newest message the other member has read (the sender's read marks); `photos_revealed`
 * says whether this member chose to see the other's photos unblurred in this conversation.
 */
export const messagesResponseSchema = z.object({
  conversation: z.object({
    id: z.number().int(),
    read_only: z.boolean(),
    other_read_up_to: z.number().int(),
    photos_revealed: z.boolean(),
  }),
  profile: profileCardSchema,
  messages: z.array(messageSchema),
  /** More messages beyond this page: earlier ones, or with `after`, later ones. */
  has_earlier: z.boolean(),
});
export const messagesPageSize = 30;

const recipient = {
  conversation: z.coerce.number().int().positive().optional(),
  to: z.coerce.number().int().positive().optional(),
};
const oneRecipient = (m: { conversation?: number; to?: number }) =>
  (m.conversation === undefined) !== (m.to === undefined);

/**
 * POST /api/message.php: a text or a gift to a conversation, or to a member (the conversation starts, or is found).
 */
export const messageSendSchema = z
  .object({ ...recipient, text: z.string().max(20_000).optional(), gift: z.enum(giftIds).optional() })
  .refine(oneRecipient, "either conversation or to")
  .refine((m) => (m.text === undefined) !== (m.gift === undefined), "either text or gift");

/** POST /api/message-photo.php?conversation=: the photo is the raw request body, checked by its content. */
export const photoSendQuerySchema = z.object({ ...recipient }).refine(oneRecipient, "either conversation or to");

/** GET /api/chat-photo.php: one re-encoded variant of a photo in one of the member's conversations. */
export const chatPhotoQuerySchema = z.object({
  message: z.coerce.number().int().positive(),
  width: z.coerce
    .number()
    .int()
    .refine((w) => (chatPhotoWidths as readonly number[]).includes(w), "a width the photo was encoded to"),
  format: z.enum(["webp", "jpeg"]),
});

/**
 * GET /api/chat-photo-preview.php: the blurred small picture of a photo in one of the member's conversations, the only
 * picture of it its receiver gets before choosing to see photos in that conversation.
 */
export const chatPhotoPreviewQuerySchema = z.object({ message: z.coerce.number().int().positive() });

/** POST /api/chat-read.php: the member has seen the conversation up to this message (an open page, live). */
export const chatReadSchema = z.object({
  conversation: z.coerce.number().int().positive(),
  up_to: z.coerce.number().int().positive(),
});
/** POST /api/chat-reveal.php: the member chose to see the other's photos in this conversation unblurred. */
export const chatRevealSchema = z.object({ conversation: z.coerce.number().int().positive() });
/** POST /api/typing.php: the member is typing in this conversation (relayed live, never stored). */
export const typingSchema = z.object({ conversation: z.coerce.number().int().positive() });

/** GET /api/gifts.php: the catalogue at the site's price. */
export const giftsResponseSchema = z.object({
  gifts: z.array(z.object({ id: z.enum(giftIds), image: z.string(), credits: z.number().int() })),
});
export const messageSendResponseSchema = z.object({
  message: messageSchema,
  conversation: z.number().int(),
  credits: z.number().int(),
});
