import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { purgeDeletedAccounts } from "../../api/accounts/lifecycle.service";
import { localDiskStorage } from "../../api/adapters/storage";
import { createMember, createSite } from "./support/factories";
import { cookieFrom, mailedToken, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let domain: string;
let siteId: number;

beforeAll(async () => {
  api = await startTestApi({ MAILS_PER_HOUR: "1000" });
  const site = await createSite(api.db);
  domain = site.domain;
  siteId = site.id;
});
afterAll(() => api.close());

async function loggedIn(options: Parameters<typeof createMember>[2] = {}) {
  const member = await createMember(api.db, siteId, options);
  const { headers } = await api.call("/api/user.php", {
    method: "POST",
    domain,
    body: { email: member.email, password: member.password },
  });
  return { ...member, cookie: cookieFrom(headers)! };
}
const login = (email: string, password: string) =>
  api.call("/api/user.php", { method: "POST", domain, body: { email, password } });

test("a password reset mails a one-hour single-use link; the new password works, the old does not", async () => {
  const member = await loggedIn();
  expect(
    (await api.call("/api/password-reset.php", { method: "POST", domain, body: { email: member.email } })).status,
  ).toBe(200);
  const token = await mailedToken(api, member.email, "/reset-password/do");
  const done = await api.call("/api/password-reset.php", {
    method: "PUT",
    domain,
    body: { token, password: "brand new secret" },
  });
  expect(done.status).toBe(200);
  expect((await login(member.email, member.password)).status).toBe(401);
  expect((await login(member.email, "brand new secret")).status).toBe(200);
  // Every session from before the reset has ended.
  expect((await api.call("/api/user.php", { domain, cookie: member.cookie })).status).toBe(403);
  const reused = await api.call("/api/password-reset.php", {
    method: "PUT",
    domain,
    body: { token, password: "another secret" },
  });
  expect(reused.status).toBe(410);
  expect(reused.body).toMatchObject({ error: "link_invalid", message: "Link expired or invalid, request a new email" });
});

test("an expired reset link is refused", async () => {
  const member = await createMember(api.db, siteId);
  await api.call("/api/password-reset.php", { method: "POST", domain, body: { email: member.email } });
  const token = await mailedToken(api, member.email, "/reset-password/do");
  await api.db
    .updateTable("account_tokens")
    .set({ expires_at: new Date(Date.now() - 1).toISOString() })
    .where("user_id", "=", member.id)
    .execute();
  expect(
    (
      await api.call("/api/password-reset.php", {
        method: "PUT",
        domain,
        body: { token, password: "brand new secret" },
      })
    ).body.error,
  ).toBe("link_invalid");
});

test("an unknown address and too many resets are said so", async () => {
  const unknown = await api.call("/api/password-reset.php", {
    method: "POST",
    domain,
    body: { email: "ghost@example.com" },
  });
  expect(unknown.status).toBe(404);
  expect(unknown.body).toMatchObject({ error: "email_not_found", message: "E-mail address not found" });
  const member = await createMember(api.db, siteId);
  for (let i = 0; i < 3; i++)
    expect(
      (await api.call("/api/password-reset.php", { method: "POST", domain, body: { email: member.email } })).status,
    ).toBe(200);
  const fourth = await api.call("/api/password-reset.php", { method: "POST", domain, body: { email: member.email } });
  expect(fourth.status).toBe(429);
  expect(fourth.body.message).toBe("Too many password reset emails sent, please try again tomorrow.");
});

test("an unknown address is told so as often as a known one is mailed, then both get the same refusal", async () => {
  const member = await createMember(api.db, siteId);
  const ghost = `ghost-${Date.now()}@example.com`;
  const ask = (email: string, i: number) =>
    api.call("/api/password-reset.php", {
      method: "POST",
      domain,
      body: { email },
      headers: { "x-forwarded-for": `203.0.113.${i}` },
    });
  for (let i = 1; i <= 3; i++) {
    expect((await ask(ghost, i)).body.error).toBe("email_not_found");
    expect((await ask(member.email, i)).status).toBe(200);
  }
  const [unknown, known] = [await ask(ghost, 9), await ask(member.email, 9)];
  expect(unknown.status).toBe(429);
  expect(unknown.body).toEqual(known.body);
  expect(unknown.body).toMatchObject({
    error: "too_many_resets",
    message: "Too many password reset emails sent, please try again tomorrow.",
  });
});

test("changing the password needs the old one", async () => {
  const member = await loggedIn();
  const wrong = await api.call("/api/password.php", {
    method: "PUT",
    domain,
    cookie: member.cookie,
    body: { old_password: "nope", new_password: "a new password" },
  });
  expect(wrong.status).toBe(400);
  expect(wrong.body).toMatchObject({
    error: "wrong_password",
    message: "Please check your old password.",
    data: { fields: { old_password: "settings.wrongOldPassword" } },
  });
  const right = await api.call("/api/password.php", {
    method: "PUT",
    domain,
    cookie: member.cookie,
    body: { old_password: member.password, new_password: "a new password" },
  });
  expect(right.status).toBe(200);
  expect((await login(member.email, "a new password")).status).toBe(200);
  // The session that changed it stays logged in.
  expect((await api.call("/api/user.php", { domain, cookie: member.cookie })).status).toBe(200);
});

test("a new e-mail address takes effect only from the link mailed to it", async () => {
  const member = await loggedIn();
  const other = await createMember(api.db, siteId);
  const taken = await api.call("/api/mail-change.php", {
    method: "POST",
    domain,
    cookie: member.cookie,
    body: { email: other.email, password: member.password },
  });
  expect(taken.status).toBe(409);
  expect(taken.body.message).toBe("An account with this e-mail address already exists");
  const invalid = await api.call("/api/mail-change.php", {
    method: "POST",
    domain,
    cookie: member.cookie,
    body: { email: "nope", password: member.password },
  });
  expect(invalid.body.data.fields.email).toBe("validation.newEmailInvalid");

  const asked = await api.call("/api/mail-change.php", {
    method: "POST",
    domain,
    cookie: member.cookie,
    body: { email: "moved@example.com", password: member.password },
  });
  expect(asked.status).toBe(200);
  expect((await api.call("/api/user.php", { domain, cookie: member.cookie })).body.user.email).toBe(member.email);
  const token = await mailedToken(api, "moved@example.com", "/mail-change/do");
  const confirmed = await api.call("/api/mail-change.php", { method: "PUT", domain, body: { token } });
  expect(confirmed.body).toEqual({ ok: true, email: "moved@example.com" });
  expect((await api.call("/api/user.php", { domain, cookie: member.cookie })).body.user.email).toBe(
    "moved@example.com",
  );
  expect((await api.call("/api/mail-change.php", { method: "PUT", domain, body: { token } })).body.error).toBe(
    "link_invalid",
  );
});

test("deleting puts the account in pending deletion: logged out, and a reactivation link mailed", async () => {
  const member = await loggedIn();
  const wrong = await api.call("/api/user.php", {
    method: "DELETE",
    domain,
    cookie: member.cookie,
    body: { password: "nope" },
  });
  expect(wrong.status).toBe(400);
  const deleted = await api.call("/api/user.php", {
    method: "DELETE",
    domain,
    cookie: member.cookie,
    body: { password: member.password },
  });
  expect(deleted.status).toBe(200);
  expect(deleted.headers.getSetCookie().find((c) => c.startsWith("sid="))).toMatch(/Max-Age=0/);
  expect((await api.call("/api/user.php", { domain, cookie: member.cookie })).status).toBe(403);
  const row = await api.db
    .selectFrom("users")
    .select(["status", "deletion_requested_at"])
    .where("id", "=", member.id)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe("pending_deletion");

  const token = await mailedToken(api, member.email, "/login");
  // The link reactivates, and then the member logs in: it starts no session of its own.
  const back = await api.call("/api/reactivate.php", { method: "POST", domain, body: { token } });
  expect(back.status).toBe(200);
  expect(cookieFrom(back.headers)).toBeUndefined();
  const again = await api.db.selectFrom("users").select("status").where("id", "=", member.id).executeTakeFirstOrThrow();
  expect(again.status).toBe("active");
  expect((await api.call("/api/reactivate.php", { method: "POST", domain, body: { token } })).body.error).toBe(
    "link_invalid",
  );
});

test("logging in within 14 days reactivates; after them the data is purged and login fails", async () => {
  const member = await loggedIn();
  await api.call("/api/user.php", {
    method: "DELETE",
    domain,
    cookie: member.cookie,
    body: { password: member.password },
  });
  const again = await login(member.email, member.password);
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ reactivated: true, user: { status: "active" } });

  const leaver = await loggedIn();
  await api.db
    .insertInto("photos")
    .values({
      user_id: leaver.id,
      filename: "gone.jpg",
      thumb_filename: "gone-thumb.jpg",
      status: "active",
      is_main: 1,
      created_at: new Date().toISOString(),
    })
    .execute();
  const photosDir = path.join(api.dataDir, "photos");
  fs.mkdirSync(photosDir, { recursive: true });
  fs.writeFileSync(path.join(photosDir, "gone.jpg"), "x");
  await api.db
    .insertInto("credit_ledger")
    .values({
      user_id: leaver.id,
      delta: 5,
      balance_after: 5,
      reason: "purchase",
      reference: "p-1",
      created_at: new Date().toISOString(),
    })
    .execute();
  await api.call("/api/user.php", {
    method: "DELETE",
    domain,
    cookie: leaver.cookie,
    body: { password: leaver.password },
  });
  await api.db
    .updateTable("users")
    .set({ deletion_requested_at: new Date(Date.now() - 15 * 86400_000).toISOString() })
    .where("id", "=", leaver.id)
    .execute();
  expect((await login(leaver.email, leaver.password)).status).toBe(401);

  expect(
    await purgeDeletedAccounts(api.db, {
      publicPhotos: localDiskStorage(photosDir),
      chatFiles: localDiskStorage(api.dataDir),
    }),
  ).toBe(1);
  const row = await api.db.selectFrom("users").selectAll().where("id", "=", leaver.id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: "deleted", password_hash: null, email: `deleted-${leaver.id}@deleted.invalid` });
  expect(await api.db.selectFrom("profiles").selectAll().where("user_id", "=", leaver.id).execute()).toHaveLength(0);
  expect(await api.db.selectFrom("photos").selectAll().where("user_id", "=", leaver.id).execute()).toHaveLength(0);
  expect(fs.existsSync(path.join(photosDir, "gone.jpg"))).toBe(false);
  // Accounting keeps the payments.
  expect(await api.db.selectFrom("credit_ledger").selectAll().where("user_id", "=", leaver.id).execute()).toHaveLength(
    1,
  );
  expect((await login(leaver.email, leaver.password)).status).toBe(401);
});

