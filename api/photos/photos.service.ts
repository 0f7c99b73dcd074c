import crypto from "node:crypto";
import { ageOn } from "../../contract/age";
import { photoLimits, type RejectionReason } from "../../contract/photos";
import { isModerator } from "../../contract/staff";
import type { FileStorage } from "../adapters/storage";
import { type Db, nowIso, type Tx } from "../db/database";
import type { PhotosTable, SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import type { ProcessedImage } from "../media/image-pipeline";
import { photoFile, photoFiles, photoFilesFor } from "../media/photo-files";
import { type NoticeDeps, recordDecision, tellMemberOfDecision } from "../reports/decision-notices";
import * as repo from "./photos.repository";

/**
 * Members' own photos (docs/product.md §2.20). Every upload is kept privately in all its sizes (`photos/{base}-…` in
 * the private storage), where its owner and moderators see it; only once it is active is it also published to the
 * public photo storage as `{base}.jpg` and `{base}-thumb.jpg` (and `.webp`), the names the photos table holds.
 */
export interface PhotoDeps {
  db: Db;
  /** Private: every photo, whatever its state. */
  storage: FileStorage;
  /** Public (served under the site's cdn_prefix): active photos only. */
  publicPhotos: FileStorage;
}

type PhotoRow = Pick<PhotosTable, "filename" | "thumb_filename"> & { id: number; user_id: number };

const baseOf = (photo: Pick<PhotoRow, "filename">) => photo.filename.replace(/\.jpg$/, "");
const privateKeyOf = (photo: Pick<PhotoRow, "filename">) => `photos/${baseOf(photo)}`;

export const photoLimitOf = (member: UserRow) => (member.paid_user ? photoLimits.premium : photoLimits.free);

const ownView = (
  site: SiteRow,
  row: Pick<PhotosTable, "status" | "rejection_reason" | "thumb_filename"> & { id: number; is_main: number },
) => ({
  id: row.id,
  status: row.status,
  is_main: row.is_main === 1 && row.status === "active",
  rejection_reason: row.status === "rejected" ? ((row.rejection_reason as RejectionReason | null) ?? null) : null,
  thumb_url: row.status === "active" ? `${site.cdn_prefix}/${row.thumb_filename}` : null,
});

/** GET photos.php. */
export async function ownPhotos(db: Db, site: SiteRow, member: UserRow) {
  const rows = await repo.listOwnPhotos(db, member.id);
  return { photos: rows.map((row) => ownView(site, row)), limit: photoLimitOf(member) };
}

const limitReached = (member: UserRow) =>
  new ApiError(403, member.paid_user ? "photo_limit" : "premium_required", "You have as many photos as you may have", {
    limit: photoLimitOf(member),
  });

/** Writes a photo's public files: what others load once it is active. */
async function publish(publicPhotos: FileStorage, storage: FileStorage, photo: PhotoRow) {
  const key = privateKeyOf(photo);
  const base = baseOf(photo);
  for (const format of ["jpeg", "webp"] as const) {
    const ext = format === "jpeg" ? "jpg" : "webp";
    const large = await storage.get(photoFile(key, 800, format));
    const thumb = await storage.get(photoFile(key, 320, format));
    if (!large || !thumb) throw new Error(`photo ${photo.id}: its private files are missing`);
    await publicPhotos.put(`${base}.${ext}`, large);
    await publicPhotos.put(`${base}-thumb.${ext}`, thumb);
  }
}

/** Every file of a member's photo: its public copies (if it was ever active) and its private sizes. */
export function filesOfPhoto(photo: Pick<PhotoRow, "filename">) {
  const base = baseOf(photo);
  return {
    public: ["jpg", "webp"].flatMap((ext) => [`${base}.${ext}`, `${base}-thumb.${ext}`]),
    private: photoFiles(privateKeyOf(photo)),
  };
}

async function unpublish(publicPhotos: FileStorage, photo: PhotoRow) {
  for (const file of filesOfPhoto(photo).public) await publicPhotos.remove(file);
}

/**
 * POST photo.php: an image already checked and re-encoded (api/media/image-pipeline.ts) becomes the member's next
 * photo: pending where the site moderates photos, else active at once (and main if they had none). The limit is
 * counted under a lock on the member, so two uploads at once cannot pass it together.
 */
export async function addPhoto(
  { db, storage, publicPhotos }: PhotoDeps,
  site: SiteRow,
  member: UserRow,
  image: ProcessedImage,
) {
  if ((await repo.countCountedPhotos(db, member.id)) >= photoLimitOf(member)) throw limitReached(member);
  const base = `m${member.id}-${crypto.randomUUID()}`;
  const key = `photos/${base}`;
  const files = photoFilesFor(key, image.variants);
  for (const [file, bytes] of files) await storage.put(file, bytes);
  const status = site.photo_moderation ? ("pending" as const) : ("active" as const);
  try {
    const photo = await db.transaction().execute(async (trx) => {
      await repo.lockMember(trx, member.id);
      if ((await repo.countCountedPhotos(trx, member.id)) >= photoLimitOf(member)) throw limitReached(member);
      const row = await trx
        .insertInto("photos")
        .values({
          user_id: member.id,
          filename: `${base}.jpg`,
          thumb_filename: `${base}-thumb.jpg`,
          status,
          position: await repo.nextPosition(trx, member.id),
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (status === "active" && !(await repo.findMainPhoto(trx, member.id)))
        await repo.setMain(trx, member.id, row.id);
      return row;
    });
    if (status === "active") await publish(publicPhotos, storage, photo);
    return { photo: ownView(site, { ...photo, is_main: 0 }) };
  } catch (error) {
    for (const [file] of files) await storage.remove(file);
    throw error;
  }
}

async function ownPhoto(db: Db, member: UserRow, id: number) {
  const photo = await repo.findOwnPhoto(db, member.id, id);
  if (!photo) throw new ApiError(404, "not_found", "No such photo");
  return photo;
}

/** PUT photo.php: the main photo (an active one), or one place earlier or later in the member's order. */
export async function changePhoto(
  db: Db,
  site: SiteRow,
  member: UserRow,
  change: { id: number; action: "main" | "earlier" | "later" },
) {
  const photo = await ownPhoto(db, member, change.id);
  await db.transaction().execute(async (trx) => {
    if (change.action === "main") {
      if (photo.status !== "active")
        throw new ApiError(409, "not_active", "Only a photo others can see can be the main photo");
      await repo.setMain(trx, member.id, photo.id);
      return;
    }
    const order = await repo.listOwnPhotos(trx, member.id);
    const at = order.findIndex((p) => p.id === photo.id);
    const to = change.action === "earlier" ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return;
    // Positions are renumbered in the new order, so equal or missing positions cannot stall a move.
    [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [position, p] of order.entries())
      await trx.updateTable("photos").set({ position }).where("id", "=", p.id).execute();
  });
  return ownPhotos(db, site, member);
}

/** DELETE photo.php: the photo and all its files; the next active photo becomes main if this one was. */
export async function deletePhoto(
  { db, storage, publicPhotos }: PhotoDeps,
  site: SiteRow,
  member: UserRow,
  id: number,
) {
  const photo = await ownPhoto(db, member, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("photos").where("id", "=", photo.id).execute();
    if (photo.is_main) {
      const next = await repo.firstActivePhoto(trx, member.id);
      if (next) await repo.setMain(trx, member.id, next.id);
    }
  });
  await unpublish(publicPhotos, photo);
  for (const file of filesOfPhoto(photo).private) await storage.remove(file);
  return ownPhotos(db, site, member);
}

/** GET photo-file.php: a photo's private file, for its owner and for the site's moderators only. */
export async function photoFileKey(
  db: Db,
  site: SiteRow,
  member: UserRow,
  query: { id: number; width: 320 | 800; format: "webp" | "jpeg" },
) {
  const photo = isModerator(member.role)
    ? await repo.findSitePhoto(db, site.id, query.id)
    : await repo.findOwnPhoto(db, member.id, query.id);
  if (!photo) throw new ApiError(404, "not_found", "No such photo");
  return photoFile(privateKeyOf(photo), query.width, query.format);
}

/**
 * Moderation is a role (an admin has it too): every moderation call checks it (docs/product.md §6.7). A staff member
 * with a second factor (every admin needs one) moderates only once this session has given it (§6.9).
 */
export function requireModerator(member: UserRow & { session_second_factor_at?: string | null }) {
  if (!isModerator(member.role)) throw new ApiError(403, "moderator_only", "This is for moderators only");
  if ((member.role === "admin" || member.totp_secret) && !member.session_second_factor_at)
    throw new ApiError(403, "second_factor_required", "Give your second factor first");
}

/** GET moderation-photos.php: the site's photos waiting for a decision, oldest first; never the moderator's own. */
export async function pendingPhotos(db: Db, site: SiteRow, moderator: UserRow) {
  requireModerator(moderator);
  const rows = await repo.listPendingPhotos(db, site.id, moderator.id, 50);
  const today = new Date();
  return {
    photos: rows.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      member: { id: row.member_id, name: row.name, age: ageOn(row.date_of_birth, today), country: row.country },
    })),
  };
}

