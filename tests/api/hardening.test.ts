import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { deleteEndedSessions } from "../../api/accounts/accounts.service";
import { deleteStaleLoginFailures } from "../../api/accounts/login-guard";
import { localDiskStorage } from "../../api/adapters/storage";
import { seedDemoIfWanted } from "../../api/db/seed/demo-wanted";
import { DAY } from "../../contract/durations";
import { createMember, createSite } from "./support/factories";
import { cookieFrom, giveCredits, httpTest, mailedToken, startTestApi, type TestApi } from "./support/test-api";

// One API for these tests, with the per-address limits out of the way: the tests below fire many requests from
// one address on purpose. The limits themselves are tested in security.test.ts.
let api: TestApi;
let domain: string;
let siteId: number;

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "100000", MAILS_PER_HOUR: "100000" });
  const site = await createSite(api.db);
  domain = site.domain;
  siteId = site.id;
});
afterAll(() => api.close());

const from = (address: string) => ({ "x-forwarded-for": address });
const login = (email: string, password: string, address = "198.51.100.1", cookie?: string) =>
  api.call("/api/user.php", { method: "POST", domain, body: { email, password }, headers: from(address), cookie });

async function loggedIn(options: Parameters<typeof createMember>[2] = {}) {
  const member = await createMember(api.db, siteId, options);
  const { headers } = await login(member.email, member.password);
  return { ...member, cookie: cookieFrom(headers)! };
}

// --- Login lockout -------------------------------------------------------------------------------------------

test("50 wrong passwords in parallel block the account; the right password is refused while the block lasts", async () => {
  const member = await createMember(api.db, siteId);
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(member.email, `wrong guess ${i}`)));
  expect(answers.every((a) => a.status === 401 || a.status === 403)).toBe(true);
  expect(answers.filter((a) => a.body.error === "login_failed").length).toBeLessThanOrEqual(5);
  const right = await login(member.email, member.password);
  expect(right.status).toBe(403);
  expect(right.body).toMatchObject({
    error: "account_blocked",
    message: "Too many incorrect attempts, account blocked for 15 min.",
  });
  expect(cookieFrom(right.headers)).toBeUndefined();
});

test("a block holds one address: the member logs in from their own while the guesser stays blocked", async () => {
  const member = await createMember(api.db, siteId);
  for (let i = 0; i < 5; i++) await login(member.email, `wrong ${i}`, "203.0.113.66");
  expect((await login(member.email, member.password, "203.0.113.66")).body.error).toBe("account_blocked");
  expect((await login(member.email, member.password, "198.51.100.23")).status).toBe(200);
});

test("guesses from many addresses together block the account everywhere, until a password reset", async () => {
  const member = await createMember(api.db, siteId);
  // Ten addresses, four wrong guesses each: no single address reaches five, the account reaches forty...
  await Promise.all(
    Array.from({ length: 10 }, async (_, a) => {
      for (let i = 0; i < 4; i++) await login(member.email, `wrong ${a}-${i}`, `203.0.113.${a + 1}`);
    }),
  );
  expect((await login(member.email, member.password, "198.51.100.77")).status).toBe(200);
  // ...and after the right password the count starts again: fifty wrong ones from everywhere block everyone.
  await Promise.all(
    Array.from({ length: 10 }, async (_, a) => {
      for (let i = 0; i < 5; i++) await login(member.email, `wrong ${a}-${i}`, `203.0.113.${a + 1}`);
    }),
  );
  const elsewhere = await login(member.email, member.password, "198.51.100.78");
  expect(elsewhere.body.error).toBe("account_blocked");

  await api.call("/api/password-reset.php", { method: "POST", domain, body: { email: member.email } });
  const token = await mailedToken(api, member.email, "/reset-password/do");
  expect(
    (
      await api.call("/api/password-reset.php", {
        method: "PUT",
        domain,
        body: { token, password: "a brand new secret" },
      })
    ).status,
  ).toBe(200);
  expect((await login(member.email, "a brand new secret", "198.51.100.78")).status).toBe(200);
});

