import crypto from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { deleteStaleLoginFailures } from "../../api/accounts/login-guard";
import { loginResponseSchema } from "../../contract/user";
import { createMember, createSite } from "./support/factories";
import { cookieFrom, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let domain: string;
let siteId: number;

beforeAll(async () => {
  api = await startTestApi();
  const site = await createSite(api.db);
  domain = site.domain;
  siteId = site.id;
});
afterAll(() => api.close());

const logIn = (email: string, password: string, extra: { domain?: string } = {}) =>
  api.call("/api/user.php", { method: "POST", body: { email, password }, domain: extra.domain ?? domain });

test("user.php without a session is a 403 with authentication_required", async () => {
  const { status, body } = await api.call("/api/user.php", { domain });
  expect(status).toBe(403);
  expect(body).toMatchObject({ error: "authentication_required", data: { authentication_required: true } });
});

test("login with the right password sets a 30-day HttpOnly cookie and answers the user", async () => {
  const member = await createMember(api.db, siteId, { name: "Sanne" });
  const { status, body, headers } = await logIn(member.email.toUpperCase(), member.password);
  expect(status).toBe(200);
  const { user, reactivated } = loginResponseSchema.strict().parse(body);
  expect(reactivated).toBe(false);
  expect(user).toMatchObject({ email: member.email, status: "active", credits: 0, paid_user: false, language: "en" });
  expect(user.profile).toMatchObject({ name: "Sanne", date_of_birth: "1990-06-15", main_image: null });
  const setCookie = headers.getSetCookie().find((c) => c.startsWith("sid="))!;
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).toMatch(/Max-Age=2592000/);
  expect(setCookie).not.toMatch(/Secure/i);

  const me = await api.call("/api/user.php", { domain, cookie: cookieFrom(headers) });
  expect(me.status).toBe(200);
  expect(me.body.user.id).toBe(user.id);
});

test("the session token is stored only as a hash, and the password as argon2id", async () => {
  const member = await createMember(api.db, siteId);
  const { headers } = await logIn(member.email, member.password);
  const token = cookieFrom(headers)!.slice("sid=".length);
  const sessions = await api.db.selectFrom("sessions").select("token_hash").where("user_id", "=", member.id).execute();
  expect(sessions).toHaveLength(1);
  expect(sessions[0]!.token_hash).not.toContain(token);
  expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  const user = await api.db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", member.id)
    .executeTakeFirstOrThrow();
  expect(user.password_hash).toMatch(/^\$argon2id\$/);
});

test("the cookie is Secure when the request came over https through the proxy", async () => {
  const member = await createMember(api.db, siteId);
  const { headers } = await api.call("/api/user.php", {
    method: "POST",
    body: { email: member.email, password: member.password },
    domain,
    headers: { "x-forwarded-proto": "https" },
  });
  expect(headers.getSetCookie().find((c) => c.startsWith("sid="))).toMatch(/Secure/i);
});

test("a wrong password or unknown email is login_failed", async () => {
  const member = await createMember(api.db, siteId);
  const wrong = await logIn(member.email, "not the password");
  expect(wrong.status).toBe(401);
  expect(wrong.body).toMatchObject({ error: "login_failed", message: "Login failed, please try again" });
  expect(cookieFrom(wrong.headers)).toBeUndefined();
  const unknown = await logIn("nobody@example.com", "whatever");
  expect(unknown.body.error).toBe("login_failed");
});

test("five wrong passwords block the account for 15 minutes, even for the right password", async () => {
  const member = await createMember(api.db, siteId);
  for (let i = 0; i < 4; i++) expect((await logIn(member.email, `wrong ${i}`)).body.error).toBe("login_failed");
  const fifth = await logIn(member.email, "wrong again");
  expect(fifth.status).toBe(403);
  expect(fifth.body).toMatchObject({
    error: "account_blocked",
    message: "Too many incorrect attempts, account blocked for 15 min.",
    data: { minutes: 15 },
  });
  const right = await logIn(member.email, member.password);
  expect(right.body.error).toBe("account_blocked");
  expect(cookieFrom(right.headers)).toBeUndefined();

  // Once the block has passed, the right password works again.
  await api.db
    .updateTable("login_failures")
    .set({ blocked_until: new Date(Date.now() - 1000).toISOString() })
    .where("user_id", "=", member.id)
    .execute();
  expect((await logIn(member.email, member.password)).status).toBe(200);
});

