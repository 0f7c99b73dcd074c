import SQLite from "better-sqlite3";
import { type CompiledQuery, Kysely, SqliteDialect } from "kysely";
import type { Db } from "../../../api/db/database";
import type { Database } from "../../../api/db/schema";

/** A database on a SQLite file that records the statements run on it, and SQLite's plan of one of them. */
export function recordingDatabase(file: string) {
  const connection = new SQLite(file);
  const statements: CompiledQuery[] = [];
  const recording: Db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: connection }),
    log: (event) => void statements.push(event.query),
  });
  const plan = (statement: CompiledQuery) =>
    (
      connection.prepare(`explain query plan ${statement.sql}`).all(...(statement.parameters as unknown[])) as {
        detail: string;
      }[]
    ).map((step) => step.detail);
  return { recording, statements, plan };
}
