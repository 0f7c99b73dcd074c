import crypto from "node:crypto";
import { sql } from "kysely";
import type { DbOrTx } from "../db/database";

/** This process, as a lease holder: one id per start. */
export const processHolder = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;

/**
 * Takes the lease of a periodic job until `until`, unless another holder has it and it has not expired: one
 * conditional upsert, so that of several processes ticking at once exactly one gets it (docs/operations.md "Several
 * processes"). The same statement on SQLite and PostgreSQL. Answers whether this holder has it now.
 */
export async function takeLease(db: DbOrTx, name: string, holder: string, now: Date, until: Date) {
  const row = await db
    .insertInto("job_leases")
    .values({ name, holder, expires_at: until.toISOString() })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ holder, expires_at: until.toISOString() })
        .where(sql<boolean>`job_leases.expires_at <= ${now.toISOString()}`),
    )
    .returning("holder")
    .executeTakeFirst();
  return row?.holder === holder;
}
