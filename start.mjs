import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * `npm start`: runs the compiled server (build/node/server.js) in plain Node. Running TypeScript through tsx's
 * loader would hold a second V8 isolate for the loader thread (about 100 MB more resident memory). Builds first
 * when a build is missing or older than its sources, so `npm start` always serves the current code.
 */
const outputs = ["build/server/index.js", "build/node/server.js"];
const sources = [
  "app",
  "api",
  "contract",
  "server",
  "server.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newestModification(names) {
  let newest = 0;
  for (const name of names) {
    if (!fs.existsSync(name)) continue;
    const files = fs.statSync(name).isDirectory()
      ? fs
          .readdirSync(name, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
      : [name];
    for (const file of files) newest = Math.max(newest, fs.statSync(file).mtimeMs);
  }
  return newest;
}

const built = outputs.every((file) => fs.existsSync(file));
if (!built || Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs)) < newestModification(sources)) {
  console.log("building the site (npm run build)");
  execFileSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
}

const { runServer } = await import("./build/node/server.js");
await runServer();
