import { Form, Link, useFetcher, useLocation } from "react-router";
import { FictionalMarker } from "~/components/fictional-marker";
import { Icon } from "~/components/icons";
import { SubmitButton } from "~/components/submit-button";
import { useChatLive, useTypingSignal } from "~/hooks/use-chat-live";
import { useDates } from "~/hooks/use-dates";
import type { CommonKey } from "~/i18n/keys";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import type { ChatGift, ChatPrice, ChatPrices, SendRefusal } from "~/services/chat";
import { formatMoney } from "~/services/money";
import { creditsBadgeTone } from "~/services/site-info";
import type { Message } from "../../../contract/chat";
import { giftImage } from "../../../contract/gifts";
import type { ProfileCard } from "../../../contract/members";
import { ChatIcon } from "./chat-icons";
import { Avatar, MessageBody } from "./chat-parts";

export interface ConversationData {
  /** Null before the first message: the page of a member one has not written to yet. */
  id: number | null;
  profile: ProfileCard;
  messages: Message[];
  hasEarlier: boolean;
  readOnly: boolean;
  otherReadUpTo: number;
  photosRevealed: boolean;
}

/**
 * The open conversation (docs/product.md §2 chat screen): the in-chat top bar, the messages (newest at the bottom,
 * earlier ones paged in), and the send footer. `action` is where its forms post: `/chats/{id}`, or
 * `/members/{id}/chat` before the first message.
 */
export function Conversation(props: {
  conversation: ConversationData;
  action: string;
  cdnPrefix: string;
  credits: number;
  prices: ChatPrices;
  gifts: ChatGift[];
  keys: { text: string; gift: string; photo: string };
  refusal?: SendRefusal | null;
}) {
  const { conversation } = props;
  const { t } = useTranslation();
  const dates = useDates();
  const location = useLocation();
  const newestId = conversation.messages.at(-1)?.id ?? 0;
  const live = useChatLive({ conversation: conversation.id, newestId });
  const readUpTo = Math.max(conversation.otherReadUpTo, live.otherReadUpTo);
  const giftsOpen = new URLSearchParams(location.search).has("gift");
  const { profile } = conversation;
  return (
    <section className="chat-conversation d-flex flex-column flex-grow-1 min-h-0 min-w-0" aria-labelledby="chat-with">
      <ChatTopBar {...props} />
      <div className="chat-messages d-flex bg-body-tertiary flex-grow-1 p-2" aria-live="polite">
        <div className="chat-column w-100 mx-auto">
          {/* In every conversation with a fictional profile, an empty one too (docs/product.md §2.19). */}
          {profile.fictional && <p className="alert alert-info small mb-2">{t("profile.fictionalNotice")}</p>}
          {conversation.hasEarlier && conversation.id !== null && (
            <p className="text-center">
              <Link
                to={`/chats/${conversation.id}?before=${conversation.messages[0]?.id ?? ""}`}
                className="btn btn-sm btn-light"
              >
                {t("chat.showEarlier")}
              </Link>
            </p>
          )}
          {conversation.messages.length === 0 && (
            <p className="text-center text-body-secondary">{t("chat.startWith", { name: profile.name })}</p>
          )}
          <ol className="list-unstyled mb-0 d-flex flex-column gap-2">
            {conversation.messages.map((message) => (
              <li
                key={message.id}
                id={`m${message.id}`}
                className={`chat-bubble ${message.mine ? "chat-bubble-mine text-bg-primary" : "chat-bubble-theirs bg-body"}`}
              >
                <MessageBody
                  message={message}
                  revealed={conversation.photosRevealed}
                  conversationId={conversation.id ?? 0}
                />
                <span className="d-block small">
                  <time dateTime={message.created_at}>{dates.format("moment", message.created_at)}</time>
                  {message.mine ? (
                    <>
                      {" · "}
                      {t("chat.cost", { count: message.credits })}
                      {message.id <= readUpTo && ` · ${t("chat.read")}`}
                    </>
                  ) : (
                    !message.removed && (
                      <>
                        {" · "}
                        <Link
                          to={`/report?subject=message&id=${message.id}&back=${encodeURIComponent(`/chats/${conversation.id ?? ""}`)}`}
                        >
                          {t("report.message")}
                        </Link>
                      </>
                    )
                  )}
                </span>
              </li>
            ))}
          </ol>
          {live.typing && (
            <p className="small text-body-secondary mt-2" role="status">
              {t("chat.typing", { name: profile.name })}
            </p>
          )}
          {conversation.id !== null && (
            <p className="text-center small mt-3 mb-0">
              <Link to={`/chats/${conversation.id}`} reloadDocument>
                {t("chat.refresh")}
              </Link>
            </p>
          )}
        </div>
      </div>
      {conversation.readOnly ? (
        <p className="chat-footer border-top p-3 mb-0 text-body-secondary">{t("chat.readOnly")}</p>
      ) : (
        <SendFooter {...props} giftsOpen={giftsOpen} />
      )}
    </section>
  );
}

