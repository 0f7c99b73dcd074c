import { Writable } from "node:stream";
import pino from "pino";
import { expect, test } from "vitest";
import { redactPaths } from "./logger";

test("passwords, tokens and cookies never reach a log line", () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = pino({ redact: { paths: redactPaths, censor: "[redacted]" } }, sink);
  log.info(
    { body: { email: "a@b.c", password: "hunter22" }, token: "t0ken", req: { headers: { cookie: "sid=secret" } } },
    "x",
  );
  const line = lines.join("");
  expect(line).not.toContain("hunter22");
  expect(line).not.toContain("t0ken");
  expect(line).not.toContain("sid=secret");
  expect(line).toContain("a@b.c");
});
