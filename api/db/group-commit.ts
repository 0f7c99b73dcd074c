import { sql } from "kysely";
import { type Db, isPostgres, type Tx } from "./database";

type Work<T> = (trx: Tx) => Promise<T>;

interface Queued {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Each work's outcome within its batch, settled only once the batch's commit is known. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Runs `work` in a transaction whose commit is durable before the returned promise settles, as
 * `db.transaction().execute(work)` does; on SQLite the works that wait at the same moment share one commit and its
 * fsync (group commit, docs/architecture.md "Durable commits"). better-sqlite3 commits synchronously, so concurrent
 * sends had each blocked the process for a sync of their own. Each work runs in a savepoint of the shared
 * transaction: one that throws is rolled back alone and rejects with its error; the others are committed. Every
 * work's promise, resolved or rejected, settles only after the commit: a failed commit rejects them all, and nothing
 * of the batch was written. PostgreSQL syncs concurrent commits together itself: there each work has its own
 * transaction.
 */
export function inGroupCommit<T>(db: Db, work: Work<T>): Promise<T> {
  if (isPostgres(db)) return db.transaction().execute(work);
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = groupCommitter(db);
    batchers.set(db, batcher);
  }
  return batcher(work);
}

const batchers = new WeakMap<Db, <T>(work: Work<T>) => Promise<T>>();

function groupCommitter(db: Db) {
  let waiting: Queued[] = [];
  let scheduled = false;

  // After the requests that arrived together have run up to their write (setImmediate: after the I/O callbacks of
  // this turn of the event loop and the promises they started), their works commit as one.
  const flush = async () => {
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        await commitBatch(db, batch);
      }
    } finally {
      scheduled = false;
    }
  };

  return <T>(work: Work<T>) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ work: work as Work<unknown>, resolve: resolve as (value: unknown) => void, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}

async function commitBatch(db: Db, batch: Queued[]) {
  // Alone, a work needs no savepoint: its transaction is its own, as with db.transaction().
  if (batch.length === 1) {
    const [{ work, resolve, reject }] = batch as [Queued];
    return db.transaction().execute(work).then(resolve, reject);
  }
  const outcomes: Outcome[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      for (const { work } of batch) {
        await sql`savepoint group_commit_work`.execute(trx);
        try {
          outcomes.push({ ok: true, value: await work(trx) });
        } catch (error) {
          outcomes.push({ ok: false, error });
          // After some failures (a full disk) SQLite has rolled the whole transaction back itself: the batch then
          // fails with that cause, not with the missing savepoint.
          await sql`rollback to savepoint group_commit_work`.execute(trx).catch(() => {
            throw error;
          });
        }
        await sql`release savepoint group_commit_work`.execute(trx);
      }
    });
  } catch (error) {
    for (const [i, { reject }] of batch.entries()) {
      const outcome = outcomes[i];
      reject(outcome && !outcome.ok ? outcome.error : error);
    }
    return;
  }
  for (const [i, { resolve, reject }] of batch.entries()) {
    const outcome = outcomes[i]!;
    if (outcome.ok) resolve(outcome.value);
    else reject(outcome.error);
  }
}
