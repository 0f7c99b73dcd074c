import type { NextFunction, Request, Response } from "express";
import { publicPhotoCacheControl } from "../api/adapters/file-storages";
import { type FileStorage, photoContentType } from "../api/adapters/storage";

const photoName = /^[A-Za-z0-9_-]+\.(jpg|webp)$/;

/**
 * GET /uploads/photos/{file} read from the photo storage, for sites whose photos live in a bucket but whose
 * cdn_prefix still points here (a CDN or the bucket's own address in cdn_prefix takes this load off the server).
 */
export function servePublicPhotos(photos: FileStorage) {
  return async (req: Request<{ file: string }>, res: Response, next: NextFunction) => {
    if (!photoName.test(req.params.file)) return next();
    try {
      const bytes = await photos.get(req.params.file);
      if (!bytes) return next();
      res.set({ "Content-Type": photoContentType(req.params.file), "Cache-Control": publicPhotoCacheControl });
      res.send(bytes);
    } catch (error) {
      next(error);
    }
  };
}
