import { data, redirect } from "react-router";
import { z } from "zod";
import {
  chatsResponseSchema,
  giftsResponseSchema,
  messageSendResponseSchema,
  messagesResponseSchema,
} from "../../contract/chat";
import { giftIds } from "../../contract/gifts";
import { okResponseSchema, type User } from "../../contract/user";
import { ApiCallError, type CallContext, callApi } from "./api.server";
import { apiUnavailableMessage, apiUnavailableStatus, isApiUnavailable } from "./api-unavailable.server";
import type { ChatGift, ChatPrices, SendRefusal } from "./chat";
import { redirectWithFlash } from "./flash.server";
import { getSettings } from "./settings.server";

/** Where a send goes: an open conversation, or a member one has no conversation with yet. */
export type ChatTarget = { conversation: number } | { to: number };

/** The conversation list beside every chat screen (docs/product.md §2 chat layout). */
export const loadChats = (call: CallContext) => callApi(call, "/chats.php", { schema: chatsResponseSchema });

/** A page of a conversation (newest, or the one before `before`); the newest page marks it read. */
export function loadConversation(call: CallContext, conversation: number, before?: number) {
  return callApi(call, "/messages.php", {
    query: { conversation: String(conversation), before: before ? String(before) : undefined },
    schema: messagesResponseSchema,
  });
}

/** The gift catalogue, each gift priced in credits and money like every paid action (docs/product.md §1.4). */
export async function loadGifts(call: CallContext, member: User): Promise<ChatGift[]> {
  const [{ gifts }, money] = await Promise.all([
    callApi(call, "/gifts.php", { schema: giftsResponseSchema }),
    moneyOfCredits(call, member),
  ]);
  return gifts.map((gift) => ({ id: gift.id, credits: gift.credits, money: money(gift.credits) }));
}

/**
 * What a message, a photo and a gift cost the member: credits, and money at the site's minimum message cost of the
 * member's country (docs/product.md §1.4: every paid action shows both).
 */
export async function chatPrices(call: CallContext, member: User): Promise<ChatPrices> {
  const [settings, money] = await Promise.all([getSettings(call), moneyOfCredits(call, member)]);
  return {
    message: { credits: settings.message_credits, money: money(settings.message_credits) },
    photo: { credits: settings.photo_credits, money: money(settings.photo_credits) },
    gift: { credits: settings.gift_credits, money: money(settings.gift_credits) },
    maxLength: settings.message_length,
  };
}

/** Credits in the member's money: in proportion to the minimum message cost of their country, if it has one. */
async function moneyOfCredits(call: CallContext, member: User) {
  const settings = await getSettings(call);
  const cost = settings.minimum_message_costs[member.profile.country] ?? null;
  return (credits: number) =>
    cost
      ? { cents: Math.ceil((cost.costs * 100 * credits) / settings.message_credits), currency: cost.currency }
      : null;
}

const key = z.string().regex(/^[\w-]{8,100}$/);
const conversationForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("text"), text: z.string().max(20_000), key }),
  z.object({ intent: z.literal("gift"), gift: z.enum(giftIds), key }),
  z.object({ intent: z.literal("photo"), photo: z.instanceof(File), key }),
  // `stay`: the list's script deletes in the background and stays on its page.
  z.object({ intent: z.literal("delete"), stay: z.literal("1").optional() }),
  z.object({ intent: z.literal("reveal") }),
  z.object({ intent: z.literal("typing") }),
]);

const refusalOf = (error: ApiCallError): Pick<SendRefusal, "error" | "values"> => {
  const field = (error.data.fields as Record<string, string> | undefined) ?? {};
  if (error.code === "insufficient_credits") return { error: "chat.notEnoughCredits" };
  if (error.code === "premium_required") return { error: "chat.premiumOnly" };
  if (error.code === "blocked") return { error: "chat.blocked" };
  if (error.code === "read_only") return { error: "chat.readOnly" };
  if (error.code === "invisible") return { error: "chat.invisibleSender" };
  if (error.code === "not_found") return { error: "chat.gone" };
  const message = field.text ?? field.photo;
  if (message) return { error: message, values: { max: Number(error.data.max ?? 0) } };
  return { error: "chat.sendFailed" };
};

/**
 * The chat screens' one action (docs/product.md §2 chat screen), for form posts without JavaScript and fetchers with
 * it: send a text, a gift or a photo (each under the key the form was rendered with, so a retry or a double click
 * sends once), delete the conversation, show the other's photos unblurred, say "typing". A send that
 * works goes back to the conversation at its newest message; a refused one answers the reason and the typed text.
 */
export async function chatAction(call: CallContext, target: ChatTarget) {
  const form = await call.request.formData();
  const parsed = conversationForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data(null, { status: 400 });
  const input = parsed.data;
  const conversation = "conversation" in target ? target.conversation : null;
  try {
    switch (input.intent) {
      case "text":
      case "gift":
      case "photo": {
        const sent =
          input.intent === "photo"
            ? await callApi(call, "/message-photo.php", {
                method: "POST",
                query:
                  "conversation" in target ? { conversation: String(target.conversation) } : { to: String(target.to) },
                file: new Uint8Array(await input.photo.arrayBuffer()),
                idempotencyKey: input.key,
                schema: messageSendResponseSchema,
              })
            : await callApi(call, "/message.php", {
                method: "POST",
                body: { ...target, ...(input.intent === "text" ? { text: input.text } : { gift: input.gift }) },
                idempotencyKey: input.key,
                schema: messageSendResponseSchema,
              });
        return redirect(`/chats/${sent.conversation}#m${sent.message.id}`);
      }
      case "delete":
        if (conversation === null) throw data(null, { status: 400 });
        await callApi(call, "/chat.php", { method: "DELETE", body: { conversation }, schema: okResponseSchema });
        if (input.stay) return { ok: true };
        return redirectWithFlash(call.request, "/chats", { message: "chat.deleted", tone: "info" });
      case "reveal":
        if (conversation === null) throw data(null, { status: 400 });
        await callApi(call, "/chat-reveal.php", { method: "POST", body: { conversation }, schema: okResponseSchema });
        return redirect(`/chats/${conversation}`);
      case "typing":
        if (conversation === null) throw data(null, { status: 400 });
        await callApi(call, "/typing.php", { method: "POST", body: { conversation }, schema: okResponseSchema });
        return { ok: true };
    }
  } catch (error) {
    // docs/product.md §7.3: an outage keeps the typed message in the box, with the "try again" message.
    if (isApiUnavailable(error))
      return data(
        {
          intent: input.intent,
          error: apiUnavailableMessage,
          text: input.intent === "text" ? input.text : undefined,
        } satisfies SendRefusal,
        apiUnavailableStatus,
      );
    if (!(error instanceof ApiCallError)) throw error;
    const refusal: SendRefusal = {
      intent: input.intent,
      ...refusalOf(error),
      text: input.intent === "text" ? input.text : undefined,
    };
    return data(refusal, { status: error.status });
  }
}
