import type { Kysely } from "kysely";

/**
 * Photos and gifts in chat (docs/product.md §1.3): a message may carry a photo (its storage key, size and moderation
 * state) or a gift; each member's choice to see the other's photos unblurred is kept on their conversation mark; a
 * site may hold chat photos for moderation before the receiver sees them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("messages").addColumn("photo_key", "text").execute();
  await db.schema.alterTable("messages").addColumn("photo_status", "text").execute();
  await db.schema.alterTable("messages").addColumn("photo_width", "integer").execute();
  await db.schema.alterTable("messages").addColumn("photo_height", "integer").execute();
  await db.schema.alterTable("messages").addColumn("gift", "text").execute();
  await db.schema
    .alterTable("conversation_marks")
    .addColumn("photos_revealed", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("sites")
    .addColumn("chat_photo_moderation", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sites").dropColumn("chat_photo_moderation").execute();
  await db.schema.alterTable("conversation_marks").dropColumn("photos_revealed").execute();
  for (const column of ["gift", "photo_height", "photo_width", "photo_status", "photo_key"])
    await db.schema.alterTable("messages").dropColumn(column).execute();
}
