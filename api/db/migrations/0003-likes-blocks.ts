import type { Kysely } from "kysely";

/** Likes (with the new flag and whether the auto-like notice showed them), blocks, and swipe-game skips. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("likes")
    .addColumn("liker_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("liked_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("like_new", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("source", "text", (c) => c.notNull().defaultTo("profile"))
    .addColumn("auto_shown_at", "text")
    .addPrimaryKeyConstraint("likes_pk", ["liker_id", "liked_id"])
    .execute();
  await db.schema.createIndex("likes_liked").on("likes").columns(["liked_id", "created_at"]).execute();

  await db.schema
    .createTable("blocks")
    .addColumn("blocker_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("blocked_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("blocks_pk", ["blocker_id", "blocked_id"])
    .execute();
  await db.schema.createIndex("blocks_blocked").on("blocks").column("blocked_id").execute();

  await db.schema
    .createTable("swipe_skips")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("swipe_skips_pk", ["user_id", "profile_id"])
    .execute();

  await db.schema
    .createIndex("profiles_search")
    .on("profiles")
    .columns(["gender", "country", "date_of_birth"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("profiles_search").execute();
  for (const table of ["swipe_skips", "blocks", "likes"]) await db.schema.dropTable(table).execute();
}
