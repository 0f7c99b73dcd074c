import path from "node:path";
import type { ApiEnv } from "../env.server";
import { s3LocationFrom, s3Storage } from "./s3-storage";
import { type FileStorage, localDiskStorage } from "./storage";

/** The two places files go (docs/architecture.md "Photos"). */
export interface FileStorages {
  /** Every photo in every size and state, chat photos too: reached only through the API's checks. */
  private: FileStorage;
  /** Published profile photos (`{name}.jpg`, `-thumb.jpg` and `.webp`), which the site's cdn_prefix serves. */
  publicPhotos: FileStorage;
}

/** Served for a week: a published photo's name is new for every photo, so it never changes under its name. */
export const publicPhotoCacheControl = "public, max-age=604800";

/** The folders `private/` and `photos/` of the bucket at S3_URL when set; else DATA_DIR/private and uploads/photos. */
export function fileStoragesFor(env: Pick<ApiEnv, "DATA_DIR" | "S3_URL">): FileStorages {
  if (env.S3_URL) {
    const location = s3LocationFrom(env.S3_URL);
    return {
      private: s3Storage(location, "private/"),
      publicPhotos: s3Storage(location, "photos/", { cacheControl: publicPhotoCacheControl }),
    };
  }
  return {
    private: localDiskStorage(path.join(env.DATA_DIR, "private")),
    publicPhotos: localDiskStorage(path.join(env.DATA_DIR, "uploads", "photos")),
  };
}
