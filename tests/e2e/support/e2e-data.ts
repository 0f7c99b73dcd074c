import path from "node:path";
import { memoryFolder } from "../../support/memory-folder";

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * The e2e server's data folder, made afresh for every run: in memory when the machine has room
 * (tests/support/memory-folder.ts: the server syncs every commit, which on a disk slowed every journey), named by
 * port so that two runs side by side keep apart; else `data/e2e`.
 */
export const e2eDataDir = memoryFolder ? path.join(memoryFolder, `dating-e2e-${port}`) : "data/e2e";

/** The e2e server's SQLite database, which some journeys read to check what a step wrote. */
export const e2eDatabaseFile = path.join(e2eDataDir, "app.db");
