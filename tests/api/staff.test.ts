import { generate } from "otplib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { secondFactorStatusSchema } from "../../contract/staff";
import { createSite } from "./support/factories";
import { loggedInMember, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let site: { id: number; domain: string };

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "100000" });
  site = await createSite(api.db);
});
afterAll(() => api.close());

type Staff = Awaited<ReturnType<typeof loggedInMember>>;
const staff = (role: "moderator" | "admin") => loggedInMember(api, site.domain, { siteId: site.id, role });
const call = (method: string, url: string, cookie?: string, body?: unknown) =>
  api.call(url, { method, domain: site.domain, cookie, body });
const status = async (m: Staff) =>
  secondFactorStatusSchema.parse((await call("GET", "/api/staff/second-factor.php", m.cookie)).body);
/** The code of the secret's time step `steps` away from now, as an authenticator app would show it. */
const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const overview = (m: Staff) => call("GET", "/api/admin/overview.php", m.cookie);
const logInAgain = async (m: Staff) => {
  const answer = await call("POST", "/api/user.php", undefined, { email: m.email, password: m.password });
  expect(answer.status).toBe(200);
  const cookie = answer.headers.get("set-cookie")?.match(/sid=[^;]+/)?.[0];
  return { ...m, cookie: cookie! };
};

async function enrolled(role: "moderator" | "admin") {
  const m = await staff(role);
  const { setup } = await status(m);
  const secret = setup!.secret;
  const enrolment = await call("POST", "/api/staff/totp-enrolment.php", m.cookie, { code: await codeOf(secret) });
  expect(enrolment.status).toBe(200);
  return { ...m, secret, recoveryCodes: enrolment.body.recovery_codes as string[] };
}

test("an admin without TOTP is offered the set-up (the same secret until used, as text, URI and SVG QR code) and nothing else", async () => {
  const admin = await staff("admin");
  const first = await status(admin);
  expect(first).toMatchObject({ role: "admin", enrolled: false, verified: false });
  expect(first.setup!.secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(first.setup!.uri).toContain(`secret=${first.setup!.secret}`);
  expect(first.setup!.qr_svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
  expect((await status(admin)).setup!.secret).toBe(first.setup!.secret);
  expect((await overview(admin)).body.error).toBe("second_factor_required");
});

test("enrolment takes the secret's current code, answers ten recovery codes once, and never shows the secret again", async () => {
  const admin = await staff("admin");
  const secret = (await status(admin)).setup!.secret;
  const wrong = await call("POST", "/api/staff/totp-enrolment.php", admin.cookie, { code: "000000" });
  expect(wrong.status).toBe(400);
  expect(wrong.body.error).toBe("code_invalid");

  const enrolment = await call("POST", "/api/staff/totp-enrolment.php", admin.cookie, { code: await codeOf(secret) });
  expect(enrolment.status).toBe(200);
  expect(new Set(enrolment.body.recovery_codes).size).toBe(10);
  const after = await status(admin);
  expect(after).toMatchObject({ enrolled: true, verified: true, recovery_codes_left: 10, setup: null });
  expect(JSON.stringify(after)).not.toContain(secret);
  const stored = await api.db
    .selectFrom("recovery_codes")
    .select("code_hash")
    .where("user_id", "=", admin.id)
    .execute();
  expect(stored.map((r) => r.code_hash)).not.toContain(enrolment.body.recovery_codes[0]);

  const again = await call("POST", "/api/staff/totp-enrolment.php", admin.cookie, { code: await codeOf(secret, 1) });
  expect(again.body.error).toBe("already_enrolled");
  expect((await overview(admin)).status).toBe(200);
});

test("a new login of an admin with TOTP is not staff-capable until it gives a code; a code is taken once", async () => {
  const admin = await enrolled("admin");
  const session = await logInAgain(admin);
  expect((await overview(session)).body.error).toBe("second_factor_required");
  expect((await status(session)).verified).toBe(false);

  // The code used at enrolment cannot be used again in its window.
  const replay = await call("POST", "/api/staff/second-factor.php", session.cookie, {
    code: await codeOf(admin.secret),
  });
  expect(replay.status).toBe(400);
  expect(replay.body.error).toBe("code_invalid");

  const next = await codeOf(admin.secret, 1);
  const given = await call("POST", "/api/staff/second-factor.php", session.cookie, { code: next });
  expect(given.status).toBe(200);
  expect((await overview(session)).status).toBe(200);

  // The same code again, from another new session: refused.
  const other = await logInAgain(admin);
  expect((await call("POST", "/api/staff/second-factor.php", other.cookie, { code: next })).status).toBe(400);
  expect((await overview(other)).status).toBe(403);
});

test("two sessions giving the same code at the same moment: one is accepted", async () => {
  const admin = await enrolled("admin");
  const [a, b] = [await logInAgain(admin), await logInAgain(admin)];
  const code = await codeOf(admin.secret, 1);
  const answers = await Promise.all(
    [a, b].map((s) => call("POST", "/api/staff/second-factor.php", s.cookie, { code })),
  );
  expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
});

test("a recovery code stands in for a TOTP code, once", async () => {
  const admin = await enrolled("admin");
  const [code] = admin.recoveryCodes;
  const session = await logInAgain(admin);
  const used = await call("POST", "/api/staff/second-factor.php", session.cookie, { code: code!.toUpperCase() });
  expect(used.status).toBe(200);
  expect((await overview(session)).status).toBe(200);
  expect((await status(session)).recovery_codes_left).toBe(9);

  const later = await logInAgain(admin);
  const reused = await call("POST", "/api/staff/second-factor.php", later.cookie, { code });
  expect(reused.status).toBe(400);
  expect(reused.body.error).toBe("code_invalid");
  expect((await overview(later)).status).toBe(403);
});

test("moderators may set up TOTP too, but the admin API stays closed to them", async () => {
  const moderator = await enrolled("moderator");
  expect((await status(moderator)).enrolled).toBe(true);
  expect((await overview(moderator)).body.error).toBe("admin_only");
});

test("a member has no second factor to set up: 403 staff_only; without a session 401", async () => {
  const member = await loggedInMember(api, site.domain, { siteId: site.id });
  expect((await call("GET", "/api/staff/second-factor.php", member.cookie)).body.error).toBe("staff_only");
  expect((await call("GET", "/api/staff/second-factor.php")).status).toBe(401);
});

test("the overview counts the site's members by state, its staff and its open reports", async () => {
  const admin = await enrolled("admin");
  const answer = await overview(admin);
  const users = await api.db.selectFrom("users").select(["role", "status"]).where("site_id", "=", site.id).execute();
  expect(answer.body.members.total).toBe(users.length);
  expect(answer.body.staff.admins).toBe(users.filter((u) => u.role === "admin").length);
  expect(answer.body.staff.moderators).toBe(users.filter((u) => u.role === "moderator").length);
  expect(answer.body.open_reports).toBe(0);
});

test("two pages asking for the set-up at the same moment are offered the same secret", async () => {
  const admin = await staff("admin");
  const [a, b] = await Promise.all([status(admin), status(admin)]);
  expect(a.setup!.secret).toBe(b.setup!.secret);
});
