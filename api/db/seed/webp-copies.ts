import type { FileStorage } from "../../adapters/storage";
import type { Db } from "../database";

// Loaded only when there are copies to make: a start with current photos keeps libvips out of the server.
const loadSharp = () => import("sharp").then((module) => module.default);

/**
 * Demo photos seeded before they had WebP copies get them now, so pages that offer WebP find it. Looked at only when
 * the newest demo photo lacks its copy: a start with current photos costs one read.
 */
export async function addMissingWebpCopies(db: Db, photos: FileStorage): Promise<number> {
  const webpOf = (file: string) => file.replace(/\.jpg$/, ".webp");
  const newest = await db.selectFrom("photos").select("filename").orderBy("id", "desc").limit(1).executeTakeFirst();
  if (!newest || (await photos.get(webpOf(newest.filename)))) return 0;
  const rows = await db.selectFrom("photos").select(["filename", "thumb_filename"]).execute();
  let added = 0;
  for (const file of rows.flatMap((row) => [row.filename, row.thumb_filename])) {
    if (await photos.get(webpOf(file))) continue;
    const jpeg = await photos.get(file);
    if (!jpeg) continue;
    await photos.put(webpOf(file), await (await loadSharp())(jpeg).webp({ quality: 75 }).toBuffer());
    added++;
  }
  return added;
}
