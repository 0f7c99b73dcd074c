import type { Compilable, CompiledQuery } from "kysely";
import type { DbOrTx } from "./database";

const placeholder = Symbol("reusable query parameter");
type Placeholder = { [placeholder]: string };
const isPlaceholder = (value: unknown): value is Placeholder =>
  typeof value === "object" && value !== null && placeholder in value;

/** Stand-ins for a query's named parameters: `p.id` is the place of `id`'s value. */
const standIns = new Proxy({}, { get: (_, name) => ({ [placeholder]: String(name) }) });

/**
 * A query of a fixed shape, built and compiled by Kysely once per dialect and then run with each call's values: Kysely
 * builds and compiles a query anew on every run, which costs more than SQLite takes to run a small one, and the send
 * path runs a dozen (docs/architecture.md "Durable commits"). `build` gets stand-ins for its named parameters and must
 * use each only as a value (compared with, inserted, added), never to decide the SQL; every value of the query must
 * be one of them, or the first call's value would be kept for good (checked when it is compiled).
 */
export function reusableQuery<Params extends Record<string, unknown>, Row>(
  build: (db: DbOrTx, p: Params) => Compilable<Row>,
): (db: DbOrTx, params: Params) => Promise<Row[]> {
  const compiled = new Map<unknown, CompiledQuery<Row>>();
  return async (db, params) => {
    const dialect = db.getExecutor().adapter.constructor;
    let query = compiled.get(dialect);
    if (!query) {
      query = build(db, standIns as Params).compile();
      const fixed = query.parameters.findIndex((value) => !isPlaceholder(value));
      if (fixed >= 0)
        throw new Error(`A reusable query has a value of its own (${String(query.parameters[fixed])}): ${query.sql}`);
      compiled.set(dialect, query);
    }
    const parameters = query.parameters.map((value) => params[(value as Placeholder)[placeholder]]);
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
