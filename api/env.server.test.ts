import { expect, test } from "vitest";
import { parseApiEnv } from "./env.server";

test("every variable has a working default", () => {
  const env = parseApiEnv({});
  expect(env.databaseUrl).toBe("file:data/app.db");
  expect(env.LOGIN_MAX_FAILURES).toBe(5);
  expect(env.LOGIN_BLOCK_MINUTES).toBe(15);
});

test("a postgres URL is used as given", () => {
  expect(parseApiEnv({ DATABASE_URL: "postgres://u@h/db" }).databaseUrl).toBe("postgres://u@h/db");
});

test("a bad value stops the start with a message that names it", () => {
  expect(() => parseApiEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  expect(() => parseApiEnv({ LOGIN_MAX_FAILURES: "lots" })).toThrow(/LOGIN_MAX_FAILURES/);
});

test("the API's reference page is on in development only, unless API_DOCS says otherwise", () => {
  expect(parseApiEnv({ NODE_ENV: "development" }).apiDocs).toBe(true);
  expect(parseApiEnv({ NODE_ENV: "production" }).apiDocs).toBe(false);
  expect(parseApiEnv({ NODE_ENV: "test" }).apiDocs).toBe(false);
  expect(parseApiEnv({ NODE_ENV: "production", API_DOCS: "true" }).apiDocs).toBe(true);
  expect(parseApiEnv({ NODE_ENV: "development", API_DOCS: "false" }).apiDocs).toBe(false);
  expect(() => parseApiEnv({ API_DOCS: "yes" })).toThrow(/API_DOCS/);
});
