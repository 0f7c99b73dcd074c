import type { Kysely } from "kysely";

/**
 * The profile editor (docs/product.md §2.20): orientation is a special category of personal data, so it is shown to
 * others only when the member chooses to, and existing profiles start private.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("profiles")
    .addColumn("sexuality_public", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("profiles").dropColumn("sexuality_public").execute();
}