test("a retention offer gives a discount code from company info, once", async () => {
  const member = await loggedIn();
  const taken = await api.call("/api/retention-offer.php", {
    method: "POST",
    domain,
    cookie: member.cookie,
    body: { offer: 0 },
  });
  expect(taken.status).toBe(200);
  expect(taken.body.discountcode).toMatchObject({
    code: "STAY50-50",
    value_percentage: 50,
    status: "active",
    expired: false,
    user_id: member.id,
  });
  const twice = await api.call("/api/retention-offer.php", {
    method: "POST",
    domain,
    cookie: member.cookie,
    body: { offer: 0 },
  });
  expect(twice.body.discountcode.code).toBe("STAY50-50");
  expect(await api.db.selectFrom("discount_codes").selectAll().where("user_id", "=", member.id).execute()).toHaveLength(
    1,
  );
  expect(
    (await api.call("/api/retention-offer.php", { method: "POST", domain, cookie: member.cookie, body: { offer: 5 } }))
      .status,
  ).toBe(404);
});

test("a member downloads everything held about them, without secrets", async () => {
  const member = await loggedIn({ name: "Export" });
  const { status, body } = await api.call("/api/account-export.php", { domain, cookie: member.cookie });
  expect(status).toBe(200);
  expect(body.account.email).toBe(member.email);
  expect(body.profile.name).toBe("Export");
  expect(body.account.password_hash).toBeUndefined();
  expect(JSON.stringify(body)).not.toMatch(/argon2|token_hash/);
  expect(Array.isArray(body.credit_ledger)).toBe(true);
  expect((await api.call("/api/account-export.php", { domain })).status).toBe(403);
});

test("mail links point at the site's own host, never a forged one", async () => {
  const member = await createMember(api.db, siteId);
  await api.call(`/api/password-reset.php?domain=${domain}`, {
    method: "POST",
    body: { email: member.email },
    headers: { "x-forwarded-host": "evil.example" },
  });
  const message = (await api.mailer.outbox()).find((m) => m.to === member.email)!;
  expect(new URL(message.links[0]!).host).toBe(domain);
});
