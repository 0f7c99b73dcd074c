import { useEffect } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import type { z } from "zod";
import { FictionalMarker } from "~/components/fictional-marker";
import { useDates } from "~/hooks/use-dates";
import { useHydrated } from "~/hooks/use-hydrated";
import { useTranslation } from "~/i18n/translator";
import { badgeCount } from "~/services/site-info";
import type { chatSchema } from "../../../contract/chat";
import { Avatar, lastMessageText } from "./chat-parts";

type Chat = z.infer<typeof chatSchema>;

/**
 * The conversation list (docs/product.md §2, §3 chat list item): the other member with photo and fictional marker,
 * the last message (or only "photo" / "gift"), its time in the member's language and the unread count, newest first.
 */
export function ChatList({ chats, activeId, cdnPrefix }: { chats: Chat[]; activeId?: number; cdnPrefix: string }) {
  const { t } = useTranslation();
  if (chats.length === 0)
    return (
      <div className="p-3">
        <p className="mb-2">{t("chat.noChats")}</p>
        <Link to="/members" className="btn btn-primary btn-sm">
          {t("chat.findMembers")}
        </Link>
      </div>
    );
  return (
    <ul className="list-unstyled mb-0 chat-list" aria-label={t("chat.list")}>
      {chats.map((chat) => (
        <ChatListItem
          key={chat.conversation.id}
          chat={chat}
          active={chat.conversation.id === activeId}
          cdnPrefix={cdnPrefix}
        />
      ))}
    </ul>
  );
}

/**
 * One conversation. Deleting it with JavaScript takes it off the list at once and deletes it on the server; on
 * failure an alert says why and the list is read again (docs/product.md §4). Without JavaScript the delete link
 * leads to a confirm step.
 */
function ChatListItem({ chat, active, cdnPrefix }: { chat: Chat; active: boolean; cdnPrefix: string }) {
  const { t, formatNumber } = useTranslation();
  const dates = useDates();
  const remover = useFetcher<{ error?: string }>();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const failed = remover.state === "idle" && remover.data?.error;
  useEffect(() => {
    if (!failed) return;
    window.alert(t("chat.deleteFailed"));
    void revalidator.revalidate();
  }, [failed, t, revalidator]);
  if (remover.state !== "idle" || (remover.data && !remover.data.error)) return null;
  const { conversation, profile, num_unread_messages: unread } = chat;
  const last = conversation.last_message;
  const deleteLabel = (
    <>
      <span aria-hidden="true">×</span>
      <span className="visually-hidden">{t("chat.deleteWith", { name: profile.name })}</span>
    </>
  );
  return (
    <li className={`chat-list-item d-flex align-items-center gap-2 p-2 border-bottom${active ? " active" : ""}`}>
      <Avatar profile={profile} cdnPrefix={cdnPrefix} size={48} />
      <Link
        to={`/chats/${conversation.id}`}
        className="flex-grow-1 min-w-0 text-decoration-none text-body stretched-link-sm"
        aria-current={active ? "page" : undefined}
      >
        <span className="d-flex justify-content-between gap-2">
          <span className="fw-semibold text-truncate">
            {profile.name}
            {profile.fictional && <FictionalMarker />}
          </span>
          <time className="small text-body-secondary flex-shrink-0" dateTime={last.created_at}>
            {dates.listTime(last.created_at)}
          </time>
        </span>
        <span className="d-flex justify-content-between gap-2">
          <span className={`small text-truncate${unread ? " fw-semibold" : " text-body-secondary"}`}>
            {/* One string with its colon: French writes "Vous : …" with a space before it. */}
            {last.mine ? t("chat.youSaid", { message: lastMessageText(t, last) }) : lastMessageText(t, last)}
          </span>
          {unread > 0 && (
            <span className="badge rounded-pill bg-unread flex-shrink-0">
              <span aria-hidden="true">{badgeCount(unread, formatNumber)}</span>
              <span className="visually-hidden"> {t("nav.unreadCount", { count: unread })}</span>
            </span>
          )}
        </span>
      </Link>
      {hydrated ? (
        <remover.Form method="post" action={`/chats/${conversation.id}`}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="stay" value="1" />
          <button type="submit" className="btn btn-sm btn-link text-body-secondary" title={t("chat.delete")}>
            {deleteLabel}
          </button>
        </remover.Form>
      ) : (
        <Link
          to={`/chats/${conversation.id}?confirm=delete`}
          className="btn btn-sm btn-link text-body-secondary"
          title={t("chat.delete")}
        >
          {deleteLabel}
        </Link>
      )}
    </li>
  );
}
