import { Form } from "react-router";
import { MemberPhoto } from "~/components/member-photo";
import { type Translate, useTranslation } from "~/i18n/translator";
import type { Message } from "../../../contract/chat";
import { giftImage } from "../../../contract/gifts";
import type { ProfileCard } from "../../../contract/members";

/** A member's approved main photo, round, or the neutral placeholder (docs/product.md §2). */
export function Avatar({ profile, cdnPrefix, size }: { profile: ProfileCard; cdnPrefix: string; size: number }) {
  return profile.main_image ? (
    <MemberPhoto
      src={`${cdnPrefix}/${profile.main_image.thumb_filename}`}
      alt=""
      width={size}
      height={size}
      className="rounded-circle object-fit-cover flex-shrink-0"
    />
  ) : (
    <svg width={size} height={size} className="flex-shrink-0" aria-hidden="true">
      <circle cx={size / 2} cy={size / 2} r={size / 2} fill="#e9ecef" />
    </svg>
  );
}

/** What the list shows of a last message: its text, or only its kind. */
export function lastMessageText(t: Translate, message: Message) {
  if (message.removed) return t("chat.removed");
  if (message.kind === "photo") return t("chat.kinds.photo");
  if (message.kind === "gift") return t("chat.kinds.gift");
  return message.text ?? "";
}

/**
 * A photo's address in the web tier, which asks the API on the member's behalf (chat-photo.php). No file extension:
 * the static-file middleware would take it for one of its files and type the answer before the page route runs.
 */
export const chatPhotoUrl = (messageId: number, width: 320 | 800, format: "webp" | "jpeg") =>
  `/chat-photos/${messageId}/${width}/${format}`;

/** The blurred small picture the server made of a photo: all its receiver loads before consenting. */
export const chatPhotoPreviewUrl = (messageId: number) => `/chat-photos/${messageId}/preview/jpeg`;

/**
 * One message. A photo from the other member shows as the server's blurred preview until this member chooses to see
 * the photos of this conversation (a form, so it works without JavaScript): the photo itself is not loaded, nor
 * loadable, before that. A photo awaiting moderation is 'Picture being inspected'.
 */
export function MessageBody({
  message,
  revealed,
  conversationId,
}: {
  message: Message;
  revealed: boolean;
  conversationId: number;
}) {
  const { t } = useTranslation();
  if (message.removed) return <span className="small text-body-secondary">{t("chat.removed")}</span>;
  if (message.kind === "gift" && message.gift)
    return (
      <span className="d-flex flex-column align-items-center gap-1">
        <img src={giftImage(message.gift)} alt="" width={72} height={72} />
        <span className="small">{t("chat.giftSent", { gift: t(`gifts.names.${message.gift}`) })}</span>
      </span>
    );
  if (message.kind === "photo" && message.photo) {
    if (message.photo.status !== "approved" && !message.mine)
      return <span className="small">{t("chat.photoInspected")}</span>;
    const blurred = !message.mine && !revealed;
    const { width, height } = message.photo;
    const alt = message.mine ? t("chat.yourPhoto") : t("chat.theirPhoto");
    const shown = {
      width: Math.min(240, width),
      height: Math.round((Math.min(240, width) * height) / Math.max(1, width)),
      loading: "lazy" as const,
    };
    return (
      <span className="d-block">
        {blurred ? (
          <img
            src={chatPhotoPreviewUrl(message.id)}
            alt={alt}
            {...shown}
            className="img-fluid chat-photo-blurred rounded"
          />
        ) : (
          <picture>
            <source srcSet={chatPhotoUrl(message.id, 320, "webp")} type="image/webp" />
            <img src={chatPhotoUrl(message.id, 320, "jpeg")} alt={alt} {...shown} className="img-fluid rounded" />
          </picture>
        )}
        {message.mine && message.photo.status === "pending" && (
          <span className="d-block small">{t("chat.photoInspected")}</span>
        )}
        {blurred && (
          <Form method="post" action={`/chats/${conversationId}`} className="mt-2">
            <input type="hidden" name="intent" value="reveal" />
            <button type="submit" className="btn btn-sm btn-light">
              {t("chat.showPhotos")}
            </button>
          </Form>
        )}
      </span>
    );
  }
  return <span className="chat-text">{message.text}</span>;
}
