import { data, redirect, useActionData } from "react-router";
import { Conversation, Icebreaker } from "~/components/chat/conversation";
import { useTranslation } from "~/i18n/translator";
import { type RouteHandle, useRootData } from "~/root";
import { requireMember } from "~/services/auth.server";
import { chatAction, chatPrices, loadChats, loadGifts } from "~/services/chat.server";
import { getI18n } from "~/services/i18n.server";
import { loadProfile } from "~/services/members.server";
import { pageMeta } from "~/services/seo";
import { profileCardSchema } from "../../contract/members";
import type { Route } from "./+types/members-id-chat";

export const handle: RouteHandle = { hydrate: true };

/**
 * /members/{id}/chat: the conversation with that member if there is one (the profile's "Send a message" and
 * "Send a gift" lead here), else the start of one, with the icebreaker before the first message.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  const member = await requireMember(call);
  const url = new URL(request.url);
  const id = Number(params.id);
  if (!(Number.isInteger(id) && id > 0) || id === member.id) throw data(null, { status: 404 });
  const chats = await loadChats(call);
  const existing = chats.chats.find((chat) => chat.profile.id === id);
  if (existing) return redirect(`/chats/${existing.conversation.id}${url.search}`);
  const [shown, prices, gifts] = await Promise.all([
    loadProfile(call, String(id)),
    chatPrices(call, member),
    loadGifts(call, member),
  ]);
  const profile = profileCardSchema.parse(shown);
  const t = getI18n(context).t;
  const line = Number(url.searchParams.get("line"));
  return {
    profile,
    prices,
    gifts,
    credits: member.credits,
    keys: { text: crypto.randomUUID(), gift: crypto.randomUUID(), photo: crypto.randomUUID() },
    // The icebreaker line the member chose, written into the text field.
    text: [1, 2, 3].includes(line) ? t(`chat.icebreaker.lines.${line as 1 | 2 | 3}`, { name: profile.name }) : "",
    title: t("chat.titleWith", { name: profile.name }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const call = { request, context };
  await requireMember(call);
  const to = Number(params.id);
  if (!(Number.isInteger(to) && to > 0)) throw data(null, { status: 404 });
  return chatAction(call, { to });
}

export default function StartChat({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const refusal = useActionData<typeof action>();
  const { profile } = loaderData;
  const { t } = useTranslation();
  const shown =
    refusal && "error" in refusal
      ? refusal
      : loaderData.text
        ? { intent: "text" as const, error: "", text: loaderData.text }
        : null;
  return (
    <main id="main" className="chat-screen d-flex flex-grow-1 min-h-0">
      <h2 className="visually-hidden">{t("chat.title")}</h2>
      <Conversation
        conversation={{
          id: null,
          profile,
          messages: [],
          hasEarlier: false,
          readOnly: false,
          otherReadUpTo: 0,
          photosRevealed: false,
        }}
        action={`/members/${profile.id}/chat`}
        cdnPrefix={root?.site.cdnPrefix ?? ""}
        credits={loaderData.credits}
        prices={loaderData.prices}
        gifts={loaderData.gifts}
        keys={loaderData.keys}
        refusal={shown}
      />
      {!shown && <Icebreaker name={profile.name} prices={loaderData.prices} />}
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
