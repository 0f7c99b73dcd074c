import { afterAll, beforeAll, expect, test } from "vitest";
import { createSite, insertMembers } from "../../tests/api/support/factories";
import { openDatabase } from "./database";
import { migrateToLatest } from "./migrate";
import { reusableQuery } from "./reusable-query";

const db = openDatabase("file::memory:");
let ids: number[] = [];
beforeAll(async () => {
  await migrateToLatest(db);
  ids = await insertMembers(db, (await createSite(db)).id, 3);
});
afterAll(() => db.destroy());

test("a reusable query is compiled once and runs with each call's own values", async () => {
  const user = reusableQuery((db, p: { id: number }) => db.selectFrom("users").select("id").where("id", "=", p.id));
  for (const id of ids) expect(await user(db, { id })).toEqual([{ id }]);
  expect(await user(db, { id: -1 })).toEqual([]);
  // In a transaction too, with the values of that call.
  await db.transaction().execute(async (trx) => expect(await user(trx, { id: ids[1]! })).toEqual([{ id: ids[1] }]));
});

test("a reusable query with a value that is not one of its parameters is refused, not run with it for good", async () => {
  const fixed = reusableQuery((db, p: { id: number }) =>
    db.selectFrom("users").select("id").where("id", "=", p.id).where("credits", ">=", 0),
  );
  await expect(fixed(db, { id: ids[0]! })).rejects.toThrow(/a value of its own/);
});
