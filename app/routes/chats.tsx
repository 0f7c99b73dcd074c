import { data, Form, Link, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { ChatList } from "~/components/chat/chat-list";
import { Conversation, type ConversationData } from "~/components/chat/conversation";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import { type RouteHandle, useRootData } from "~/root";
import { requireMember } from "~/services/auth.server";
import { chatAction, chatPrices, loadChats, loadConversation, loadGifts } from "~/services/chat.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import type { Route } from "./+types/chats";

export const handle: RouteHandle = { hydrate: true };

/**
 * /chats and /chats/{id} (docs/product.md §2 chat screen): the conversation list beside the open conversation on wide
 * screens, one or the other on a phone. Opening a conversation reads its newest page, which marks it read.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  const member = await requireMember(call);
  const url = new URL(request.url);
  const id = params.id === undefined ? null : Number(params.id);
  if (id !== null && !(Number.isInteger(id) && id > 0)) throw data(null, { status: 404 });
  const before = Number(url.searchParams.get("before")) || undefined;
  // The conversation first: reading it marks it read, so the list and the badge after it count it so.
  const page = id === null ? null : await loadConversation(call, id, before).catch(notFound);
  const [chats, prices, gifts] = await Promise.all([
    loadChats(call),
    chatPrices(call, member),
    loadGifts(call, member),
  ]);
  const t = getI18n(context).t;
  const conversation: ConversationData | null = page && {
    id: page.conversation.id,
    profile: page.profile,
    messages: page.messages,
    hasEarlier: page.has_earlier,
    readOnly: page.conversation.read_only,
    otherReadUpTo: page.conversation.other_read_up_to,
    photosRevealed: page.conversation.photos_revealed,
  };
  return {
    chats: chats.chats,
    unreadMessages: chats.total_unread_messages,
    conversation,
    prices,
    gifts,
    credits: member.credits,
    confirmDelete: url.searchParams.get("confirm") === "delete",
    // One key per rendered form: a retried or double-clicked send is one message (docs/architecture.md "Chat").
    keys: { text: crypto.randomUUID(), gift: crypto.randomUUID(), photo: crypto.randomUUID() },
    title: page ? t("chat.titleWith", { name: page.profile.name }) : t("chat.title"),
  };
}

/** An unknown conversation, or another pair's, is a 404 page. */
function notFound(error: unknown): never {
  if (error instanceof Error && "status" in error && error.status === 404) throw data(null, { status: 404 });
  throw error;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const call = { request, context };
  await requireMember(call);
  const conversation = Number(params.id);
  if (!(Number.isInteger(conversation) && conversation > 0)) throw data(null, { status: 404 });
  return chatAction(call, { conversation });
}

/** "Typing" changes nothing on this page: no need to read it again after it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "typing" ? false : defaultShouldRevalidate;
}

export default function Chats({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const refusal = useActionData<typeof action>();
  const { chats, conversation } = loaderData;
  const cdnPrefix = root?.site.cdnPrefix ?? "";
  return (
    <main id="main" className="chat-screen d-flex flex-grow-1 min-h-0">
      <aside
        className={`chat-aside flex-shrink-0 ${conversation ? "d-none d-md-block" : "w-100"}`}
        aria-labelledby="chats-title"
      >
        <h2 id="chats-title" className={`h5 p-3 mb-0 ${conversation ? "" : "d-none"}`}>
          {t("chat.title")}
        </h2>
        {!conversation && (
          <h1 id="chats-title" className="h4 p-3 mb-0">
            {t("chat.title")}
          </h1>
        )}
        <ChatList chats={chats} activeId={conversation?.id ?? undefined} cdnPrefix={cdnPrefix} />
        {/* Phones without JavaScript get no live list: this reloads it (an open conversation has its own). */}
        {!conversation && (
          <p className="text-center small mt-3 mb-0">
            <Link to="/chats" reloadDocument>
              {t("chat.refresh")}
            </Link>
          </p>
        )}
      </aside>
      {conversation &&
        (loaderData.confirmDelete && conversation.id !== null ? (
          <section className="flex-grow-1 p-4">
            <h1 className="h4">{t("chat.deleteConfirmTitle", { name: conversation.profile.name })}</h1>
            <p>{t("chat.deleteConfirm", { name: conversation.profile.name })}</p>
            <Form method="post" className="d-flex gap-2">
              <input type="hidden" name="intent" value="delete" />
              <SubmitButton className="btn btn-danger">{t("chat.delete")}</SubmitButton>
              <Link to={`/chats/${conversation.id}`} className="btn btn-light border">
                {t("chat.keep")}
              </Link>
            </Form>
          </section>
        ) : (
          <Conversation
            conversation={conversation}
            action={`/chats/${conversation.id}`}
            cdnPrefix={cdnPrefix}
            credits={loaderData.credits}
            prices={loaderData.prices}
            gifts={loaderData.gifts}
            keys={loaderData.keys}
            refusal={refusal && "error" in refusal ? refusal : null}
          />
        ))}
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: args.loaderData?.title ?? "",
    indexable: false,
    unreadMessages: args.loaderData?.unreadMessages,
  });
}
