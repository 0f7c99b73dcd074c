import { grantRole, isRole, roles } from "../api/accounts/staff-roles";
import { openDatabase } from "../api/db/database";
import { migrateToLatest } from "../api/db/migrate";
import { parseApiEnv } from "../api/env.server";

// `npm run grant-role -- someone@example.com moderator|admin|member` (member takes staff rights away).
const [email, role] = process.argv.slice(2);
if (!email || !role || !isRole(role)) {
  console.error(`Usage: npm run grant-role -- <email> <${roles.join("|")}>`);
  process.exit(2);
}
const db = openDatabase(parseApiEnv().databaseUrl);
try {
  await migrateToLatest(db);
  const changed = await grantRole(db, email, role);
  if (changed === 0) {
    console.error(`No account has the address ${email}.`);
    process.exitCode = 1;
  } else console.log(`${email.trim().toLowerCase()}: ${role} (${changed} account${changed === 1 ? "" : "s"}).`);
} finally {
  await db.destroy();
}
