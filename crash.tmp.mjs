// Many short-lived statements, then idle: an idle-time GC finalizes them off any JS context.
import Database from "better-sqlite3";
const db = new Database(":memory:");
db.exec("create table t (id integer primary key, v text)");
for (let round = 0; round < 40; round++) {
  for (let i = 0; i < 5000; i++) db.prepare(`insert into t (v) values (?) -- ${i % 50}`).run(String(i));
  await new Promise((r) => setTimeout(r, 20));
}
console.log("survived");
