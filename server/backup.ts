import fs from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";

/** What the database folder holds that a backup leaves out: the live database's files (copied through SQLite) and the outbox. */
const notCopied = new Set(["app.db", "app.db-wal", "app.db-shm", "outbox"]);

export interface BackupResult {
  folder: string;
  /** Whether the SQLite database was copied (not on PostgreSQL: pg_dump, docs/operations.md "Backups"). */
  database: boolean;
  files: number;
}

/**
 * A consistent copy of a live site (docs/operations.md "Backups") in a new folder `backup-<time>` under `into`: the
 * SQLite database through SQLite's online backup API, then the data folder's other files (photos). The database goes
 * first: photos are written before the rows that name them, so every photo the copy names is in it.
 */
export async function backUp(options: {
  dataDir: string;
  /** The SQLite file, or null when the database is PostgreSQL. */
  databaseFile: string | null;
  into: string;
  now?: Date;
}): Promise<BackupResult> {
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, "-");
  const folder = path.resolve(options.into, `backup-${stamp}`);
  await fs.mkdir(folder, { recursive: true });
  if (options.databaseFile) await copySqlite(options.databaseFile, path.join(folder, "app.db"));
  const files = await copyDataFiles(path.resolve(options.dataDir), folder);
  return { folder, database: options.databaseFile !== null, files };
}

/**
 * SQLite's online backup from a connection of its own, all pages in one step: a step reads one snapshot (WAL lets
 * the server write on meanwhile), where small steps would start again after each write of another connection and,
 * under steady writes, might never end.
 */
async function copySqlite(source: string, target: string) {
  const database = new SQLite(source, { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    await database.backup(target, { progress: () => 0x7fffffff });
  } finally {
    database.close();
  }
  const copy = new SQLite(target);
  try {
    const [check] = copy.pragma("integrity_check") as { integrity_check: string }[];
    if (check?.integrity_check !== "ok") throw new Error(`the copy of ${source} fails its integrity check`);
    // One file to restore: the copy's own journal mode, as the server sets it again when it opens the database.
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

/** The data folder's files and folders (photos), except the database's and the outbox, and the backup itself. */
async function copyDataFiles(dataDir: string, folder: string): Promise<number> {
  let count = 0;
  const entries = await fs.readdir(dataDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const from = path.join(dataDir, entry.name);
    if (notCopied.has(entry.name) || folder === from || folder.startsWith(`${from}${path.sep}`)) continue;
    await fs.cp(from, path.join(folder, entry.name), {
      recursive: true,
      // A backup folder kept inside the data folder is not copied into the next backup.
      filter: (file) =>
        !(file === folder || file.startsWith(`${folder}${path.sep}`) || /[\\/]backup-[^\\/]*$/.test(file)),
    });
    count += entry.isDirectory() ? await countFiles(from) : 1;
  }
  return count;
}

async function countFiles(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).length;
}
