import { afterAll, beforeAll, expect, test } from "vitest";
import { countSignupLookup } from "../../api/accounts/email-lookups";
import { signupMatchesResponseSchema, signupResponseSchema } from "../../contract/signup";
import { createMember, createSite } from "./support/factories";
import { cookieFrom, mailedToken, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let domain: string;
let siteId: number;

beforeAll(async () => {
  api = await startTestApi({ SIGNUPS_PER_HOUR: "1000" });
  const site = await createSite(api.db);
  domain = site.domain;
  siteId = site.id;
  await api.db.insertInto("regions").values({ code: "GB-ENG", country: "GB", name: "England" }).execute();
});
afterAll(() => api.close());

let n = 0;
const signup = (overrides: Record<string, unknown> = {}, site = domain) => {
  n += 1;
  return api.call("/api/signup.php", {
    method: "POST",
    domain: site,
    body: {
      gender: "female",
      seeking: "male",
      date_of_birth: "1995-04-02",
      country: "GB",
      region: "GB-ENG",
      city: "Leeds",
      name: `Nora${n}`,
      email: `nora${n}@example.com`,
      password: "a good password",
      language: "en",
      tracking: { network: "net1", sub1: "x" },
      ...overrides,
    },
  });
};

test("a signup creates an unconfirmed member with a disabled profile, credits, welcome code, and logs in", async () => {
  const { status, body, headers } = await signup({ email: "new@example.com", name: "Freya" });
  expect(status).toBe(201);
  const { user } = signupResponseSchema.parse(body);
  expect(user).toMatchObject({ status: "not_confirmed", credits: 20, paid_user: false, email: "new@example.com" });
  expect(user.profile).toMatchObject({
    name: "Freya",
    status: "disabled",
    sexuality: "straight",
    region: "GB-ENG",
    city: "Leeds",
  });
  expect(cookieFrom(headers)).toBeDefined();

  const row = await api.db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
  expect(JSON.parse(row.tracking!)).toEqual({ network: "net1", sub1: "x" });
  const ledger = await api.db.selectFrom("credit_ledger").selectAll().where("user_id", "=", user.id).execute();
  expect(ledger).toEqual([expect.objectContaining({ delta: 20, balance_after: 20, reason: "signup_bonus" })]);
  const code = await api.db
    .selectFrom("discount_codes")
    .selectAll()
    .where("user_id", "=", user.id)
    .executeTakeFirstOrThrow();
  expect(code).toMatchObject({
    code: "TIMEBONUS25",
    value_percentage: 25,
    status: "active",
    validity: "once-per-user",
  });
  expect(new Date(code.expires!).getTime() - new Date(user.signup_date).getTime()).toBe(14400_000);
  expect(await mailedToken(api, "new@example.com", "/activate/done")).toMatch(/^[\w-]{20,}$/);
});

test("the activation link activates once; a reused or unknown link fails", async () => {
  const { body } = await signup({ email: "act@example.com" });
  const token = await mailedToken(api, "act@example.com", "/activate/done");
  const first = await api.call("/api/activate.php", { method: "POST", domain, body: { token } });
  expect(first.status).toBe(200);
  const row = await api.db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.status", "profiles.status as profile_status"])
    .where("users.id", "=", body.user.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ status: "active", profile_status: "active" });
  const again = await api.call("/api/activate.php", { method: "POST", domain, body: { token } });
  expect(again.status).toBe(410);
  expect(again.body).toMatchObject({ error: "activation_failed", message: "Activation failed" });
  expect(
    (await api.call("/api/activate.php", { method: "POST", domain, body: { token: "x".repeat(40) } })).body.error,
  ).toBe("activation_failed");
});

test("an expired activation link fails", async () => {
  await signup({ email: "late@example.com" });
  const token = await mailedToken(api, "late@example.com", "/activate/done");
  await api.db
    .updateTable("account_tokens")
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where("purpose", "=", "activation")
    .execute();
  expect((await api.call("/api/activate.php", { method: "POST", domain, body: { token } })).body.error).toBe(
    "activation_failed",
  );
});

