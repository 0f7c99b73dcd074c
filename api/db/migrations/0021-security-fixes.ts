import type { Kysely } from "kysely";

/**
 * What each payment and message was asked for under its idempotency key (api/http/idempotency.ts): a key reused with
 * another body is refused instead of answering the first request's outcome. Rows made before stay without one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("payments").addColumn("request_hash", "text").execute();
  await db.schema.alterTable("messages").addColumn("request_hash", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("messages").dropColumn("request_hash").execute();
  await db.schema.alterTable("payments").dropColumn("request_hash").execute();
}
