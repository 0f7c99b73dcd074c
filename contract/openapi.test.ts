import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, expect, test } from "vitest";
import { endpoints } from "./endpoints";
import { openApiDocument } from "./openapi";

const document = openApiDocument({ sessionCookie: "__Host-sid" });
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "openapi-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/**
 * The warnings `redocly lint` may still give, each with its reason (docs/architecture.md "The API contract"); any
 * other warning, and any error, fails.
 */
const acceptedWarnings = {
  "info-license": "the member API is not published under a licence",
};

interface LintProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer: string }[];
}

test("the document passes `redocly lint` with the recommended rules", { timeout: 60_000 }, async () => {
  const file = path.join(dir, "openapi.json");
  await writeFile(file, JSON.stringify(document));
  const cli = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
  // No telemetry and no update check: CI reaches no host but the npm registry.
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
  const args = [cli, "lint", file, "--extends=recommended", "--format=json", "--max-problems=1000"];
  const output = await promisify(execFile)(process.execPath, args, { env, cwd: dir, maxBuffer: 50e6 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
  );
  const { problems } = JSON.parse(output.stdout) as { problems: LintProblem[] };
  const unexpected = problems
    .filter((p) => p.severity === "error" || !(p.ruleId in acceptedWarnings))
    .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
  expect(unexpected).toEqual([]);
});

test("every operation has its own operationId, a security requirement and documented error codes", () => {
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods)) as {
    operationId: string;
    security: object[];
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  }[];
  expect(operations).toHaveLength(endpoints.length);
  expect(new Set(operations.map((o) => o.operationId)).size).toBe(endpoints.length);
  for (const { operationId, security, responses } of operations) {
    expect(security, operationId).toBeDefined();
    const errors = Object.keys(responses).filter((status) => status >= "400");
    expect(errors, operationId).toContain("404");
    expect(errors, operationId).toContain("500");
  }
  const login = document.paths["/api/user.php"]?.post as (typeof operations)[number];
  expect(login.responses["401"]?.content?.["application/json"]?.schema).toEqual({
    allOf: [
      { $ref: "#/components/schemas/Error" },
      { type: "object", properties: { error: { type: "string", enum: ["login_failed"] } } },
    ],
  });
  // A member endpoint needs the session cookie; the login does not.
  expect(document.paths["/api/likes.php"]?.get).toMatchObject({ security: [{ session: [] }] });
  expect(login.security).toEqual([{}, { session: [] }]);
  expect(document.components.securitySchemes.session).toMatchObject({ in: "cookie", name: "__Host-sid" });
});

/** A small client of the API, typed only by what openapi-typescript generates from the document. */
const client = `
import type { components, operations, paths } from "./api";

type Json<R> = R extends { content: { "application/json": infer B } } ? B : never;
type ApiError = components["schemas"]["Error"];

async function call<P extends keyof paths, M extends "get" | "post" | "put" | "delete">(
  path: P,
  method: M,
  body: paths[P][M] extends { requestBody: infer R } ? Json<R> : undefined,
): Promise<paths[P][M] extends { responses: { 200: infer R } } ? Json<R> : never> {
  const answer = await fetch(path, { method: method.toUpperCase(), body: body && JSON.stringify(body) });
  if (!answer.ok) throw (await answer.json()) as ApiError;
  return answer.json();
}

export async function logIn(email: string, password: string): Promise<number> {
  const { user } = await call("/api/user.php", "post", { email, password });
  return user.credits;
}

export async function likeMember(id: number): Promise<boolean> {
  return (await call("/api/like.php", "post", { id })).liked;
}

type LoginFailure = Json<operations["logIn"]["responses"][401]>["error"];
export const failure: LoginFailure = "login_failed";
// @ts-expect-error: a login is refused with 401 login_failed only
export const wrongFailure: LoginFailure = "email_taken";
// @ts-expect-error: the login needs a password
export const noPassword: Json<operations["logIn"]["requestBody"]> = { email: "member@example.com" };
// @ts-expect-error: the contract has no such path
export const unknown = () => call("/api/nothing.php", "get", undefined);
`;

test("openapi-typescript's types from the document compile a small client", { timeout: 60_000 }, async () => {
  await writeFile(path.join(dir, "api.ts"), astToString(await openapiTS(document as never)));
  await writeFile(path.join(dir, "client.ts"), client);
  const program = ts.createProgram([path.join(dir, "client.ts")], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: [],
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
  expect(problems).toEqual([]);
});
