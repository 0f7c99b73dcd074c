import type { FileStorage } from "../../adapters/storage";
import type { Db } from "../database";
import { findDemoSite } from "./demo-present";

/** The demo site (README logins) is wanted on the default domain, localhost, or when SEED_DEMO=true says so. */
export function wantsDemo(siteDomain: string, seedDemoFlag: "true" | "false" | undefined): boolean {
  return seedDemoFlag === "true" || (seedDemoFlag !== "false" && siteDomain === "localhost");
}

/**
 * What `npm start` does about the demo site: seeds it where it is wanted, and completes one an interrupted start of an
 * older version left half made ("repaired"); one that was used since is left as it is ("half made, in use"). Elsewhere
 * it leaves the database alone and says whether a demo site is there all the same (a deployment should not keep
 * published logins). The seed and its generators (about 100 MB) load only when there is seeding to do.
 */
export async function seedDemoIfWanted(
  db: Db,
  options: { photos: FileStorage; origin: string; siteDomain: string; seedDemo?: "true" | "false" },
): Promise<"seeded" | "repaired" | "present" | "half made, in use" | "not wanted" | "present but not wanted"> {
  const found = await findDemoSite(db);
  if (!wantsDemo(options.siteDomain, options.seedDemo))
    return found.state === "absent" ? "not wanted" : "present but not wanted";
  if (found.state === "half made, in use") return found.state;
  if (found.state === "whole") {
    const { addMissingWebpCopies } = await import("./webp-copies");
    await addMissingWebpCopies(db, options.photos);
    return "present";
  }
  const { seedDemo } = await import("./seed");
  // Another process starting at the same time may have seeded it while this one waited for the lock.
  if (!(await seedDemo(db, options))) return "present";
  return found.state === "half made" ? "repaired" : "seeded";
}
