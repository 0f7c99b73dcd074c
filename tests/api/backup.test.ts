import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, expect, test } from "vitest";
import { checkLedger } from "../../api/credits/ledger-check";
import { type Db, openDatabase } from "../../api/db/database";
import { backUp } from "../../server/backup";
import { createMember, createSite } from "./support/factories";
import { freshDatabase } from "./support/test-database";

// docs/operations.md "Backups": `npm run backup` of a live SQLite site, taken while another process sends paid
// messages, restores to a database whose ledger holds (ledger:check) and whose photos came along.
const sqliteOnly = process.env.TEST_DB === "postgres" ? test.skip : test;

let db: Db;
let dataDir: string;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, dataDir, drop } = await freshDatabase());
});
afterAll(() => drop());

sqliteOnly("a backup taken under write load restores to a consistent database, with the photos", async () => {
  const site = await createSite(db);
  const sender = await createMember(db, site.id, { paid: true, gender: "male" });
  const recipient = await createMember(db, site.id, { gender: "female" });
  fs.mkdirSync(path.join(dataDir, "uploads", "photos"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", "photos", "a.webp"), "a photo");
  fs.mkdirSync(path.join(dataDir, "private"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "private", "b.webp"), "a chat photo");
  fs.mkdirSync(path.join(dataDir, "outbox"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "outbox", "mail.eml"), "not worth keeping");

  const databaseFile = path.join(dataDir, "app.db");
  const load = fork(
    path.join(import.meta.dirname, "support/write-load.ts"),
    [`file:${databaseFile}`, String(site.id), String(sender.id), String(recipient.id)],
    { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      load.once("message", () => resolve());
      load.once("exit", (code) => reject(new Error(`the write load stopped (${code})`)));
    });
    const first = await backUp({ dataDir, databaseFile, into: path.join(dataDir, "backups") });
    // A second one while the writes go on, which must not copy the first into itself.
    const second = await backUp({ dataDir, databaseFile, into: path.join(dataDir, "backups") });
    expect(fs.existsSync(path.join(second.folder, "backups"))).toBe(false);

    const copied: number[] = [];
    for (const backup of [first, second]) {
      expect(fs.readFileSync(path.join(backup.folder, "uploads", "photos", "a.webp"), "utf8")).toBe("a photo");
      expect(fs.readFileSync(path.join(backup.folder, "private", "b.webp"), "utf8")).toBe("a chat photo");
      expect(fs.existsSync(path.join(backup.folder, "outbox"))).toBe(false);
      expect(fs.existsSync(path.join(backup.folder, "app.db-wal"))).toBe(false);

      // Restored as docs/operations.md says: the folder becomes a data folder, and the server's database opens it.
      const restored = openDatabase(`file:${path.join(backup.folder, "app.db")}`);
      try {
        expect(await checkLedger(restored)).toEqual({ balances: [], purchases: [], returns: [] });
        const messages = await restored.selectFrom("messages").select("id").execute();
        expect(messages.length).toBeGreaterThan(0);
        copied.push(messages.length);
      } finally {
        await restored.destroy();
      }
      const raw = new SQLite(path.join(backup.folder, "app.db"), { readonly: true });
      expect(raw.pragma("integrity_check", { simple: true })).toBe("ok");
      raw.close();
    }
    // The writes went on while the backups ran: each copy is a moment of a database still growing.
    const live = await db.selectFrom("messages").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(copied[1]).toBeGreaterThan(copied[0]!);
    expect(Number(live.n)).toBeGreaterThan(copied[1]!);
  } finally {
    load.kill();
  }
});
