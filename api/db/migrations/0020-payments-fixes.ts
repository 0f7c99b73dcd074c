import { type Kysely, sql } from "kysely";

/**
 * Issue 32: a discount code is held by one payment at a time (docs/product.md §3.8), and the sandbox's payment ids
 * are random, so it keeps the key that makes a repeated create find the same payment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The code a payment holds: set while it is open, pending or paid, cleared when it fails, is canceled or expires.
  await db.schema.alterTable("payments").addColumn("discount_claim", "integer").execute();
  // Payments made before this held their code as long as they lived or were paid; the first of each member's keeps it.
  await sql`update payments set discount_claim = discount_code_id
    where discount_code_id is not null and status in ('open', 'pending', 'paid')
    and id = (select min(p.id) from payments p where p.user_id = payments.user_id
      and p.discount_code_id = payments.discount_code_id and p.status in ('open', 'pending', 'paid'))`.execute(db);
  // A member's code is held once: a second payment claiming it, at the same moment or later, is refused here.
  await db.schema
    .createIndex("payments_discount_claim")
    .on("payments")
    .columns(["user_id", "discount_claim"])
    .unique()
    .execute();

  await db.schema.alterTable("sandbox_payments").addColumn("idempotency_key", "text").execute();
  await db.schema
    .createIndex("sandbox_payments_idempotency")
    .on("sandbox_payments")
    .column("idempotency_key")
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sandbox_payments_idempotency").execute();
  await db.schema.alterTable("sandbox_payments").dropColumn("idempotency_key").execute();
  await db.schema.dropIndex("payments_discount_claim").execute();
  await db.schema.alterTable("payments").dropColumn("discount_claim").execute();
}
