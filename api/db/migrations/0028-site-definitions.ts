import type { Kysely } from "kysely";

/**
 * One counter that every change of a site's settings raises (api/settings/settings-changes.ts): each server process
 * reads it about once a second and drops its caches of sites and settings when it moved, so a change made by
 * `npm run site -- apply` in another process, or by another server process, shows at once on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("site_settings_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("site_settings_version").values({ id: 1, version: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("site_settings_version").execute();
}
