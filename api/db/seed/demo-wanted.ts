import type { FileStorage } from "../../adapters/storage";
import type { Db } from "../database";
import { hasDemoSite } from "./demo-present";

/** The demo site (README logins) is wanted on the default domain, localhost, or when SEED_DEMO=true says so. */
export function wantsDemo(siteDomain: string, seedDemoFlag: "true" | "false" | undefined): boolean {
  return seedDemoFlag === "true" || (seedDemoFlag !== "false" && siteDomain === "localhost");
}

/**
 * What `npm start` does about the demo site: seeds it where it is wanted; elsewhere leaves the database alone and
 * says whether a demo site is there all the same (a deployment should not keep published logins). The seed and
 * its generators (about 100 MB) load only when there is seeding to do.
 */
export async function seedDemoIfWanted(
  db: Db,
  options: { photos: FileStorage; origin: string; siteDomain: string; seedDemo?: "true" | "false" },
): Promise<"seeded" | "present" | "not wanted" | "present but not wanted"> {
  const present = await hasDemoSite(db);
  if (!wantsDemo(options.siteDomain, options.seedDemo)) return present ? "present but not wanted" : "not wanted";
  if (present) {
    const { addMissingWebpCopies } = await import("./webp-copies");
    await addMissingWebpCopies(db, options.photos);
    return "present";
  }
  const { seedDemo } = await import("./seed");
  // Another process starting at the same time may have seeded it while this one waited for the lock.
  return (await seedDemo(db, options)) ? "seeded" : "present";
}
