import type { NextFunction, Request, Response } from "express";
import { publicPhotoCacheControl } from "../api/adapters/file-storages";
import type { FileStorage } from "../api/adapters/storage";

const types: Record<string, string> = { jpg: "image/jpeg", webp: "image/webp" };
const photoName = /^[A-Za-z0-9_-]+\.(jpg|webp)$/;

/**
 * GET /uploads/photos/{file} read from the photo storage, for sites whose photos live in a bucket but whose
 * cdn_prefix still points here (a CDN or the bucket's own address in cdn_prefix takes this load off the server).
 */
export function servePublicPhotos(photos: FileStorage) {
  return async (req: Request<{ file: string }>, res: Response, next: NextFunction) => {
    const match = photoName.exec(req.params.file);
    if (!match) return next();
    try {
      const bytes = await photos.get(req.params.file);
      if (!bytes) return next();
      res.set({ "Content-Type": types[match[1]!]!, "Cache-Control": publicPhotoCacheControl });
      res.send(bytes);
    } catch (error) {
      next(error);
    }
  };
}
