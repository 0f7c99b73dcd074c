import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Db, openDatabase } from "../../../api/db/database";
import { migrateToLatest } from "../../../api/db/migrate";

/**
 * A fresh, migrated database for one test file (and its URL, for a second pool on it): a SQLite file in a temp folder, or, in the api-pg project,
 * a new PostgreSQL database on the server TEST_DATABASE_URL names (dropped afterwards).
 */
export async function freshDatabase(): Promise<{ db: Db; url: string; dataDir: string; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-test-"));
  if (process.env.TEST_DB !== "postgres") {
    const file = `file:${path.join(dataDir, "app.db")}`;
    const db = openDatabase(file);
    await migrateToLatest(db);
    return {
      db,
      url: file,
      dataDir,
      drop: async () => {
        await db.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `api_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Dropping the database at the end closes whatever connection is still winding down: expected here.
  const db = openDatabase(url.toString(), () => undefined);
  await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    dataDir,
    drop: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