/**
 * POST moderation-photo.php: approve (published, main if the member had none) or reject with a reason, logged with
 * who and when. Only a pending photo is decided, once: of two moderators deciding at once, the second is told so.
 */
export async function decidePhoto(
  deps: PhotoDeps & NoticeDeps,
  site: SiteRow,
  moderator: UserRow,
  decision: { id: number; decision: "approve" | "reject"; reason?: RejectionReason },
  address: string | null = null,
) {
  requireModerator(moderator);
  const { db, storage, publicPhotos } = deps;
  const photo = await repo.findSitePhoto(db, site.id, decision.id);
  if (!photo) throw new ApiError(404, "not_found", "No such photo");
  // A second moderator decides, as on an appeal (docs/product.md §6.7): nobody approves their own photo.
  if (photo.user_id === moderator.id)
    throw new ApiError(403, "own_photo", "Another moderator decides on your own photo");
  // Published before the decision commits: a failed commit leaves public files of a pending photo, which no page
  // names (the photos table still says pending), never an active photo without its files.
  if (decision.decision === "approve") await publish(publicPhotos, storage, photo);
  const decided = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("photos")
      .set({
        status: decision.decision === "approve" ? "active" : "rejected",
        rejection_reason: decision.decision === "reject" ? decision.reason! : null,
      })
      .where("id", "=", photo.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return null;
    const logged = await recordDecision(
      trx,
      {
        moderator_id: moderator.id,
        subject: "photo",
        subject_id: photo.id,
        member_id: photo.user_id,
        decision: decision.decision,
        reason: decision.reason ?? null,
      },
      decision.decision === "reject",
      { siteId: site.id, address },
    );
    if (decision.decision === "approve" && !(await repo.findMainPhoto(trx, photo.user_id)))
      await repo.setMain(trx, photo.user_id, photo.id);
    return logged;
  });
  if (!decided) {
    if (decision.decision === "approve" && photo.status !== "active") await unpublish(publicPhotos, photo);
    throw new ApiError(409, "already_decided", "Another moderator decided on this photo");
  }
  // A rejection is a decision against the member: they are told why, with the link to appeal it once.
  if (decided.appealToken) await tellMemberOfDecision(deps, site, decided.row, decided.appealToken);
  return { ok: true as const };
}

