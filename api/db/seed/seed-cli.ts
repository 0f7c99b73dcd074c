import path from "node:path";
import { openDatabase } from "../database";
import { parseApiEnv } from "../../env.server";
import { migrateToLatest } from "../migrate";
import { seedDemo } from "./seed";

// `npm run seed` seeds the demo site if it is missing; `npm run seed -- --reset` empties and seeds again.
const env = parseApiEnv();
const db = openDatabase(env.databaseUrl);
try {
  await migrateToLatest(db);
  const seeded = await seedDemo(db, {
    photosDir: path.join(env.DATA_DIR, "uploads", "photos"),
    reset: process.argv.includes("--reset"),
  });
  console.log(seeded ? "Demo site seeded." : "Demo site already there (use --reset to seed again).");
} finally {
  await db.destroy();
}