test("a wrong old password on password change, e-mail change and deletion counts towards the same block", async () => {
  const member = await loggedIn();
  const address = "203.0.113.99";
  const tries = [
    () =>
      api.call("/api/password.php", {
        method: "PUT",
        domain,
        cookie: member.cookie,
        headers: from(address),
        body: { old_password: "nope 1", new_password: "another good secret" },
      }),
    () =>
      api.call("/api/mail-change.php", {
        method: "POST",
        domain,
        cookie: member.cookie,
        headers: from(address),
        body: { email: "new@example.com", password: "nope 2" },
      }),
    () =>
      api.call("/api/user.php", {
        method: "DELETE",
        domain,
        cookie: member.cookie,
        headers: from(address),
        body: { password: "nope 3" },
      }),
  ];
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await tries[i % 3]!());
  expect(answers.slice(0, 4).map((a) => a.body.error)).toEqual([
    "wrong_password",
    "wrong_password",
    "wrong_password",
    "wrong_password",
  ]);
  expect(answers[4]!.status).toBe(403);
  expect(answers[4]!.body).toMatchObject({
    error: "account_blocked",
    data: { fields: { password: "settings.tooManyWrong" } },
  });
  // The right password now is refused from that address, for the change and for login.
  const change = await api.call("/api/password.php", {
    method: "PUT",
    domain,
    cookie: member.cookie,
    headers: from(address),
    body: { old_password: member.password, new_password: "another good secret" },
  });
  expect(change.body).toMatchObject({
    error: "account_blocked",
    data: { fields: { old_password: "settings.tooManyWrong" } },
  });
  expect((await login(member.email, member.password, address)).body.error).toBe("account_blocked");
});

test("refused logins are logged with address and account, never the password; lockouts as security events", async () => {
  const member = await createMember(api.db, siteId);
  for (let i = 0; i < 5; i++) await login(member.email, `secret-guess-${i}`, "203.0.113.150");
  const refused = api.logs.filter((l) => l.security === "login_refused" && l.userId === member.id);
  expect(refused.length).toBe(5);
  expect(refused[0]).toMatchObject({ address: "203.0.113.150", code: "login_failed" });
  expect(
    api.logs.some((l) => l.security === "lockout" && l.userId === member.id && l.address === "203.0.113.150"),
  ).toBe(true);
  expect(JSON.stringify(api.logs)).not.toContain("secret-guess");
});

test("the hourly clean-up forgets counters that can no longer block", async () => {
  const member = await createMember(api.db, siteId);
  await login(member.email, "wrong", "203.0.113.200");
  const old = new Date(Date.now() - 2 * 86400_000).toISOString();
  await api.db.updateTable("login_failures").set({ updated_at: old }).where("user_id", "=", member.id).execute();
  await deleteStaleLoginFailures(api.db);
  expect(await api.db.selectFrom("login_failures").selectAll().where("user_id", "=", member.id).execute()).toEqual([]);
});

// --- Passwords -----------------------------------------------------------------------------------------------

test("common passwords, the e-mail address and the site's name are refused as new passwords, at the field", async () => {
  const member = await loggedIn({ email: "jessica.miller@example.com" });
  const site = await api.db.selectFrom("sites").select("name").where("id", "=", siteId).executeTakeFirstOrThrow();
  for (const weak of ["password123", "iloveyou1", "Qwertyuiop", "jessica.miller!2026", `${site.name}2026`]) {
    const answer = await api.call("/api/password.php", {
      method: "PUT",
      domain,
      cookie: member.cookie,
      body: { old_password: member.password, new_password: weak },
    });
    expect(answer.status, weak).toBe(400);
    expect(answer.body).toMatchObject({
      error: "weak_password",
      data: { fields: { new_password: "validation.passwordCommon" } },
    });
  }
  const signup = await api.call("/api/signup.php", {
    method: "POST",
    domain,
    body: {
      email: "newbie@example.com",
      password: "football",
      name: "Newbie",
      gender: "male",
      seeking: "female",
      date_of_birth: "1990-01-01",
      country: "GB",
      language: "en",
    },
  });
  expect(signup.body).toMatchObject({
    error: "weak_password",
    data: { fields: { password: "validation.passwordCommon" } },
  });
});

// --- Mailed links --------------------------------------------------------------------------------------------

