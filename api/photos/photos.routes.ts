import express from "express";
import { ApiError } from "../errors";
import { type ContractRoutes, contractRoutes } from "../http/register";
import { ImageRejected, imageLimits, processUploadedImage } from "../media/image-pipeline";
import type { RouteDeps } from "../route-deps";
import {
  addPhoto,
  changePhoto,
  decidePhoto,
  deletePhoto,
  ownPhotos,
  pendingPhotos,
  photoFileKey,
} from "./photos.service";

/** Why an upload was refused (the same words as a photo in chat: docs/product.md §8). */
const photoRefusals = {
  not_an_image: "chat.photoNotImage",
  too_large: "chat.photoTooLarge",
  too_many_pixels: "chat.photoTooManyPixels",
} as const;

/**
 * photos.php, photo.php (upload, change, delete), photo-file.php, moderation-photos.php and moderation-photo.php: a
 * member reaches their own photos; moderators those of their site.
 */
export function photosRoutes({ db, storage, publicPhotos, mailer }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;
  const deps = {
    db,
    storage,
    publicPhotos,
  };

  register("get", "/api/photos.php", ({ site, member }) => ownPhotos(db, site, member));

  register(
    "post",
    "/api/photo.php",
    express.raw({ type: () => true, limit: imageLimits.maxBytes }),
    async ({ site, member, body, log }) => {
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new ApiError(400, "validation_failed", "Choose a photo", { fields: { photo: "validation.required" } });
      const image = await processUploadedImage(body).catch((error: unknown) => {
        if (!(error instanceof ImageRejected)) throw error;
        throw new ApiError(400, "validation_failed", "This file cannot be used as a photo", {
          fields: { photo: photoRefusals[error.reason] },
        });
      });
      const added = await addPhoto(deps, site, member, image);
      log.info({ userId: member.id, photoId: added.photo.id, status: added.photo.status }, "photo added");
      return added;
    },
  );

  register("put", "/api/photo.php", ({ site, member, body }) => changePhoto(db, site, member, body));

  register("delete", "/api/photo.php", ({ site, member, body }) => deletePhoto(deps, site, member, body.id));

  register("get", "/api/photo-file.php", async ({ res, site, member, query }) => {
    const bytes = await storage.get(await photoFileKey(db, site, member, query));
    if (!bytes) throw new ApiError(404, "not_found", "No such photo");
    res.set("Content-Type", query.format === "webp" ? "image/webp" : "image/jpeg");
    res.set("Cache-Control", "private, max-age=86400, immutable");
    res.send(bytes);
  });

  register("get", "/api/moderation-photos.php", ({ site, member }) => pendingPhotos(db, site, member));

  register("post", "/api/moderation-photo.php", async ({ req, site, member, body, log }) => {
    const decided = await decidePhoto({ ...deps, mailer, log }, site, member, body, req.ip ?? null);
    log.info(
      { moderatorId: member.id, photoId: body.id, decision: body.decision, reason: body.reason },
      "photo decided",
    );
    return decided;
  });

  return routes;
}
