import fs from "node:fs";

/**
 * `/dev/shm` when it has a gigabyte free, for the test suites' databases and data folders: every SQLite commit waits
 * for its fsync (docs/architecture.md "Durable commits"), which on a disk doubled the suites' time and tests nothing.
 * Undefined where there is no such room (the suites then use the system's temporary folder and `data/`).
 */
export const memoryFolder: string | undefined = (() => {
  const folder = "/dev/shm";
  try {
    const { bavail, bsize } = fs.statfsSync(folder);
    return bavail * bsize > 2 ** 30 ? folder : undefined;
  } catch {
    return undefined;
  }
})();