test("a successful reset revokes every other unused reset and e-mail-change link", async () => {
  const member = await loggedIn();
  await api.call("/api/mail-change.php", {
    method: "POST",
    domain,
    cookie: member.cookie,
    body: { email: "elsewhere@example.com", password: member.password },
  });
  const mailChange = await mailedToken(api, "elsewhere@example.com", "/mail-change/do");
  await api.call("/api/password-reset.php", { method: "POST", domain, body: { email: member.email } });
  const first = await mailedToken(api, member.email, "/reset-password/do");
  await api.call("/api/password-reset.php", { method: "POST", domain, body: { email: member.email } });
  const second = await mailedToken(api, member.email, "/reset-password/do");
  expect(second).not.toBe(first);

  expect(
    (
      await api.call("/api/password-reset.php", {
        method: "PUT",
        domain,
        body: { token: second, password: "my next good secret" },
      })
    ).status,
  ).toBe(200);
  const again = await api.call("/api/password-reset.php", {
    method: "PUT",
    domain,
    body: { token: first, password: "someone else's secret" },
  });
  expect(again.body.error).toBe("link_invalid");
  expect(
    (await api.call("/api/mail-change.php", { method: "PUT", domain, body: { token: mailChange } })).body.error,
  ).toBe("link_invalid");
});

