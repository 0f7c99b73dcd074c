import express from "express";
import { giftIds, giftImage } from "../../contract/gifts";
import type { FileStorage } from "../adapters/storage";
import { ApiError } from "../errors";
import { isCrossSite } from "../http/cross-site";
import { idempotencyKeyOf, requestFingerprint } from "../http/idempotency";
import { type ContractRoutes, contractRoutes } from "../http/register";
import { blurredPreview, ImageRejected, imageLimits, processUploadedImage } from "../media/image-pipeline";
import { photoFile, photoFilesFor, previewFile } from "../media/photo-files";
import type { RouteDeps } from "../route-deps";
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

/** A photo sent before previews were made at upload gets its preview at its first showing, stored for the next. */
async function storePreviewOf(storage: FileStorage, key: string) {
  const small = await storage.get(photoFile(key, 320, "jpeg"));
  if (!small) return null;
  const preview = await blurredPreview(small);
  await storage.put(previewFile(key), preview);
  return preview;
}

/**
 * chats.php, chat.php, messages.php, message.php, message-photo.php, chat-photo.php, chat-photo-preview.php,
 * chat-read.php, chat-reveal.php, typing.php and gifts.php: a member reaches their own conversations only.
 */
export function chatRoutes({ db, events, storage }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;
  const live = { db, events };

  register("get", "/api/chats.php", ({ site, member }) => listChats(db, site, member));

  register("delete", "/api/chat.php", ({ member, body }) =>
    body.profile ? deleteChatsWith(db, member, body.profile) : deleteChat(db, member, body.conversation!),
  );

  // A GET another site sent (a link, a redirect) shows the messages but marks nothing read (docs/product.md §7.1).
  register("get", "/api/messages.php", ({ req, site, member, query }) =>
    conversationMessages(live, site, member, query, { markRead: !isCrossSite(req) }),
  );

  register("post", "/api/message.php", async ({ req, site, member, body, log }) => {
    const key = idempotencyKeyOf(req);
    const fingerprint = requestFingerprint("post /api/message.php", body);
    const content = body.gift ? { kind: "gift" as const, gift: body.gift } : textContent(site, body.text ?? "");
    const { written, ...sent } = await sendMessage(live, site, member, body, content, key, fingerprint);
    if (written) log.info({ userId: member.id, messageId: sent.message.id, kind: content.kind }, "message sent");
    return sent;
  });

  register(
    "post",
    "/api/message-photo.php",
    express.raw({ type: () => true, limit: imageLimits.maxBytes }),
    async ({ req, site, member, query, body, log }) => {
      const key = idempotencyKeyOf(req);
      // The photo's bytes as they came: a retry sends the same file.
      const fingerprint = requestFingerprint("post /api/message-photo.php", query, Buffer.isBuffer(body) ? body : null);
      const replay = await earlierSend(db, member, key, fingerprint);
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
      // The receiver's picture of it until they consent: made now, from the small JPEG, and stored beside it.
      const small = files.find(([file]) => file === photoFile(photoKey, 320, "jpeg"))![1];
      files.push([previewFile(photoKey), await blurredPreview(small)]);
      for (const [file, bytes] of files) await storage.put(file, bytes);
      try {
        const { written, ...sent } = await sendMessage(
          live,
          site,
          member,
          query,
          { kind: "photo", key: photoKey, width: image.width, height: image.height },
          key,
          fingerprint,
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
    const key = await chatPhotoKey(db, member, query.message, "photo");
    const bytes = await storage.get(photoFile(key, query.width, query.format));
    if (!bytes) throw new ApiError(404, "not_found", "No such photo");
    res.set("Content-Type", query.format === "webp" ? "image/webp" : "image/jpeg");
    res.set("Cache-Control", "private, max-age=86400, immutable");
    res.send(bytes);
  });

  register("get", "/api/chat-photo-preview.php", async ({ res, member, query }) => {
    const key = await chatPhotoKey(db, member, query.message, "preview");
    const bytes = (await storage.get(previewFile(key))) ?? (await storePreviewOf(storage, key));
    if (!bytes) throw new ApiError(404, "not_found", "No such photo");
    res.set("Content-Type", "image/jpeg");
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
