import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  type Kysely as KyselyType,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Transaction,
} from "kysely";
import { logQueryTimes, watchPool } from "../metrics/metrics";
import type { Database } from "./schema";

export type Db = Kysely<Database>;
/**
 * What a repository runs on: the database, or the transaction a service opened. Code given a transaction must not
 * use the database beside it: on SQLite that waits for the transaction, which waits for it.
 */
export type DbOrTx = Db | Tx;
/** A transaction: what a repository function that writes several rows asks for, so they commit together. */
export type Tx = Transaction<Database>;

/** Opens the database a URL names: `file:<path>` is SQLite (WAL), `postgres://…` is PostgreSQL. */
export function openDatabase(databaseUrl: string, onPoolError: (error: Error) => void = (e) => console.error(e)): Db {
  if (databaseUrl.startsWith("file:")) {
    const file = databaseUrl.slice("file:".length);
    if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    // Every commit durable before it is answered (docs/architecture.md "Durable commits"): better-sqlite3's SQLite
    // is built with DEFAULT_WAL_SYNCHRONOUS=1, so a file opened again in WAL mode would run with NORMAL, whose
    // commits a power cut can take back.
    sqlite.pragma("synchronous = FULL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    // Table statistics for the query planner, gathered where missing or stale (SQLite's advice for long-lived
    // connections). Without them an index on a site's members looks as selective as a key, and on a site of 30,000
    // the new-likes count on every page read every member (docs/architecture.md, "Member search at scale").
    sqlite.pragma("optimize = 0x10002");
    if (sqlite.prepare(indexSamplesTable).get()) for (const statement of dropIndexSamples) sqlite.exec(statement);
    return new Kysely<Database>({
      dialect: keepingFailureCauses(new SqliteDialect({ database: reusingStatements(sqlite) }), sqlite),
      log: logQueryTimes,
    });
  }
  // The driver is loaded with the first query: a SQLite site never holds it (about 3 MB of heap).
  const pool = async () => {
    const { default: pg } = await import("pg");
    // PostgreSQL answers bigint (count(*)) as text; we keep ids and counts inside the JS number range.
    pg.types.setTypeParser(20, (value) => Number(value));
    // A database that does not answer fails the start (or a request) after 10 s instead of hanging it.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
    // An idle connection the server closes (restart, failover) must not crash the process: pg reports it here.
    pool.on("error", onPoolError);
    watchPool(pool);
    return pool;
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: logQueryTimes });
}

/**
 * After some failures (SQLITE_FULL, SQLITE_IOERR) SQLite has already rolled the transaction back itself: Kysely's own
 * rollback would then throw "cannot rollback - no transaction is active" in place of the cause, and a full disk would
 * be logged as that (docs/operations.md "A full disk"). The rollback runs only while a transaction is open.
 */
function keepingFailureCauses(dialect: SqliteDialect, sqlite: SQLite.Database): SqliteDialect {
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = () => {
    const driver = createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  };
  return dialect;
}

/**
 * Kysely prepares every query anew; preparing is a good part of a small query's cost in better-sqlite3. The same
 * SQL text gets the same statement (they are reusable, and run one at a time here), up to a bound.
 */
function reusingStatements(sqlite: SQLite.Database): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 1000) statements.clear();
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
  return sqlite;
}

/** Refreshes the planner's statistics as the data grows (hourly); PostgreSQL's autovacuum does it by itself. */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (isPostgres(db)) return;
  await sql`pragma optimize`.execute(db);
  if ((await sql.raw(indexSamplesTable).execute(db)).rows.length > 0)
    for (const statement of dropIndexSamples) await sql.raw(statement).execute(db);
}

/**
 * better-sqlite3's SQLite is built with STAT4: gathering statistics also keeps samples of index values, and with them
 * SQLite compiles a statement again on each run whenever a parameter meets an indexed column: nearly every query,
 * 10 to 100 µs each time (the session lookup of every request went from 25 to 90 µs). The row counts in sqlite_stat1
 * are what the planner needs here; the samples are deleted and the statistics read again.
 */
const indexSamplesTable = "select 1 from sqlite_schema where name = 'sqlite_stat4'";
const dropIndexSamples = ["delete from sqlite_stat4", "analyze sqlite_schema"];

export function isPostgres(db: KyselyType<Database> | KyselyType<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export const nowIso = () => new Date().toISOString();
