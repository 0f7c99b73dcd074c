import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { isPostgres } from "../database";

/** Sites, members, profiles, photos, interests, regions, sessions and the credit ledger. */
export async function up(db: Kysely<any>): Promise<void> {
  // Auto-increment ids are the one place where SQLite and PostgreSQL differ (docs/architecture.md "Stack").
  const pk = (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("companies")
    .addColumn("id", "integer", pk)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("kvk", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("tradenames", "text", (c) => c.notNull())
    .addColumn("vat_numbers", "text", (c) => c.notNull())
    .addColumn("support_phone", "text", (c) => c.notNull())
    .addColumn("delete_discount", "text", (c) => c.notNull())
    .addColumn("added", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sites")
    .addColumn("id", "integer", pk)
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id"))
    .addColumn("domain", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("domain_language", "text", (c) => c.notNull())
    .addColumn("index_title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("niche", "integer", (c) => c.notNull())
    .addColumn("cdn_prefix", "text", (c) => c.notNull())
    .addColumn("countries", "text", (c) => c.notNull())
    .addColumn("default_country", "text", (c) => c.notNull())
    .addColumn("signups", "text", (c) => c.notNull())
    .addColumn("logged_out_search", "integer", (c) => c.notNull())
    .addColumn("logged_out_search_trafficsource", "integer", (c) => c.notNull())
    .addColumn("enable_site_entry_popup", "integer", (c) => c.notNull())
    .addColumn("visible_profile_fields", "text", (c) => c.notNull())
    .addColumn("visible_profile_notes", "text", (c) => c.notNull())
    .addColumn("search_fields", "text", (c) => c.notNull())
    .addColumn("message_credits", "integer", (c) => c.notNull())
    .addColumn("photo_credits", "integer", (c) => c.notNull())
    .addColumn("gift_credits", "integer", (c) => c.notNull())
    .addColumn("signup_credits", "integer", (c) => c.notNull())
    .addColumn("message_length", "integer", (c) => c.notNull())
    .addColumn("minimum_message_costs", "text", (c) => c.notNull())
    .addColumn("support_email", "text", (c) => c.notNull())
    .addColumn("support_phone", "text", (c) => c.notNull())
    .addColumn("fictional_icon", "text", (c) => c.notNull())
    .addColumn("fictional_warning", "text", (c) => c.notNull())
    .addColumn("fictional_singular", "text", (c) => c.notNull())
    .addColumn("fictional_plural", "text", (c) => c.notNull())
    .addColumn("refund_days", "integer", (c) => c.notNull())
    .addColumn("member_resell", "integer", (c) => c.notNull())
    .addColumn("minimum_age", "integer", (c) => c.notNull())
    .addColumn("push_public_key", "text", (c) => c.notNull())
    .addColumn("push_private_key", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("site_domains")
    .addColumn("domain", "text", (c) => c.primaryKey())
    .addColumn("site_id", "integer", (c) => c.notNull().references("sites.id").onDelete("cascade"))
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "integer", pk)
    .addColumn("site_id", "integer", (c) => c.notNull().references("sites.id"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("credits", "integer", (c) => c.notNull().defaultTo(0).check(sqlNonNegative("credits")))
    .addColumn("paid_user", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("signup_date", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("notifications_disabled", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("failed_logins", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("blocked_until", "text")
    .addColumn("last_seen_at", "text")
    .addColumn("page_hidden_at", "text")
    .addColumn("tracking", "text")
    .addUniqueConstraint("users_site_email", ["site_id", "email"])
    .execute();

  await db.schema
    .createTable("profiles")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("gender", "text", (c) => c.notNull())
    .addColumn("sexuality", "text", (c) => c.notNull())
    .addColumn("date_of_birth", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("region", "text")
    .addColumn("city", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("about", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("hair_colour", "text")
    .addColumn("eye_colour", "text")
    .addColumn("body_type", "text")
    .addColumn("relationship_status", "text")
    .addColumn("tattoos", "text")
    .addColumn("fictional", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("invisible", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("photos")
    .addColumn("id", "integer", pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("thumb_filename", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("is_main", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("photos_user").on("photos").columns(["user_id", "is_main"]).execute();

  await db.schema
    .createTable("interests")
    .addColumn("id", "integer", pk)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("names", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("profile_interests")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("interest_id", "integer", (c) => c.notNull().references("interests.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("profile_interests_pk", ["user_id", "interest_id"])
    .execute();

  await db.schema
    .createTable("regions")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("regions_country").on("regions").column("country").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "integer", pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("credit_ledger")
    .addColumn("id", "integer", pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("delta", "integer", (c) => c.notNull())
    .addColumn("balance_after", "integer", (c) => c.notNull().check(sqlNonNegative("balance_after")))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("credit_ledger_user").on("credit_ledger").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "credit_ledger",
    "sessions",
    "regions",
    "profile_interests",
    "interests",
    "photos",
    "profiles",
    "users",
    "site_domains",
    "sites",
    "companies",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

// A balance below zero is refused by the database itself, whatever runs concurrently.
function sqlNonNegative(column: string) {
  return sql`${sql.ref(column)} >= 0`;
}
