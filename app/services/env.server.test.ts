import { expect, test } from "vitest";
import { parseWebEnv } from "./env.server";

test("by default the web tier talks to the API it serves itself", () => {
  const env = parseWebEnv({});
  expect(env.PORT).toBe(3000);
  expect(env.apiUrl).toBe("http://127.0.0.1:3000/api");
  expect(env.apiIsExternal).toBe(false);
  expect(parseWebEnv({ PORT: "4000" }).apiUrl).toBe("http://127.0.0.1:4000/api");
});

test("API_URL points the web tier at an external API", () => {
  const env = parseWebEnv({ API_URL: "https://api.example.com/api/" });
  expect(env.apiUrl).toBe("https://api.example.com/api");
  expect(env.apiIsExternal).toBe(true);
});

test("a bad value names the variable", () => {
  expect(() => parseWebEnv({ PORT: "http" })).toThrow(/PORT/);
  expect(() => parseWebEnv({ API_URL: "not a url" })).toThrow(/API_URL/);
});
