import pino from "pino";
import { expect, test } from "vitest";
import { directCaller } from "./in-process";
import type { ApiLocals } from "./locals";

/** A direct caller whose identification counts its look-ups and answers which look-up a call was served with. */
function counting() {
  let lookups = 0;
  const identify = async (domain: string, cookie: string | undefined) =>
    ({ site: { domain }, member: cookie ? { lookup: ++lookups } : null }) as unknown as ApiLocals;
  const answer = async (facts: ApiLocals) => facts.member;
  const caller = directCaller(
    [
      { method: "get", path: "/api/user.php", run: answer },
      { method: "post", path: "/api/like.php", run: answer },
    ],
    identify,
    pino({ level: "silent" }),
  );
  const headers = (cookie: string) => new Headers({ "x-forwarded-host": "localhost", cookie });
  return { caller, headers, count: () => lookups };
}

test("a page request's reads look up its session once; a write and the reads after it look it up again", async () => {
  const { caller, headers, count } = counting();
  const lookups = new Map<string, unknown>();
  const read = (cookie = "sid=a") =>
    caller({ method: "get", path: "/api/user.php", query: {}, headers: headers(cookie), lookups });
  const [first, second] = await Promise.all([read(), read()]);
  expect(first?.payload).toEqual({ lookup: 1 });
  expect(second?.payload).toEqual({ lookup: 1 });
  expect(count()).toBe(1);
  // Another cookie is another session: never answered with the first one's member.
  expect((await read("sid=b"))?.payload).toEqual({ lookup: 2 });
  const write = await caller({ method: "post", path: "/api/like.php", query: {}, headers: headers("sid=a"), lookups });
  expect(write?.payload).toEqual({ lookup: 3 });
  expect((await read())?.payload).toEqual({ lookup: 4 });
  expect(count()).toBe(4);
});

test("without a page request's store every call looks up its session", async () => {
  const { caller, headers, count } = counting();
  for (let i = 0; i < 2; i++)
    await caller({ method: "get", path: "/api/user.php", query: {}, headers: headers("sid=a") });
  expect(count()).toBe(2);
});
