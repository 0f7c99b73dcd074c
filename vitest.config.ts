import { defineConfig } from "vitest/config";
import { memoryFolder } from "./tests/support/memory-folder.js";

// The API suites' databases and data folders in memory when the machine has room there (tests/support/memory-folder.ts).
const tmpdir = memoryFolder ? { TMPDIR: memoryFolder } : {};

// Without the React Router plugin (docs/architecture.md "Stack"). The API suite runs once on SQLite and once more on
// PostgreSQL when TEST_DATABASE_URL is set.
const api = (name: string, database: string, path: "http" | "in-process" = "http") => ({
  test: {
    name,
    include: ["tests/api/**/*.test.ts"],
    // The demo seed's tests make a site of 300 members with photos, a minute and more each: what they test is the
    // seed, not the path of a call, so the in-process path skips them.
    exclude: path === "in-process" ? ["tests/api/seed.test.ts", "tests/api/seed-repair.test.ts"] : [],
    env: { TEST_DB: database, TEST_API_PATH: path, ...tmpdir },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A worker imports the API once for all its files: importing it again for each file took about 200 s of a CI
    // run. Each file starts its own API on its own database; the setup file drops what the last one cached.
    isolate: false,
    setupFiles: ["tests/api/support/fresh-caches.ts"],
  },
});

export default defineConfig({
  // The ~/ alias of app/ (tsconfig.json paths).
  resolve: { tsconfigPaths: true },
  test: {
    // Two files at a time even on 2 cores (Vitest's default there is one): the API suites wait on fsyncs, PostgreSQL
    // and their own servers about a third of the time, and took 571 s one at a time against 424 s two at a time.
    maxWorkers: 2,
    projects: [
      {
        // The root's resolve (the ~/ alias), for the tests that load route modules (app/routes/actions-outage.test.ts).
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "api/**/*.test.ts", "contract/**/*.test.ts", "server/**/*.test.ts"],
          environment: "node",
        },
      },
      api("api", "sqlite"),
      // The same contract tests through the web tier's in-process path (api/http/in-process.ts), on SQLite.
      api("api-in-process", "sqlite", "in-process"),
      ...(process.env.TEST_DATABASE_URL ? [api("api-pg", "postgres")] : []),
      // Real server processes (docs/operations.md): start, stop, faults, and two processes on one PostgreSQL when
      // TEST_DATABASE_URL is set. Named api-* so that `npm run test:api` (and so `npm test`) runs it.
      {
        test: {
          name: "api-processes",
          include: ["tests/processes/**/*.test.ts"],
          env: tmpdir,
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
