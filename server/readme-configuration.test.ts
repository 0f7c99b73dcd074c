import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { apiEnvVariables } from "../api/env.server";
import { webEnvVariables } from "../app/services/env.server";

/** The variables named in the first column of the README's "Configuration" table. */
function readmeVariables(): Set<string> {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^##? /m)[0] ?? "";
  const names = section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...(line.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => String(m[1])));
  return new Set(names);
}

test("the README's configuration table names every variable either tier reads", () => {
  const documented = readmeVariables();
  expect(documented.size).toBeGreaterThan(10);
  const missing = [...new Set([...apiEnvVariables, ...webEnvVariables])].filter((name) => !documented.has(name));
  expect(missing).toEqual([]);
});