test("an address without an account answers exactly as one with: login_failed four times, then the block", async () => {
  const member = await createMember(api.db, siteId);
  const unknown = `nobody-${Date.now()}@example.com`;
  const from = (email: string, address: string, password = "not the password") =>
    api.call("/api/user.php", {
      method: "POST",
      body: { email, password },
      domain,
      headers: { "x-forwarded-for": address },
    });
  const sixGuesses = async (email: string, address: string) => {
    const answers = [];
    for (let i = 0; i < 6; i++) {
      const { status, body } = await from(email, address, `wrong ${i}`);
      answers.push({ status, body });
    }
    return answers;
  };
  const known = await sixGuesses(member.email, "203.0.113.40");
  expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 403, 403]);
  expect(await sixGuesses(unknown, "203.0.113.41")).toEqual(known);
  // The block holds that address only, for the unknown address as for the account.
  expect((await from(unknown, "203.0.113.42")).body.error).toBe("login_failed");

  // Guesses from everywhere together: ten addresses, five each, block both everywhere.
  const other = await createMember(api.db, siteId);
  const unknownToo = `nobody-else-${Date.now()}@example.com`;
  for (const email of [other.email, unknownToo])
    await Promise.all(
      Array.from({ length: 10 }, async (_, a) => {
        for (let i = 0; i < 5; i++) await from(email, `198.51.100.${a + 1}`, `wrong ${a}-${i}`);
      }),
    );
  const [blockedAccount, blockedUnknown] = await Promise.all([
    from(other.email, "198.51.100.200"),
    from(unknownToo, "198.51.100.200"),
  ]);
  expect(blockedAccount.body.error).toBe("account_blocked");
  expect(blockedUnknown).toMatchObject({ status: blockedAccount.status, body: blockedAccount.body });
}, 120_000);

test("an unknown address's counters keep only its hash, and the hourly clean-up forgets them", async () => {
  const email = `forgotten-${Date.now()}@example.com`;
  const emailHash = crypto.createHash("sha256").update(email).digest("hex");
  const counters = () =>
    api.db.selectFrom("unknown_login_failures").selectAll().where("email_hash", "=", emailHash).execute();
  await logIn(email, "a guess");
  expect((await counters()).map((c) => c.address).sort()).toEqual(["*", "127.0.0.1"]);
  expect(JSON.stringify(await api.db.selectFrom("unknown_login_failures").selectAll().execute())).not.toContain(email);
  const old = new Date(Date.now() - 2 * 86400_000).toISOString();
  await api.db
    .updateTable("unknown_login_failures")
    .set({ updated_at: old })
    .where("email_hash", "=", emailHash)
    .execute();
  await deleteStaleLoginFailures(api.db);
  expect(await counters()).toEqual([]);
});

test("a badly formed login is a 400 naming the field", async () => {
  const { status, body } = await logIn("not-an-email", "x");
  expect(status).toBe(400);
  expect(body).toMatchObject({ error: "validation_failed", data: { fields: { email: "invalid_email" } } });
  const broken = await api.call("/api/user.php", {
    method: "POST",
    domain,
    headers: { "content-type": "application/json" },
  });
  expect(broken.status).toBe(400);
});

test("a session of one site does not open another site", async () => {
  const other = await createSite(api.db);
  const member = await createMember(api.db, siteId);
  const { headers } = await logIn(member.email, member.password);
  const elsewhere = await api.call("/api/user.php", { domain: other.domain, cookie: cookieFrom(headers) });
  expect(elsewhere.status).toBe(403);
  expect((await logIn(member.email, member.password, { domain: other.domain })).body.error).toBe("login_failed");
});

test("PUT user.php changes the member's language, and only to a site language", async () => {
  const member = await createMember(api.db, siteId);
  const cookie = cookieFrom((await logIn(member.email, member.password)).headers);
  const changed = await api.call("/api/user.php", { method: "PUT", body: { language: "de" }, domain, cookie });
  expect(changed.status).toBe(200);
  expect(changed.body.user.language).toBe("de");
  expect((await api.call("/api/user.php", { domain, cookie })).body.user.language).toBe("de");
  expect((await api.call("/api/user.php", { method: "PUT", body: { language: "xx" }, domain, cookie })).status).toBe(
    400,
  );
  expect((await api.call("/api/user.php", { method: "PUT", body: { language: "nl" }, domain })).status).toBe(403);
});

test("logout ends the session and clears the cookie", async () => {
  const member = await createMember(api.db, siteId);
  const cookie = cookieFrom((await logIn(member.email, member.password)).headers);
  const out = await api.call("/api/logout.php", { domain, cookie });
  expect(out.status).toBe(200);
  expect(out.headers.getSetCookie().find((c) => c.startsWith("sid="))).toMatch(/Max-Age=0/);
  expect((await api.call("/api/user.php", { domain, cookie })).status).toBe(403);
  expect(await api.db.selectFrom("sessions").where("user_id", "=", member.id).selectAll().execute()).toHaveLength(0);
});

test("page-hidden.php marks the member as away", async () => {
  const member = await createMember(api.db, siteId);
  const cookie = cookieFrom((await logIn(member.email, member.password)).headers);
  const { status, body } = await api.call("/api/page-hidden.php", { method: "POST", body: {}, domain, cookie });
  expect(status).toBe(200);
  expect(body).toEqual({ ok: true });
  const row = await api.db
    .selectFrom("users")
    .select("page_hidden_at")
    .where("id", "=", member.id)
    .executeTakeFirstOrThrow();
  expect(Date.now() - new Date(row.page_hidden_at!).getTime()).toBeLessThan(10_000);
  expect((await api.call("/api/page-hidden.php", { method: "POST", body: {}, domain })).status).toBe(200);
});