test("the activation mail can be sent again, a few times a day", async () => {
  const { headers } = await signup({ email: "resend@example.com" });
  const cookie = cookieFrom(headers);
  expect((await api.call("/api/activation-mail.php", { method: "POST", domain, cookie, body: {} })).status).toBe(200);
  expect((await api.call("/api/activation-mail.php", { method: "POST", domain, cookie, body: {} })).status).toBe(200);
  const fourth = await api.call("/api/activation-mail.php", { method: "POST", domain, cookie, body: {} });
  expect(fourth.status).toBe(429);
  expect((await api.call("/api/activation-mail.php", { method: "POST", domain, body: {} })).status).toBe(403);
});

test("each validation rule answers at its field", async () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ email: "not-an-email" }, "email", "validation.invalidEmail"],
    [{ name: "@nora" }, "name", "validation.nameAt"],
    [{ name: "same@example.com", email: "same@example.com" }, "name", "validation.nameIsEmail"],
    [{ password: "short" }, "password", "validation.passwordTooShort"],
    [{ date_of_birth: "2099-01-01" }, "date_of_birth", "validation.invalidDob"],
    [
      { date_of_birth: new Date(Date.now() - 17 * 365.25 * 86400_000).toISOString().slice(0, 10) },
      "date_of_birth",
      "validation.invalidDob",
    ],
    [{ country: "JP" }, "country", "validation.required"],
    [{ region: "DE-BE" }, "region", "validation.required"],
  ];
  for (const [overrides, field, message] of cases) {
    const { status, body } = await signup(overrides);
    expect(status, JSON.stringify(overrides)).toBe(400);
    expect(body.data.fields[field], JSON.stringify(body)).toBe(message);
  }
  const underage = await signup({
    date_of_birth: new Date(Date.now() - 17 * 365.25 * 86400_000).toISOString().slice(0, 10),
  });
  expect(underage.body).toMatchObject({ error: "invalid_date_of_birth", message: "Invalid date of birth" });
});

test("an address that already has an account is refused", async () => {
  const member = await createMember(api.db, siteId, { email: "taken@example.com" });
  const { status, body } = await signup({ email: member.email.toUpperCase() });
  expect(status).toBe(409);
  expect(body).toMatchObject({
    error: "email_taken",
    message: "This email address already owns an account on this website.",
  });
});

test("whether an address is taken is said five times a day, however many visitor addresses ask", async () => {
  const member = await createMember(api.db, siteId);
  const tryFrom = (address: string) =>
    api.call("/api/signup.php", {
      method: "POST",
      domain,
      headers: { "x-forwarded-for": address },
      body: {
        gender: "male",
        seeking: "female",
        date_of_birth: "1990-01-01",
        country: "GB",
        name: "Prober",
        email: member.email,
        password: "a good password",
        language: "en",
      },
    });
  for (let i = 1; i <= 5; i++) expect((await tryFrom(`203.0.113.${i}`)).body.error).toBe("email_taken");
  const sixth = await tryFrom("203.0.113.6");
  expect(sixth.status).toBe(429);
  expect(sixth.body).toMatchObject({ error: "rate_limited", data: { fields: { email: "signup.emailTriedTooOften" } } });
});

test("look-ups of addresses are limited per visitor address in the database, exactly, however many at once", async () => {
  const answers = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) =>
      countSignupLookup(api.db, { siteId, email: `parallel${i}@example.com`, address: "198.51.100.9", perHour: 3 }),
    ),
  );
  expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(3);
  for (const refused of answers.filter((a) => a.status === "rejected"))
    expect(refused.reason).toMatchObject({ status: 429, code: "rate_limited" });
  // Another visitor address is not held up by it.
  await countSignupLookup(api.db, { siteId, email: "other@example.com", address: "198.51.100.10", perHour: 3 });
});

test("with_trafficsource sites take signups only from visitors with a traffic source", async () => {
  const site = await createSite(api.db);
  await api.db.updateTable("sites").set({ signups: "with_trafficsource" }).where("id", "=", site.id).execute();
  const { clearSiteCache } = await import("../../api/settings/settings.service");
  clearSiteCache();
  const without = await signup({ tracking: undefined }, site.domain);
  expect(without.status).toBe(403);
  expect(without.body).toMatchObject({ error: "signups_closed", data: { reason: "no_trafficsource" } });
  expect((await signup({ tracking: { ref: "partner" } }, site.domain)).status).toBe(201);
});

