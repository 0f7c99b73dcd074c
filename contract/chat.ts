import { z } from "zod";
import { profileCardSchema } from "./members";

/** What a conversation's last message shows in the list: its text, or only its kind. */
export const messageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["text"]),
  text: z.string().nullable(),
  mine: z.boolean(),
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

/** DELETE /api/chat.php: the conversation leaves the member's list (the other member keeps theirs). */
export const chatDeleteSchema = z.object({ conversation: z.coerce.number().int().positive() });

export const messagesQuerySchema = z.object({
  conversation: z.coerce.number().int().positive(),
  /** Older messages than this one: the "show earlier" page. */
  before: z.coerce.number().int().positive().optional(),
});
/** A page of a conversation, oldest first; reading it marks the other member's messages read. */
export const messagesResponseSchema = z.object({
  conversation: z.object({ id: z.number().int(), read_only: z.boolean() }),
  profile: profileCardSchema,
  messages: z.array(messageSchema),
  has_earlier: z.boolean(),
});
export const messagesPageSize = 30;

/** POST /api/message.php: a text to a conversation, or to a member (the conversation starts, or is found). */
export const messageSendSchema = z
  .object({
    conversation: z.coerce.number().int().positive().optional(),
    to: z.coerce.number().int().positive().optional(),
    text: z.string().max(20_000),
  })
  .refine((m) => (m.conversation === undefined) !== (m.to === undefined), "either conversation or to");
export const messageSendResponseSchema = z.object({
  message: messageSchema,
  conversation: z.number().int(),
  credits: z.number().int(),
});
