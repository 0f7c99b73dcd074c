import { openDatabase } from "../api/db/database";
import { migrateToLatest } from "../api/db/migrate";
import { parseApiEnv } from "../api/env.server";

// `npm run grant-moderator -- someone@example.com` makes the accounts with that address moderators (on every site
// that has one); `--revoke` makes them members again. Staff are chosen by whoever runs the server, never in the web.
const args = process.argv.slice(2);
const email = args
  .find((a) => !a.startsWith("--"))
  ?.trim()
  .toLowerCase();
if (!email) {
  console.error("Usage: npm run grant-moderator -- <email> [--revoke]");
  process.exit(2);
}
const role = args.includes("--revoke") ? "member" : "moderator";
const db = openDatabase(parseApiEnv().databaseUrl);
try {
  await migrateToLatest(db);
  const result = await db.updateTable("users").set({ role }).where("email", "=", email).executeTakeFirst();
  const changed = Number(result.numUpdatedRows);
  if (changed === 0) {
    console.error(`No account has the address ${email}.`);
    process.exitCode = 1;
  } else console.log(`${email}: ${role} (${changed} account${changed === 1 ? "" : "s"}).`);
} finally {
  await db.destroy();
}