test("invite-only sites need an unused invite code, used once", async () => {
  const site = await createSite(api.db);
  await api.db.updateTable("sites").set({ signups: "invite" }).where("id", "=", site.id).execute();
  await api.db
    .insertInto("invites")
    .values({ code: "WELCOME-ABC", site_id: site.id, created_at: new Date().toISOString() })
    .execute();
  const { clearSiteCache } = await import("../../api/settings/settings.service");
  clearSiteCache();
  expect((await signup({}, site.domain)).body.data.reason).toBe("invite_only");
  expect((await signup({ invite_code: "NOPE" }, site.domain)).body.error).toBe("invite_invalid");
  expect((await signup({ invite_code: "WELCOME-ABC" }, site.domain)).status).toBe(201);
  expect((await signup({ invite_code: "WELCOME-ABC" }, site.domain)).body.error).toBe("invite_invalid");
});

test("invite.php says whether a code is an unused invite of this site, for the invite-only screen", async () => {
  const site = await createSite(api.db);
  const other = await createSite(api.db);
  await api.db.updateTable("sites").set({ signups: "invite" }).where("id", "in", [site.id, other.id]).execute();
  const at = new Date().toISOString();
  await api.db
    .insertInto("invites")
    .values([
      { code: "OPEN-SESAME", site_id: site.id, created_at: at },
      { code: "OTHER-SITE", site_id: other.id, created_at: at },
    ])
    .execute();
  const { clearSiteCache } = await import("../../api/settings/settings.service");
  clearSiteCache();
  const check = (code: string) => api.call(`/api/invite.php?code=${encodeURIComponent(code)}`, { domain: site.domain });
  expect((await check("OPEN-SESAME")).body).toEqual({ ok: true });
  for (const code of ["NOPE", "OTHER-SITE"]) {
    const refused = await check(code);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: "invite_invalid",
      data: { fields: { invite_code: "signup.inviteInvalid" } },
    });
  }
  expect((await api.call("/api/invite.php", { domain: site.domain })).status).toBe(400);
  // Once used by a signup, the code opens nothing more.
  expect((await signup({ invite_code: "OPEN-SESAME" }, site.domain)).status).toBe(201);
  expect((await check("OPEN-SESAME")).status).toBe(403);
});

test("signup matches suggest visible members of the sought gender, never hidden ones", async () => {
  const { headers } = await signup({ email: "matches@example.com", country: "GB", gender: "female", seeking: "male" });
  const cookie = cookieFrom(headers);
  const shown = await createMember(api.db, siteId, { name: "Shown" });
  const hidden = await createMember(api.db, siteId, { name: "Hidden" });
  const leaving = await createMember(api.db, siteId, { name: "Leaving" });
  await api.db
    .updateTable("profiles")
    .set({ gender: "male" })
    .where("user_id", "in", [shown.id, hidden.id, leaving.id])
    .execute();
  await api.db.updateTable("profiles").set({ invisible: 1 }).where("user_id", "=", hidden.id).execute();
  await api.db.updateTable("users").set({ status: "pending_deletion" }).where("id", "=", leaving.id).execute();
  const { status, body } = await api.call("/api/signup-matches.php", { domain, cookie });
  expect(status).toBe(200);
  const { profiles } = signupMatchesResponseSchema.parse(body);
  const names = profiles.map((p) => p.name);
  expect(names).toContain("Shown");
  expect(names).not.toContain("Hidden");
  expect(names).not.toContain("Leaving");
  expect(profiles.every((p) => p.name !== "Freya")).toBe(true);
});

test("signups are limited per address", async () => {
  const limited = await startTestApi({ SIGNUPS_PER_HOUR: "2" });
  const site = await createSite(limited.db);
  const body = (i: number) => ({
    gender: "male",
    seeking: "female",
    date_of_birth: "1990-01-01",
    country: "GB",
    name: `Limit${i}`,
    email: `limit${i}@example.com`,
    password: "a good password",
    language: "en",
  });
  const statuses = [];
  for (let i = 0; i < 3; i++)
    statuses.push(
      (await limited.call("/api/signup.php", { method: "POST", domain: site.domain, body: body(i) })).status,
    );
  expect(statuses).toEqual([201, 201, 429]);
  await limited.close();
});