/**
 * Takes a published photo down by a moderator's decision on a report (docs/product.md §6.8): rejected, its public
 * files removed, and the next photo main if it was. Its private files stay, so an appeal can restore it.
 */
export async function withdrawPhoto(trx: Tx, photo: PhotoRow & { is_main: number; status: string }) {
  await trx
    .updateTable("photos")
    .set({ status: "rejected", rejection_reason: null, is_main: 0 })
    .where("id", "=", photo.id)
    .execute();
  if (photo.is_main) {
    const next = await repo.firstActivePhoto(trx, photo.user_id);
    if (next) await repo.setMain(trx, photo.user_id, next.id);
  }
}

/** Removes a withdrawn photo's public files (after the decision committed). */
export const unpublishPhoto = (publicPhotos: FileStorage, photo: PhotoRow) => unpublish(publicPhotos, photo);

/** Writes a photo's public files again, before an appeal's reversal makes it active (files before rows). */
export const republishPhoto = ({ storage, publicPhotos }: Omit<PhotoDeps, "db">, photo: PhotoRow) =>
  publish(publicPhotos, storage, photo);

/** A rejected or withdrawn photo active again when an appeal reverses the decision, main if none is. */
export async function restorePhoto(trx: Tx, photo: PhotoRow) {
  await trx
    .updateTable("photos")
    .set({ status: "active", rejection_reason: null })
    .where("id", "=", photo.id)
    .execute();
  if (!(await repo.findMainPhoto(trx, photo.user_id))) await repo.setMain(trx, photo.user_id, photo.id);
}