test("a password change and an e-mail change each revoke the other links", async () => {
  const member = await loggedIn();
  await api.call("/api/password-reset.php", { method: "POST", domain, body: { email: member.email } });
  const reset = await mailedToken(api, member.email, "/reset-password/do");
  await api.call("/api/password.php", {
    method: "PUT",
    domain,
    cookie: member.cookie,
    body: { old_password: member.password, new_password: "changed and strong" },
  });
  expect(
    (
      await api.call("/api/password-reset.php", {
        method: "PUT",
        domain,
        body: { token: reset, password: "an attacker's secret" },
      })
    ).body.error,
  ).toBe("link_invalid");

  await api.call("/api/password-reset.php", { method: "POST", domain, body: { email: member.email } });
  const laterReset = await mailedToken(api, member.email, "/reset-password/do");
  const newAddress = `moved-${member.id}@example.com`;
  await api.call("/api/mail-change.php", {
    method: "POST",
    domain,
    cookie: member.cookie,
    body: { email: newAddress, password: "changed and strong" },
  });
  expect(
    (
      await api.call("/api/mail-change.php", {
        method: "PUT",
        domain,
        body: { token: await mailedToken(api, newAddress, "/mail-change/do") },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await api.call("/api/password-reset.php", {
        method: "PUT",
        domain,
        body: { token: laterReset, password: "an attacker's secret" },
      })
    ).body.error,
  ).toBe("link_invalid");
});

test("mailed links use the site's canonical origin, whatever Host or X-Forwarded-Host says", async () => {
  const member = await createMember(api.db, siteId);
  await api.call("/api/password-reset.php", {
    method: "POST",
    domain: `www.${domain}:8443`,
    body: { email: member.email },
  });
  const [message] = (await api.mailer.outbox()).filter((m) => m.to === member.email);
  expect(message!.links[0]).toMatch(new RegExp(`^https://${domain.replace(/\./g, "\\.")}/reset-password/do\\?token=`));

  await api.db.updateTable("sites").set({ origin: "https://dating.example" }).where("id", "=", siteId).execute();
  const { clearSiteCache } = await import("../../api/settings/settings.service");
  clearSiteCache();
  try {
    await api.call("/api/password-reset.php", { method: "POST", domain, body: { email: member.email } });
    const links = (await api.mailer.outbox()).filter((m) => m.to === member.email).flatMap((m) => m.links);
    expect(links.some((l) => l.startsWith("https://dating.example/reset-password/do?token="))).toBe(true);
  } finally {
    await api.db.updateTable("sites").set({ origin: null }).where("id", "=", siteId).execute();
    clearSiteCache();
  }
});

// --- Sessions ------------------------------------------------------------------------------------------------

test("a login ends the session the browser presented", async () => {
  const first = await loggedIn();
  const second = await createMember(api.db, siteId);
  const { headers } = await login(second.email, second.password, "198.51.100.1", first.cookie);
  expect(cookieFrom(headers)).toBeDefined();
  expect((await api.call("/api/user.php", { domain, cookie: first.cookie })).status).toBe(403);
});

test("a session ends after 7 days unused or 30 days in all; the clean-up deletes ended sessions", async () => {
  const member = await loggedIn();
  expect((await api.call("/api/user.php", { domain, cookie: member.cookie })).status).toBe(200);
  const eightDaysAgo = new Date(Date.now() - 8 * 86400_000).toISOString();
  await api.db.updateTable("sessions").set({ last_used_at: eightDaysAgo }).where("user_id", "=", member.id).execute();
  expect((await api.call("/api/user.php", { domain, cookie: member.cookie })).status).toBe(403);

  const other = await loggedIn();
  await api.db
    .updateTable("sessions")
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where("user_id", "=", other.id)
    .execute();
  expect((await api.call("/api/user.php", { domain, cookie: other.cookie })).status).toBe(403);

  const active = await loggedIn();
  await deleteEndedSessions(api.db);
  const left = await api.db
    .selectFrom("sessions")
    .select("user_id")
    .where("user_id", "in", [member.id, other.id, active.id])
    .execute();
  expect(left).toEqual([{ user_id: active.id }]);
});

test("in production the cookie is __Host-sid and Secure, and a plain sid cookie is not a session", async () => {
  const production = await startTestApi({ NODE_ENV: "production" });
  try {
    const site = await createSite(production.db);
    const member = await createMember(production.db, site.id);
    const { headers } = await production.call("/api/user.php", {
      method: "POST",
      domain: site.domain,
      body: { email: member.email, password: member.password },
    });
    const setCookie = headers.getSetCookie().find((c) => c.startsWith("__Host-sid="))!;
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    const cookie = cookieFrom(headers, "__Host-sid")!;
    expect((await production.call("/api/user.php", { domain: site.domain, cookie })).status).toBe(200);
    expect(
      (await production.call("/api/user.php", { domain: site.domain, cookie: cookie.replace("__Host-sid", "sid") }))
        .status,
    ).toBe(403);
  } finally {
    await production.close();
  }
});

httpTest("answers that depend on a session are never stored", async () => {
  const member = await loggedIn();
  const me = await api.call("/api/user.php", { domain, cookie: member.cookie });
  expect(me.headers.get("cache-control")).toBe("no-store");
  const { headers } = await login(member.email, member.password);
  expect(headers.get("cache-control")).toBe("no-store");
});

// --- No state change on GET from another site ----------------------------------------------------------------

test("GET logout.php sent by another site is refused; POST logs out", async () => {
  const member = await loggedIn();
  const crossSite = await api.call("/api/logout.php", {
    domain,
    cookie: member.cookie,
    headers: { "sec-fetch-site": "cross-site" },
  });
  expect(crossSite.status).toBe(403);
  expect((await api.call("/api/user.php", { domain, cookie: member.cookie })).status).toBe(200);
  const out = await api.call("/api/logout.php", {
    method: "POST",
    domain,
    cookie: member.cookie,
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(out.status).toBe(200);
  expect((await api.call("/api/user.php", { domain, cookie: member.cookie })).status).toBe(403);
});

test("a profile opened from another site does not clear the new-like flag; the auto-like notice refuses it", async () => {
  const liker = await loggedIn({ name: "Liker" });
  const viewer = await loggedIn({ name: "Viewer" });
  await api.call("/api/like.php", { method: "POST", domain, cookie: liker.cookie, body: { id: viewer.id } });
  const isNew = async () =>
    (
      await api.db
        .selectFrom("likes")
        .select("like_new")
        .where("liker_id", "=", liker.id)
        .where("liked_id", "=", viewer.id)
        .executeTakeFirstOrThrow()
    ).like_new;

  const crossSite = await api.call(`/api/profile.php?id=${liker.id}`, {
    domain,
    cookie: viewer.cookie,
    headers: { "sec-fetch-site": "cross-site" },
  });
  expect(crossSite.status).toBe(200);
  expect(await isNew()).toBe(1);
  expect(
    (
      await api.call("/api/auto-like.php", {
        domain,
        cookie: viewer.cookie,
        headers: { "sec-fetch-site": "cross-site" },
      })
    ).status,
  ).toBe(403);
  const shown = await api.db
    .selectFrom("likes")
    .select("auto_shown_at")
    .where("liker_id", "=", liker.id)
    .executeTakeFirstOrThrow();
  expect(shown.auto_shown_at).toBeNull();

  await api.call(`/api/profile.php?id=${liker.id}`, {
    domain,
    cookie: viewer.cookie,
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(await isNew()).toBe(0);
});

// --- Requests ------------------------------------------------------------------------------------------------

test("body-parser refusals are 413, 415 and 400, never 500", async () => {
  const big = await api.call("/api/user.php", {
    method: "POST",
    domain,
    body: { email: "a@example.com", password: "x".repeat(200_000) },
  });
  expect(big.status).toBe(413);
  expect(big.body.error).toBe("payload_too_large");
  const encoded = await api.call("/api/user.php", {
    method: "POST",
    domain,
    body: { email: "a@example.com", password: "x" },
    headers: { "content-encoding": "compress" },
  });
  expect(encoded.status).toBe(415);
  const charset = await fetch(`${api.url}/api/user.php`, {
    method: "POST",
    headers: { "content-type": "application/json; charset=klingon", "x-forwarded-host": domain },
    body: "{}",
  });
  expect(charset.status).toBe(415);
  const broken = await fetch(`${api.url}/api/user.php`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-host": domain },
    body: '{"email": ',
  });
  expect(broken.status).toBe(400);
});

httpTest("a JSON body marked gzip or br that is not compressed is a 400, never a 500", async () => {
  for (const encoding of ["gzip", "br", "deflate"]) {
    const answer = await fetch(`${api.url}/api/user.php`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": encoding, "x-forwarded-host": domain },
      body: JSON.stringify({ email: "a@example.com", password: "x" }),
    });
    expect(answer.status, encoding).toBe(400);
    expect((await answer.json()).error, encoding).toBe("validation_failed");
  }
});

/** The status line of a request written byte for byte: fetch always sends a valid Host. */
async function rawStatus(request: string): Promise<string> {
  const { port } = new URL(api.url);
  const socket = net.connect(Number(port), "127.0.0.1");
  // Written without closing our side: the server may drop a request whose client hung up. Each asks it to close.
  socket.write(request);
  let answer = "";
  for await (const chunk of socket) answer += String(chunk);
  return answer.split("\r\n")[0]!;
}

httpTest("a request with no Host, an empty one or a malformed one is a 400, never a 500", async () => {
  expect(await rawStatus("GET /api/settings.php HTTP/1.0\r\n\r\n")).toBe("HTTP/1.1 400 Bad Request");
  for (const host of ["", " ", "a b.example", "exa%6dple.com", "[::1", "evil.example/x", "a@b.example"]) {
    const status = await rawStatus(`GET /api/settings.php HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(status, JSON.stringify(host)).toBe("HTTP/1.1 400 Bad Request");
  }
  // The name and port of a site still find it.
  const named = await rawStatus(`GET /api/settings.php HTTP/1.1\r\nHost: ${domain}:3000\r\nConnection: close\r\n\r\n`);
  expect(named).toBe("HTTP/1.1 200 OK");
});

// --- Idempotency keys ------------------------------------------------------------------------------------------

test("a message's Idempotency-Key reused for another text or recipient is refused 422, also at once", async () => {
  const [anna, ben, carl] = [await loggedIn(), await loggedIn(), await loggedIn()];
  await giveCredits(api.db, anna.id, 100);
  const send = (body: Record<string, unknown>, key: string) =>
    api.call("/api/message.php", {
      method: "POST",
      domain,
      cookie: anna.cookie,
      body,
      headers: { "idempotency-key": key },
    });
  const first = await send({ to: ben.id, text: "Hello Ben" }, "reused-message-key-1");
  expect(first.status).toBe(200);
  // A retry of the same request is answered as the first.
  expect((await send({ to: ben.id, text: "Hello Ben" }, "reused-message-key-1")).body).toEqual(first.body);
  for (const other of [
    { to: ben.id, text: "Send me money" },
    { to: carl.id, text: "Hello Ben" },
    { to: ben.id, gift: "rose" },
  ]) {
    const reused = await send(other, "reused-message-key-1");
    expect(reused.status, JSON.stringify(other)).toBe(422);
    expect(reused.body.error).toBe("idempotency_key_reused");
  }
  // Two different sends under one new key at the same moment: one is sent, the other refused.
  const twins = await Promise.all([
    send({ to: ben.id, text: "One" }, "reused-message-key-2"),
    send({ to: ben.id, text: "Two" }, "reused-message-key-2"),
  ]);
  expect(twins.map((t) => t.status).sort()).toEqual([200, 422]);
  const sent = await api.db
    .selectFrom("messages")
    .select("body")
    .where("sender_id", "=", anna.id)
    .orderBy("id")
    .execute();
  expect(sent.map((m) => m.body)).toEqual(["Hello Ben", twins[0]!.status === 200 ? "One" : "Two"]);
  const { credits } = await api.db
    .selectFrom("users")
    .select("credits")
    .where("id", "=", anna.id)
    .executeTakeFirstOrThrow();
  const site = await api.db
    .selectFrom("sites")
    .select("message_credits")
    .where("id", "=", siteId)
    .executeTakeFirstOrThrow();
  expect(credits).toBe(100 - 2 * site.message_credits);
});

test("a payment's Idempotency-Key reused for another bundle is refused 422, also at once", async () => {
  const buyer = await loggedIn();
  // Signed up a day ago: no time bonus, whose code one open payment would hold (docs/product.md §3.8).
  const dayAgo = new Date(Date.now() - DAY).toISOString();
  await api.db.updateTable("users").set({ signup_date: dayAgo }).where("id", "=", buyer.id).execute();
  const { bundles } = (await api.call("/api/credits.php", { domain, cookie: buyer.cookie })).body as {
    bundles: { id: number }[];
  };
  const [small, large] = bundles;
  const pay = (body: Record<string, unknown>, key: string) =>
    api.call("/api/payment.php", {
      method: "POST",
      domain,
      cookie: buyer.cookie,
      body,
      headers: { "idempotency-key": key },
    });
  const first = await pay({ bundle: small!.id, method: "creditcard" }, "reused-payment-key-1");
  expect(first.status).toBe(200);
  expect((await pay({ bundle: small!.id, method: "creditcard" }, "reused-payment-key-1")).body.payment.id).toBe(
    first.body.payment.id,
  );
  const reused = await pay({ bundle: large!.id, method: "creditcard" }, "reused-payment-key-1");
  expect(reused.status).toBe(422);
  expect(reused.body.error).toBe("idempotency_key_reused");
  const twins = await Promise.all([
    pay({ bundle: small!.id, method: "creditcard" }, "reused-payment-key-2"),
    pay({ bundle: large!.id, method: "creditcard" }, "reused-payment-key-2"),
  ]);
  expect(twins.map((t) => t.status).sort()).toEqual([200, 422]);
  const payments = await api.db.selectFrom("payments").select("bundle_id").where("user_id", "=", buyer.id).execute();
  expect(payments).toHaveLength(2);
});

test("likes, blocks, swipe skips and retention offers fired in parallel never fail", async () => {
  const me = await loggedIn();
  const target = await createMember(api.db, siteId, { name: "Target" });
  const fire = (path: string, method: string, body: unknown) =>
    Promise.all(Array.from({ length: 20 }, () => api.call(path, { method, domain, cookie: me.cookie, body })));
  for (const [path, method, body] of [
    ["/api/like.php", "POST", { id: target.id }],
    ["/api/swipe.php", "POST", { id: target.id, action: "skip" }],
    ["/api/retention-offer.php", "POST", { offer: 0 }],
    ["/api/block.php", "POST", { id: target.id }],
  ] as const) {
    const statuses = (await fire(path, method, body)).map((a) => a.status);
    expect(statuses, path).toEqual(Array(20).fill(200));
  }
  const count = async (
    table: "likes" | "blocks" | "swipe_skips" | "discount_codes",
    column: "liker_id" | "blocker_id" | "user_id",
  ) => (await api.db.selectFrom(table).selectAll().where(column, "=", me.id).execute()).length;
  expect(await count("likes", "liker_id")).toBe(1);
  expect(await count("blocks", "blocker_id")).toBe(1);
  expect(await count("swipe_skips", "user_id")).toBe(1);
  expect(await count("discount_codes", "user_id")).toBe(1);
});

test("parallel swipe likes cannot pass the day's four", async () => {
  const me = await loggedIn({ gender: "male" });
  const targets = await Promise.all(
    Array.from({ length: 10 }, () => createMember(api.db, siteId, { gender: "female" })),
  );
  const answers = await Promise.all(
    targets.map((t) =>
      api.call("/api/swipe.php", { method: "POST", domain, cookie: me.cookie, body: { id: t.id, action: "like" } }),
    ),
  );
  expect(answers.filter((a) => a.status === 200).length).toBe(4);
  expect(answers.filter((a) => a.status === 429).every((a) => a.body.error === "swipe_limit")).toBe(true);
});

test("a member one may not see answers exactly as one who does not exist", async () => {
  const me = await loggedIn();
  const hidden = await createMember(api.db, siteId);
  await api.db.updateTable("profiles").set({ invisible: 1 }).where("user_id", "=", hidden.id).execute();
  const missing = hidden.id + 100_000;
  for (const [path, method, body] of [
    ["/api/like.php", "POST", (id: number) => ({ id })],
    ["/api/block.php", "POST", (id: number) => ({ id })],
    ["/api/swipe.php", "POST", (id: number) => ({ id, action: "skip" })],
  ] as const) {
    const toHidden = await api.call(path, { method, domain, cookie: me.cookie, body: body(hidden.id) });
    const toMissing = await api.call(path, { method, domain, cookie: me.cookie, body: body(missing) });
    expect([toHidden.status, toHidden.body], path).toEqual([toMissing.status, toMissing.body]);
    expect(toHidden.status, path).toBe(404);
  }
});

test("a post whose Referer names another host is refused when Origin is missing", async () => {
  const member = await createMember(api.db, siteId);
  const body = { email: member.email, password: member.password };
  const foreign = await api.call("/api/user.php", {
    method: "POST",
    domain,
    body,
    headers: { referer: "https://evil.example/page" },
  });
  expect(foreign.status).toBe(403);
  expect(foreign.body.error).toBe("forbidden_origin");
  const own = await api.call("/api/user.php", {
    method: "POST",
    domain,
    body,
    headers: { referer: `http://${domain}/login` },
  });
  expect(own.status).toBe(200);
});

test("X-Forwarded-Host is ignored when the peer is not a trusted proxy", async () => {
  const direct = await startTestApi({}, { trustProxy: false });
  try {
    const site = await createSite(direct.db);
    const forged = await direct.call("/api/user.php", {
      method: "POST",
      domain: site.domain,
      body: { email: "a@example.com", password: "x" },
      headers: { origin: `http://${site.domain}` },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe("forbidden_origin");
  } finally {
    await direct.close();
  }
});

// --- Production defaults -------------------------------------------------------------------------------------

test("the outbox is off unless OUTBOX_PAGE=true, and then answers loopback only", async () => {
  expect((await api.call("/api/dev-outbox.php", { domain })).status).toBe(404);
  const withOutbox = await startTestApi({ OUTBOX_PAGE: "true" });
  try {
    const site = await createSite(withOutbox.db);
    expect((await withOutbox.call("/api/dev-outbox.php", { domain: site.domain })).status).toBe(200);
    expect(
      (await withOutbox.call("/api/dev-outbox.php", { domain: site.domain, headers: from("203.0.113.5") })).status,
    ).toBe(404);
  } finally {
    await withOutbox.close();
  }
});

test("the demo site is seeded on localhost only (or with SEED_DEMO=true); elsewhere no demo site answers", async () => {
  const deployment = await startTestApi();
  try {
    const options = {
      photos: localDiskStorage(path.join(deployment.dataDir, "photos")),
      origin: "https://dating.example",
    };
    expect(await seedDemoIfWanted(deployment.db, { ...options, siteDomain: "dating.example" })).toBe("not wanted");
    expect((await deployment.call("/api/settings.php", { domain: "localhost" })).status).toBe(404);
    expect(
      (
        await deployment.call("/api/user.php", {
          method: "POST",
          domain: "localhost",
          body: { email: "free@example.com", password: "demo-free-2026" },
        })
      ).status,
    ).toBe(404);
    expect(await seedDemoIfWanted(deployment.db, { ...options, siteDomain: "dating.example", seedDemo: "false" })).toBe(
      "not wanted",
    );
  } finally {
    await deployment.close();
  }
});
