import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { expect, test } from "vitest";
import type { Db } from "./database";
import { inGroupCommit } from "./group-commit";

/** A SQLite database of one table (`notes`, with a deferred check that fails only at commit) and its statements. */
function notesDatabase() {
  const statements: string[] = [];
  const sqlite = new SQLite(":memory:");
  sqlite.pragma("foreign_keys = ON");
  sqlite.exec(`
    create table parents (id integer primary key);
    create table notes (
      id integer primary key,
      text text not null unique,
      parent_id integer references parents (id) deferrable initially deferred
    );`);
  const db = new Kysely<any>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => void statements.push(event.query.sql),
  }) as unknown as Db;
  const note = (text: string, parent: number | null = null) =>
    inGroupCommit(db, async (trx) => {
      await sql`insert into notes (text, parent_id) values (${text}, ${parent})`.execute(trx);
      return text;
    });
  const texts = async () =>
    (await sql<{ text: string }>`select text from notes order by id`.execute(db)).rows.map((r) => r.text);
  const commits = () => statements.filter((s) => s === "commit").length;
  return { db, note, texts, commits };
}

test("works that wait together share one commit, and each settles only after it", async () => {
  const { db, note, texts, commits } = notesDatabase();
  const settledAfter: number[] = [];
  const works = ["a", "b", "c", "d"].map(async (text) => {
    const value = await note(text);
    settledAfter.push(commits());
    return value;
  });
  expect(await Promise.all(works)).toEqual(["a", "b", "c", "d"]);
  expect(commits()).toBe(1);
  expect(settledAfter).toEqual([1, 1, 1, 1]);
  expect(await texts()).toEqual(["a", "b", "c", "d"]);
  // A work that comes later has a commit of its own.
  await note("e");
  expect(commits()).toBe(2);
  await db.destroy();
});

test("a work that throws is rolled back alone, and is told so after the others' commit", async () => {
  const { db, note, texts, commits } = notesDatabase();
  const failing = inGroupCommit(db, async (trx) => {
    await sql`insert into notes (text) values ('half done')`.execute(trx);
    throw new Error("refused");
  });
  const outcomes = await Promise.allSettled([
    note("a"),
    failing.finally(() => expect(commits()).toBe(1)),
    note("a"), // the unique text: this one fails in the database, after the first wrote it
    note("b"),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
  expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error("refused"));
  expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
  expect(await texts()).toEqual(["a", "b"]);
  await db.destroy();
});

test("a commit that fails rejects every work of its batch, and none of them is written", async () => {
  const { db, note, texts } = notesDatabase();
  // The reference to a parent that does not exist is checked at commit (deferred).
  const outcomes = await Promise.allSettled([note("a"), note("b", 404), note("c")]);
  expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected"]);
  expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
  expect(await texts()).toEqual([]);
  // The next batch commits as usual.
  expect(await note("d")).toBe("d");
  expect(await texts()).toEqual(["d"]);
  await db.destroy();
});
