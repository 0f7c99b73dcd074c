import { parseApiEnv } from "../api/env.server";
import { backUp } from "./backup";

// `npm run backup [-- <folder>]` (docs/operations.md "Backups"): a consistent copy of the live SQLite database and
// the data folder's photos into <folder>/backup-<time> (default: backups/). On PostgreSQL the database is pg_dump's.
const env = parseApiEnv();
const into = process.argv[2] ?? "backups";
const databaseFile = env.databaseUrl.startsWith("file:") ? env.databaseUrl.slice("file:".length) : null;
const result = await backUp({ dataDir: env.DATA_DIR, databaseFile, into });
console.log(
  `Backed up ${result.database ? "the database and " : ""}${result.files} file${result.files === 1 ? "" : "s"} of ${env.DATA_DIR} into ${result.folder}`,
);
if (!result.database)
  console.log('The database is PostgreSQL: back it up with pg_dump (docs/operations.md "Backups").');
