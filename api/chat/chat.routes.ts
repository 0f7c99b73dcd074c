import express from "express";
import { giftIds, giftImage } from "../../contract/gifts";
import type { FileStorage } from "../adapters/storage";
import type { RouteDeps } from "../app";
import { ApiError } from "../errors";
import { idempotencyKeyOf } from "../http/idempotency";
import { type ContractRoutes, contractRoutes } from "../http/register";
import { ImageRejected, imageLimits, processUploadedImage } from "../media/image-pipeline";
import { photoFile, photoFilesFor } from "../media/photo-files";
import {
  chatPhotoKey,
  conversationFor,
  conversationMessages,
  deleteChat,
  deleteChatsWith,
  earlierSend,
  listChats,
  readUpTo,
  revealPhotos,
  sendMessage,
  textContent,
  typing,
} from "./chat.service";

/** Why an upload was refused, in the words of docs/product.md §8 (the web tier translates the field key). */
const photoRefusals = {
  not_an_image: "chat.photoNotImage",
  too_large: "chat.photoTooLarge",
  too_many_pixels: "chat.photoTooManyPixels",
} as const;

const removeFiles = async (storage: FileStorage, files: [string, Buffer][]) => {
  for (const [file] of files) await storage.remove(file);
};

/**
 * chats.php, chat.php, messages.php, message.php, message-photo.php, chat-photo.php, chat-read.php, chat-reveal.php,
 * typing.php and gifts.php: a member reaches their own conversations only.
 */
export function chatRoutes({ db, events, storage }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;
  const live = { db, events };

  register("get", "/api/chats.php", ({ site, member }) => listChats(db, site, member));

  register("delete", "/api/chat.php", ({ member, body }) =>
    body.profile ? deleteChatsWith(db, member, body.profile) : deleteChat(db, member, body.conversation!),
  );

  register("get", "/api/messages.php", ({ site, member, query }) => conversationMessages(live, site, member, query));

  register("post", "/api/message.php", async ({ req, site, member, body, log }) => {
    const key = idempotencyKeyOf(req);
    const content = body.gift ? { kind: "gift" as const, gift: body.gift } : textContent(site, body.text ?? "");
    const { written, ...sent } = await sendMessage(live, site, member, body, content, key);
    if (written) log.info({ userId: member.id, messageId: sent.message.id, kind: content.kind }, "message sent");
    return sent;
  });

  register(
    "post",
    "/api/message-photo.php",
    express.raw({ type: () => true, limit: imageLimits.maxBytes }),
    async ({ req, site, member, query, body, log }) => {
      const key = idempotencyKeyOf(req);
      const replay = await earlierSend(db, member, key);
      if (replay) return replay;
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new ApiError(400, "validation_failed", "Choose a photo", { fields: { photo: "validation.required" } });
      const image = await processUploadedImage(body).catch((error: unknown) => {
        if (!(error instanceof ImageRejected)) throw error;
        throw new ApiError(400, "validation_failed", "This file cannot be sent as a photo", {
          fields: { photo: photoRefusals[error.reason] },
        });
      });
      // Stored before its message exists (under a key no one can guess); removed again if the send fails.
      const conversation = (await conversationFor(db, member, query)) ?? "new";
      const photoKey = `chat/${conversation}/${crypto.randomUUID()}`;
      const files = photoFilesFor(photoKey, image.variants);
      for (const [file, bytes] of files) await storage.put(file, bytes);
      try {
        const { written, ...sent } = await sendMessage(
          live,
          site,
          member,
          query,
          { kind: "photo", key: photoKey, width: image.width, height: image.height },
          key,
        );
        // A twin request under the same key wrote the message with its own files: these are not needed.
        if (!written) await removeFiles(storage, files);
        else log.info({ userId: member.id, messageId: sent.message.id, kind: "photo" }, "message sent");
        return sent;
      } catch (error) {
        await removeFiles(storage, files);
        throw error;
      }
    },
  );

  register("get", "/api/chat-photo.php", async ({ res, member, query }) => {
    const key = await chatPhotoKey(db, member, query.message);
    const bytes = await storage.get(photoFile(key, query.width, query.format));
    if (!bytes) throw new ApiError(404, "not_found", "No such photo");
    res.set("Content-Type", query.format === "webp" ? "image/webp" : "image/jpeg");
    res.set("Cache-Control", "private, max-age=86400, immutable");
    res.send(bytes);
  });

  register("post", "/api/chat-read.php", ({ member, body }) => readUpTo(live, member, body.conversation, body.up_to));

  register("post", "/api/chat-reveal.php", ({ member, body }) => revealPhotos(db, member, body.conversation));

  register("post", "/api/typing.php", ({ member, body }) => typing(live, member, body.conversation));

  register("get", "/api/gifts.php", ({ site }) => ({
    gifts: giftIds.map((id) => ({ id, image: giftImage(id), credits: site.gift_credits })),
  }));

  return routes;
}
