import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database";

/**
 * Issue 33: the admin area's payments.
 * - A staff refund gives the money back whole and takes back the credits bought only as far as the balance allows
 *   (docs/product.md §6.9), which may be none: a refund may now take 0 credits (a member's return still takes at
 *   least 1, as returnOffers only offers purchases with unused credits). SQLite cannot change a CHECK, so there the
 *   table is rebuilt as 0006 made it.
 * - The payments list (a site's payments by date) and the overview's per-day counts read through indexes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table refunds drop constraint refunds_credits_check`.execute(db);
    await sql`alter table refunds add constraint refunds_credits_check check (credits >= 0)`.execute(db);
  } else {
    await db.schema
      .createTable("refunds_new")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("payment_id", "integer", (c) => c.notNull().unique().references("payments.id"))
      .addColumn("credits", "integer", (c) => c.notNull().check(sql`credits >= 0`))
      .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents >= 0`))
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempt", "integer", (c) => c.notNull())
      .addColumn("provider_refund_id", "text")
      .addColumn("idempotency_key", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await sql`insert into refunds_new select id, user_id, payment_id, credits, amount_cents, currency, status, attempt,
      provider_refund_id, idempotency_key, created_at, updated_at from refunds`.execute(db);
    await db.schema.dropTable("refunds").execute();
    await db.schema.alterTable("refunds_new").renameTo("refunds").execute();
    await db.schema.createIndex("refunds_user").on("refunds").column("user_id").execute();
  }

  await db.schema.createIndex("payments_site_created").on("payments").columns(["site_id", "created_at"]).execute();
  await db.schema.createIndex("payments_site_paid").on("payments").columns(["site_id", "paid_at"]).execute();
  await db.schema.createIndex("users_site_signup").on("users").columns(["site_id", "signup_date"]).execute();
  await db.schema.createIndex("messages_created").on("messages").column("created_at").execute();
}
