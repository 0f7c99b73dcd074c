import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Db } from "./database";
import * as m0001 from "./migrations/0001-initial";
import * as m0002 from "./migrations/0002-accounts";
import * as m0003 from "./migrations/0003-likes-blocks";
import * as m0004 from "./migrations/0004-security";
import * as m0005 from "./migrations/0005-payments";
import * as m0006 from "./migrations/0006-returns";
import * as m0007 from "./migrations/0007-direct-debit";
import * as m0008 from "./migrations/0008-chat";
import * as m0009 from "./migrations/0009-chat-media";
import * as m0010 from "./migrations/0010-profile-editor";
import * as m0011 from "./migrations/0011-own-photos";
import * as m0012 from "./migrations/0012-reports";
import * as m0013 from "./migrations/0013-notifications";
import * as m0014 from "./migrations/0014-push";
import * as m0015 from "./migrations/0015-member-landings";
import * as m0016 from "./migrations/0016-lander-video";
import * as m0017 from "./migrations/0017-lander-visits";
import * as m0018 from "./migrations/0018-recently-active-index";
import * as m0019 from "./migrations/0019-barred-accounts-indexes";
import * as m0020 from "./migrations/0020-payments-fixes";
import * as m0021 from "./migrations/0021-security-fixes";
import * as m0022 from "./migrations/0022-security-fixes-b";
import * as m0028 from "./migrations/0028-site-definitions";
import * as m0029 from "./migrations/0029-admin";
import * as m0030 from "./migrations/0030-staff-actions";
import * as m0031 from "./migrations/0031-admin-settings";
import * as m0032 from "./migrations/0032-member-history";
import * as m0033 from "./migrations/0033-admin-payments";
import * as m0035 from "./migrations/0035-shared-processes";
import * as m0040 from "./migrations/0040-likes-received-order";
import * as m0041 from "./migrations/0041-likes-mutual";

// Listed by hand so that the build and tsx resolve them the same way; numbered, frozen once landed.
const migrations: Record<string, Migration> = {
  "0001-initial": m0001,
  "0002-accounts": m0002,
  "0003-likes-blocks": m0003,
  "0004-security": m0004,
  "0005-payments": m0005,
  "0006-returns": m0006,
  "0007-direct-debit": m0007,
  "0008-chat": m0008,
  "0009-chat-media": m0009,
  "0010-profile-editor": m0010,
  "0011-own-photos": m0011,
  "0012-reports": m0012,
  "0013-notifications": m0013,
  "0014-push": m0014,
  "0015-member-landings": m0015,
  "0016-lander-video": m0016,
  "0017-lander-visits": m0017,
  "0018-recently-active-index": m0018,
  "0019-barred-accounts-indexes": m0019,
  "0020-payments-fixes": m0020,
  "0021-security-fixes": m0021,
  "0022-security-fixes-b": m0022,
  "0028-site-definitions": m0028,
  "0029-admin": m0029,
  "0030-staff-actions": m0030,
  "0031-admin-settings": m0031,
  "0032-member-history": m0032,
  "0033-admin-payments": m0033,
  "0035-shared-processes": m0035,
  "0040-likes-received-order": m0040,
  "0041-likes-mutual": m0041,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
}

/** The migrations this database has not run yet (/readyz: a process must not serve an older schema than its code). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const known = await new Migrator({ db, provider }).getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
