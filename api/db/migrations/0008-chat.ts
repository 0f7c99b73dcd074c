import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { isPostgres } from "../database";

/**
 * Chat (docs/product.md §1.3): one conversation per pair of members, each member's read mark and the point up to
 * which they deleted it, and the messages with the key that makes a retried send one message.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pk = (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("conversations")
    .addColumn("id", "integer", pk)
    .addColumn("site_id", "integer", (c) => c.notNull().references("sites.id"))
    // The pair in order (low < high), so that one pair has one conversation whoever writes first.
    .addColumn("member_low", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("member_high", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("started_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_message_at", "text", (c) => c.notNull())
    .addCheckConstraint("conversations_pair_ordered", sql`member_low < member_high`)
    .execute();
  await db.schema
    .createIndex("conversations_pair")
    .on("conversations")
    .columns(["member_low", "member_high"])
    .unique()
    .execute();
  await db.schema.createIndex("conversations_high").on("conversations").column("member_high").execute();
  await db.schema.createIndex("conversations_started_by").on("conversations").column("started_by").execute();

  await db.schema
    .createTable("conversation_marks")
    .addColumn("conversation_id", "integer", (c) => c.notNull().references("conversations.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    // The newest message this member has seen, and the newest one they deleted the conversation at.
    .addColumn("read_up_to", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("cleared_up_to", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("conversation_marks_pk", ["conversation_id", "user_id"])
    .execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "integer", pk)
    .addColumn("conversation_id", "integer", (c) => c.notNull().references("conversations.id").onDelete("cascade"))
    .addColumn("sender_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("body", "text")
    .addColumn("credits", "integer", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("messages_idempotency")
    .on("messages")
    .columns(["sender_id", "idempotency_key"])
    .unique()
    .execute();
  await db.schema.createIndex("messages_conversation").on("messages").columns(["conversation_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("messages").execute();
  await db.schema.dropTable("conversation_marks").execute();
  await db.schema.dropTable("conversations").execute();
}
