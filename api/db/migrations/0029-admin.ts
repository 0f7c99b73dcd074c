import type { Kysely } from "kysely";
import { isPostgres } from "../database";

/**
 * Issue 33: staff accounts' second factor. A staff member's TOTP secret (RFC 6238) and the last time step used, so
 * a code is not taken twice; the secret being set up until its first code is entered; ten recovery codes, stored
 * hashed, each usable once; and on each session the time its second factor was last given (null: not yet), which
 * makes the session staff-capable.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_pending_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
  await db.schema.alterTable("users").addColumn("totp_enabled_at", "text").execute();
  await db.schema.alterTable("sessions").addColumn("second_factor_at", "text").execute();
  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "integer", (c) =>
      isPostgres(db) ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_user").on("recovery_codes").columns(["user_id", "code_hash"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("recovery_codes").execute();
  await db.schema.alterTable("sessions").dropColumn("second_factor_at").execute();
  for (const column of ["totp_enabled_at", "totp_last_step", "totp_pending_secret", "totp_secret"])
    await db.schema.alterTable("users").dropColumn(column).execute();
}