// Whole class names, so that the CSS build keeps them (it keeps only the names it finds in the sources).
const creditsBadgeClass = {
  danger: "text-bg-danger",
  warning: "bg-warning text-body",
  none: "text-bg-light border",
} as const;

/** The in-chat top bar: back to the list (phones), the other member, the credit badge and the info menu. */
function ChatTopBar({ conversation, cdnPrefix, credits, action }: Parameters<typeof Conversation>[0]) {
  const { t, formatNumber } = useTranslation();
  const { profile } = conversation;
  const tone = creditsBadgeTone(credits);
  return (
    <header className="chat-top-bar d-flex align-items-center gap-2 p-2 border-bottom bg-body">
      <Link to="/chats" className="btn btn-sm btn-link d-md-none" title={t("chat.backToList")}>
        <span aria-hidden="true">←</span>
        <span className="visually-hidden">{t("chat.backToList")}</span>
      </Link>
      <Avatar profile={profile} cdnPrefix={cdnPrefix} size={40} />
      {/* The name first: only it gives way, and never the fictional marker beside it (docs/product.md §2.19). */}
      <h1 id="chat-with" className="h6 mb-0 me-auto min-w-0 d-flex align-items-center">
        <Link to={`/members/${profile.id}`} className="text-body text-decoration-none text-truncate">
          {t("chat.with", { name: profile.name, age: profile.age })}
        </Link>
        {profile.fictional && <FictionalMarker />}
      </h1>
      {/* Icons, so that the name has the room (docs/product.md §2.19); their words are their names. A balance is
          money: never capped at 99+ as counts are. */}
      <Link
        to="/credits"
        className={`badge rounded-pill text-decoration-none flex-shrink-0 ${creditsBadgeClass[tone ?? "none"]}`}
        aria-label={t("chat.creditsLeft", { count: credits, formatted: formatNumber(credits) })}
      >
        <Icon name="coins" size="1.2em" className="icon-inline" /> {formatNumber(credits)}
      </Link>
      <details className="dropdown flex-shrink-0">
        <summary className="btn btn-sm btn-light border" aria-label={t("chat.info")}>
          <ChatIcon name="info" /> <span className="d-none d-sm-inline">{t("chat.info")}</span>
        </summary>
        <ul className="dropdown-menu show-when-open shadow">
          <li>
            <Link className="dropdown-item" to={`/members/${profile.id}`}>
              {t("chat.viewProfile")}
            </Link>
          </li>
          <li>
            <Form method="post" action={`/members/${profile.id}`}>
              <input type="hidden" name="intent" value="block" />
              <button type="submit" className="dropdown-item">
                {t("profile.block")}
              </button>
            </Form>
          </li>
          {conversation.id !== null && (
            <li>
              <Link className="dropdown-item" to={`${action}?confirm=delete`}>
                {t("chat.delete")}
              </Link>
            </li>
          )}
          <li>
            <Link className="dropdown-item" to={`/members/${profile.id}?confirm=delete-chats`}>
              {t("chat.deleteAllWith", { name: profile.name })}
            </Link>
          </li>
        </ul>
      </details>
    </header>
  );
}

function priceText(t: ReturnType<typeof useTranslation>["t"], locale: string, price: ChatPrice) {
  return price.money
    ? t("chat.price", { count: price.credits, money: formatMoney(locale, price.money) })
    : t("chat.cost", { count: price.credits });
}

