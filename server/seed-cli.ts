import { fileStoragesFor } from "../api/adapters/file-storages";
import { openDatabase } from "../api/db/database";
import { migrateToLatest } from "../api/db/migrate";
import { wantsDemo } from "../api/db/seed/demo-wanted";
import { seedDemo } from "../api/db/seed/seed";
import { parseApiEnv } from "../api/env.server";
import { parseWebEnv } from "../app/services/env.server";

// `npm run seed` seeds the demo site if it is missing; `npm run seed -- --reset` empties and seeds again. Like
// `npm start`, only on the default SITE_DOMAIN (localhost) or with SEED_DEMO=true.
const env = parseApiEnv();
if (!wantsDemo(env.SITE_DOMAIN, env.SEED_DEMO)) {
  console.error(
    `Not seeding: SITE_DOMAIN is ${env.SITE_DOMAIN}. The demo site's logins are public; set SEED_DEMO=true to seed it all the same.`,
  );
  process.exit(1);
}
const db = openDatabase(env.databaseUrl);
try {
  await migrateToLatest(db);
  const seeded = await seedDemo(db, {
    photos: fileStoragesFor(env).publicPhotos,
    origin: `http://localhost:${parseWebEnv().PORT}`,
    reset: process.argv.includes("--reset"),
  });
  console.log(seeded ? "Demo site seeded." : "Demo site already there (use --reset to seed again).");
} finally {
  await db.destroy();
}