/**
 * The send footer, one row on a phone: the photo and gift buttons (icons, named with their price for screen readers),
 * the text field and the send button, with every price in words below. With JavaScript a text appears at once and is
 * confirmed, or marked failed with a retry under the same key; without, the post redirects back to the conversation
 * at its newest message. A refusal is said at the field and keeps what was typed.
 */
function SendFooter(props: Parameters<typeof Conversation>[0] & { giftsOpen: boolean }) {
  const { action, prices, keys, refusal, conversation, gifts, giftsOpen } = props;
  const { t, locale } = useTranslation();
  const sender = useFetcher<SendRefusal>();
  const typing = useTypingSignal(conversation.id);
  const failed = sender.state === "idle" ? sender.data : undefined;
  const shown = failed ?? refusal;
  const pendingText = sender.state !== "idle" ? String(sender.formData?.get("text") ?? "") : null;
  const photoPrice = priceText(t, locale, prices.photo);
  const giftPrice = priceText(t, locale, prices.gift);
  const error = shown && (
    <p
      className="invalid-feedback d-block mb-1"
      id={shown.intent === "photo" ? "photo-error" : "send-error"}
      role="alert"
    >
      {t(keyOf(shown.error) as CommonKey, shown.values)}{" "}
      {shown.error === "chat.notEnoughCredits" && <Link to="/credits">{t("chat.buyCredits")}</Link>}
      {shown.error === "chat.premiumOnly" && <Link to="/premium">{t("chat.getPremium")}</Link>}
      {shown.error === "chat.invisibleSender" && <Link to="/notifications">{t("chat.toSettings")}</Link>}
    </p>
  );
  return (
    <footer className="chat-footer border-top bg-body p-2">
      <div className="chat-column mx-auto">
        {pendingText && (
          <p className="chat-bubble chat-bubble-mine text-bg-primary mb-2" role="status">
            <span className="chat-text">{pendingText}</span>
            <span className="d-block small">{t("chat.sending")}</span>
          </p>
        )}
        {failed?.intent === "text" && failed.text && (
          <div className="chat-bubble chat-bubble-mine text-white bg-danger mb-2">
            <span className="chat-text">{failed.text}</span>
            <sender.Form method="post" action={action} className="d-inline">
              <input type="hidden" name="intent" value="text" />
              <input type="hidden" name="text" value={failed.text} />
              <input type="hidden" name="key" value={keys.text} />
              <span className="d-block small">
                {t("chat.notSent")}{" "}
                <button type="submit" className="btn btn-link btn-sm p-0 text-white">
                  {t("chat.retry")}
                </button>
              </span>
            </sender.Form>
          </div>
        )}
        {shown?.intent !== "gift" && error}
        {conversation.id !== null && (
          <Form id="chat-photo-form" method="post" action={action} encType="multipart/form-data">
            <input type="hidden" name="intent" value="photo" />
            <input type="hidden" name="key" value={keys.photo} />
          </Form>
        )}
        <div className="chat-composer d-flex flex-wrap gap-1 align-items-end">
          {conversation.id !== null && (
            // The photo form's controls, in the row by their `form` attribute. The file input is hidden behind its
            // label, a button that opens the file picker with or without JavaScript; "Send photo" shows once a file
            // is chosen, on a row of its own above (w-100).
            <>
              <input
                id="chat-photo"
                form="chat-photo-form"
                name="photo"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                required
                className="visually-hidden"
                aria-describedby={shown?.intent === "photo" ? "photo-error" : undefined}
              />
              <SubmitButton form="chat-photo-form" className="btn btn-sm btn-primary w-100">
                {t("chat.sendPhoto")}
              </SubmitButton>
              <label htmlFor="chat-photo" className="btn btn-light border" title={photoPrice}>
                <ChatIcon name="camera" />
                <span className="visually-hidden">{t("chat.photoLabel", { price: photoPrice })}</span>
              </label>
            </>
          )}
          <Link
            to={giftsOpen ? "?" : "?gift=1"}
            className="btn btn-light border"
            aria-expanded={giftsOpen}
            title={giftPrice}
          >
            <ChatIcon name="gift" />
            <span className="visually-hidden">{t("chat.sendGift", { price: giftPrice })}</span>
          </Link>
          {/* A fetcher's form is a plain form in the server's HTML: one element before and after hydration, so
              nothing typed before the scripts ran is lost. */}
          <sender.Form
            method="post"
            action={action}
            className="d-flex gap-1 align-items-end flex-grow-1 min-w-0"
            key={keys.text}
          >
            <input type="hidden" name="intent" value="text" />
            <input type="hidden" name="key" value={keys.text} />
            <label htmlFor="chat-text" className="visually-hidden">
              {t("chat.writeLabel")}
            </label>
            <textarea
              id="chat-text"
              name="text"
              // Two lines: room for the placeholder of every language on a phone. One column: its width comes from
              // the row, so that it never pushes the row onto two lines.
              rows={2}
              cols={1}
              required
              className="form-control"
              placeholder={t("chat.writePlaceholder")}
              defaultValue={shown?.text ?? ""}
              aria-describedby={shown && shown.intent !== "photo" ? "send-error chat-price" : "chat-price"}
              aria-invalid={shown?.intent === "text" ? true : undefined}
              onInput={typing}
            />
            <SubmitButton className="btn btn-primary">{t("chat.send")}</SubmitButton>
          </sender.Form>
        </div>
        {/* Every price in credits and money, the photo's and the gift's marked by their buttons' icons. */}
        <p id="chat-price" className="small text-body-secondary text-end mb-0">
          <span>{t("chat.pricePerMessage", { price: priceText(t, locale, prices.message) })}</span>
          {conversation.id !== null && (
            <span>
              {" · "}
              <ChatIcon name="camera" className="icon-inline" />
              <span className="visually-hidden">{t("chat.kinds.photo")}</span> {photoPrice}
            </span>
          )}
          <span>
            {" · "}
            <ChatIcon name="gift" className="icon-inline" />
            <span className="visually-hidden">{t("chat.kinds.gift")}</span> {giftPrice}
          </span>
        </p>
        {shown?.intent === "gift" && <div className="mt-2">{error}</div>}
        {giftsOpen && (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label={t("chat.gifts")}>
            {gifts.map((gift) => (
              <li key={gift.id}>
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="gift" />
                  <input type="hidden" name="gift" value={gift.id} />
                  <input type="hidden" name="key" value={`${keys.gift}-${gift.id}`} />
                  <button type="submit" className="btn btn-light border d-flex flex-column align-items-center p-2">
                    <img src={giftImage(gift.id)} alt="" width={48} height={48} />
                    <span className="small">{t(`gifts.names.${gift.id}`)}</span>
                    <span className="small text-body-secondary">{priceText(t, locale, gift)}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </footer>
  );
}

/**
 * The icebreaker (docs/product.md §2): before a first message, a few opening lines in the member's language and the
 * price. Choosing a line puts it in the text field (a link, so it works without JavaScript); close and "no, thanks"
 * only close it.
 */
export function Icebreaker({ name, prices }: { name: string; prices: ChatPrices }) {
  const { t, locale } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  if (params.get("icebreaker") === "0" || params.has("line")) return null;
  const closed = `${location.pathname}?icebreaker=0`;
  const lines = [1, 2, 3] as const;
  return (
    <div className="entry-warning" role="dialog" aria-modal="true" aria-labelledby="icebreaker-title">
      <div className="entry-warning-card card shadow-lg">
        <div className="card-body p-4">
          <div className="d-flex align-items-start">
            <h2 id="icebreaker-title" className="h5 me-auto">
              {t("chat.icebreaker.title", { name })}
            </h2>
            <Link to={closed} className="btn-close" aria-label={t("chat.icebreaker.close")} />
          </div>
          <p className="small text-body-secondary">
            {t("chat.icebreaker.intro", { price: priceText(t, locale, prices.message) })}
          </p>
          <ul className="list-unstyled d-flex flex-column gap-2">
            {lines.map((line) => (
              <li key={line}>
                <Link to={`${location.pathname}?line=${line}`} className="btn btn-outline-primary w-100">
                  {t(`chat.icebreaker.lines.${line}`, { name })}
                </Link>
              </li>
            ))}
          </ul>
          <Link to={closed} className="btn btn-link p-0">
            {t("chat.icebreaker.no")}
          </Link>
        </div>
      </div>
    </div>
  );
}
