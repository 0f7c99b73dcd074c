import { generate } from "otplib";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { recordStaffAction } from "../../api/audit/staff-actions";
import { auditResponseSchema } from "../../contract/audit";
import { moderationReportsResponseSchema } from "../../contract/reports";
import { createSite } from "./support/factories";
import { loggedInMember, mailedToken, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let site: { id: number; domain: string };

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "100000", MAILS_PER_HOUR: "1000" });
  site = await createSite(api.db);
});
afterAll(() => api.close());

type Member = Awaited<ReturnType<typeof loggedInMember>>;
const member = () => loggedInMember(api, site.domain, { siteId: site.id });
const call = (method: string, url: string, cookie?: string, body?: unknown) =>
  api.call(url, { method, domain: site.domain, cookie, body });
const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A staff member with TOTP set up, this session having given it. */
async function enrolled(role: "moderator" | "admin") {
  const m = await loggedInMember(api, site.domain, { siteId: site.id, role });
  const status = await call("GET", "/api/staff/second-factor.php", m.cookie);
  const secret = status.body.setup.secret as string;
  const enrolment = await call("POST", "/api/staff/totp-enrolment.php", m.cookie, { code: await codeOf(secret) });
  expect(enrolment.status).toBe(200);
  return { ...m, secret };
}
const logInAgain = async (m: Member) => {
  const answer = await call("POST", "/api/user.php", undefined, { email: m.email, password: m.password });
  return { ...m, cookie: answer.headers.get("set-cookie")?.match(/sid=[^;]+/)?.[0] as string };
};
const audit = async (m: Member, query = "") => {
  const answer = await call("GET", `/api/admin/audit.php${query}`, m.cookie);
  expect(answer.status).toBe(200);
  return auditResponseSchema.parse(answer.body);
};

test("the audit log lists the site's staff actions newest first, a page at a time, filtered by member, staff and action", async () => {
  const admin = await enrolled("admin");
  const other = await enrolled("admin");
  const eve = await member();
  const elsewhere = await createSite(api.db);
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  for (let i = 0; i < 55; i++)
    await recordStaffAction(api.db, {
      siteId: site.id,
      staffId: i % 5 === 0 ? other.id : admin.id,
      action: i % 2 ? "member.suspend" : "credits.grant",
      targetUserId: i % 3 === 0 ? eve.id : null,
      reason: `reason ${i}`,
      before: { credits: i },
      after: { credits: i + 1 },
      address: "192.0.2.7",
    });
  await api.db
    .updateTable("staff_actions")
    .set({ created_at: at(1) })
    .where("site_id", "=", site.id)
    .execute();
  await recordStaffAction(api.db, { siteId: elsewhere.id, staffId: admin.id, action: "other.site" });

  const first = await audit(admin);
  expect(first).toMatchObject({ page: 1, total: 55, pages: 2 });
  expect(first.entries).toHaveLength(50);
  expect(first.entries.map((e) => e.id)).toEqual([...first.entries.map((e) => e.id)].sort((a, b) => b - a));
  expect(first.entries[0]).toMatchObject({
    staff: { id: admin.id, email: admin.email },
    action: "credits.grant",
    reason: "reason 54",
    before: '{"credits":54}',
    after: '{"credits":55}',
    address: "192.0.2.7",
  });
  expect(first.actions).toEqual(["credits.grant", "member.suspend"]);
  expect((await audit(admin, "?page=2")).entries).toHaveLength(5);

  const byMember = await audit(admin, `?member=${eve.id}`);
  expect(byMember.total).toBe(19);
  expect(byMember.entries.every((e) => e.member?.id === eve.id)).toBe(true);
  expect((await audit(admin, `?member=${encodeURIComponent(eve.email.toUpperCase())}`)).total).toBe(19);
  expect((await audit(admin, `?staff=${encodeURIComponent(other.email)}`)).total).toBe(11);
  expect((await audit(admin, `?staff=${other.id}&action=credits.grant`)).total).toBe(6);
  expect((await audit(admin, "?member=nobody@example.com")).total).toBe(0);
});

test("the CSV download holds the filtered rows, escaped, and a cell that looks like a formula stays text", async () => {
  const admin = await enrolled("admin");
  const eve = await member();
  await recordStaffAction(api.db, {
    siteId: site.id,
    staffId: admin.id,
    action: "member.ban",
    targetUserId: eve.id,
    reason: '=HYPERLINK("http://x") said "no", then\nleft',
  });
  const response = await fetch(`${api.url}/api/admin/audit-csv.php?member=${eve.id}`, {
    headers: { "x-forwarded-host": site.domain, cookie: admin.cookie },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
  expect(response.headers.get("content-disposition")).toContain("attachment");
  const text = await response.text();
  const [header, ...records] = text.trimEnd().split("\r\n");
  expect(header).toBe(
    '"id","time","address","staff_id","staff_email","action","member_id","member_email","target","reason","before","after"',
  );
  expect(records).toHaveLength(1);
  expect(records[0]).toContain(`"member.ban","${eve.id}","${eve.email}"`);
  expect(records[0]).toContain('"\'=HYPERLINK(""http://x"") said ""no"", then\nleft"');
});

test("the audit log is for admins whose session gave the second factor", async () => {
  const mod = await enrolled("moderator");
  expect((await call("GET", "/api/admin/audit.php", mod.cookie)).body.error).toBe("admin_only");
  const admin = await enrolled("admin");
  const fresh = await logInAgain(admin);
  expect((await call("GET", "/api/admin/audit-csv.php", fresh.cookie)).body.error).toBe("second_factor_required");
});

test("step-up with a code or the password renews the session's second factor; wrong ones are refused and counted", async () => {
  const admin = await enrolled("admin");
  const session = await logInAgain(admin);
  // A new login cannot use the password alone: that would make it staff-capable without the second factor.
  const passwordOnly = await call("POST", "/api/staff/step-up.php", session.cookie, { password: admin.password });
  expect(passwordOnly.body.error).toBe("second_factor_required");
  const both = await call("POST", "/api/staff/step-up.php", session.cookie, { password: "x", code: "123456" });
  expect(both.status).toBe(400);

  const wrongCode = await call("POST", "/api/staff/step-up.php", session.cookie, { code: "000000" });
  expect(wrongCode.body).toMatchObject({ error: "code_invalid", data: { fields: { code: "admin.stepUp.codeWrong" } } });
  const byCode = await call("POST", "/api/staff/step-up.php", session.cookie, { code: await codeOf(admin.secret, 1) });
  expect(byCode.status).toBe(200);
  const givenAt = async () =>
    (await api.db.selectFrom("sessions").select("second_factor_at").where("user_id", "=", admin.id).execute()).map(
      (s) => s.second_factor_at,
    );
  expect((await givenAt()).every(Boolean)).toBe(true);
  await api.db.updateTable("sessions").set({ second_factor_at: "2020-01-01T00:00:00.000Z" }).execute();

  const wrong = await call("POST", "/api/staff/step-up.php", session.cookie, { password: "not it at all" });
  expect(wrong.body).toMatchObject({
    error: "wrong_password",
    data: { fields: { password: "admin.stepUp.passwordWrong" } },
  });
  const byPassword = await call("POST", "/api/staff/step-up.php", session.cookie, { password: admin.password });
  expect(byPassword.status).toBe(200);
  const renewed = await api.db
    .selectFrom("sessions")
    .select("second_factor_at")
    .where("user_id", "=", admin.id)
    .orderBy("second_factor_at", "desc")
    .executeTakeFirstOrThrow();
  expect(Date.now() - Date.parse(renewed.second_factor_at!)).toBeLessThan(60_000);
});

test("wrong passwords and codes at the step-up count toward the account's lockout, as at login", async () => {
  const admin = await enrolled("admin");
  const answers = [];
  for (const body of [
    { password: "a1" },
    { code: "000000" },
    { password: "a2" },
    { code: "111111" },
    { password: "a3" },
  ])
    answers.push((await call("POST", "/api/staff/step-up.php", admin.cookie, body)).body.error);
  expect(answers.at(-1)).toBe("account_blocked");
  const right = await call("POST", "/api/staff/step-up.php", admin.cookie, { password: admin.password });
  expect(right.body.error).toBe("account_blocked");
  const login = await call("POST", "/api/user.php", undefined, { email: admin.email, password: admin.password });
  expect(login.body.error).toBe("account_blocked");
});

test("the TOTP secret is kept sealed, never as base32; a secret kept plain before is sealed on its next use", async () => {
  const admin = await enrolled("admin");
  const row = await api.db
    .selectFrom("users")
    .select("totp_secret")
    .where("id", "=", admin.id)
    .executeTakeFirstOrThrow();
  expect(row.totp_secret).toMatch(/^v1:/);
  expect(row.totp_secret).not.toContain(admin.secret);
  const pending = await loggedInMember(api, site.domain, { siteId: site.id, role: "moderator" });
  const offered = await call("GET", "/api/staff/second-factor.php", pending.cookie);
  const stored = await api.db
    .selectFrom("users")
    .select("totp_pending_secret")
    .where("id", "=", pending.id)
    .executeTakeFirstOrThrow();
  expect(stored.totp_pending_secret).toMatch(/^v1:/);
  expect(stored.totp_pending_secret).not.toContain(offered.body.setup.secret);

  await api.db.updateTable("users").set({ totp_secret: admin.secret }).where("id", "=", admin.id).execute();
  const session = await logInAgain(admin);
  const given = await call("POST", "/api/staff/second-factor.php", session.cookie, {
    code: await codeOf(admin.secret, 1),
  });
  expect(given.status).toBe(200);
  const after = await api.db
    .selectFrom("users")
    .select("totp_secret")
    .where("id", "=", admin.id)
    .executeTakeFirstOrThrow();
  expect(after.totp_secret).toMatch(/^v1:/);
});

const jpeg = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
async function upload(m: Member) {
  const response = await fetch(`${api.url}/api/photo.php`, {
    method: "POST",
    headers: { "x-forwarded-host": site.domain, cookie: m.cookie, "content-type": "application/octet-stream" },
    body: new Uint8Array(await jpeg()),
  });
  return ((await response.json()) as { photo: { id: number } }).photo.id;
}
const actionsOn = (userId: number) =>
  api.db.selectFrom("staff_actions").selectAll().where("target_user_id", "=", userId).orderBy("id").execute();

test("every moderator's decision leaves a row in the audit log: photos, reports and appeals", async () => {
  const mod = await enrolled("moderator");
  const other = await loggedInMember(api, site.domain, { siteId: site.id, role: "moderator" });
  const eve = await member();
  const anna = await member();

  const approved = await upload(eve);
  const rejected = await upload(eve);
  expect(
    (await call("POST", "/api/moderation-photo.php", mod.cookie, { id: approved, decision: "approve" })).status,
  ).toBe(200);
  const rejection = { id: rejected, decision: "reject", reason: "contact_details" };
  expect((await call("POST", "/api/moderation-photo.php", mod.cookie, rejection)).status).toBe(200);

  await call("POST", "/api/report.php", anna.cookie, { subject: "profile", id: eve.id, reason: "fake" });
  const queue = moderationReportsResponseSchema.parse(
    (await call("GET", "/api/moderation-reports.php", mod.cookie)).body,
  );
  const item = queue.reports.find((r) => r.member?.id === eve.id)!;
  const suspension = { id: item.id, decision: "suspend", reason: "fake", days: 7, explanation: "Stolen photos" };
  expect((await call("POST", "/api/moderation-report.php", mod.cookie, suspension)).status).toBe(200);
  const token = await mailedToken(api, eve.email, "/appeal");
  await call("POST", "/api/appeal.php", undefined, { token, text: "It is me" });
  const appeals = moderationReportsResponseSchema.parse(
    (await call("GET", "/api/moderation-reports.php", other.cookie)).body,
  );
  const appeal = appeals.appeals.find((a) => a.member?.id === eve.id)!;
  expect(
    (await call("POST", "/api/moderation-appeal.php", other.cookie, { id: appeal.id, decision: "reverse" })).status,
  ).toBe(200);

  const rows = await actionsOn(eve.id);
  expect(rows.map((r) => [r.action, r.staff_id, r.site_id])).toEqual([
    ["photo.approve", mod.id, site.id],
    ["photo.reject", mod.id, site.id],
    ["profile.suspend", mod.id, site.id],
    ["appeal.reverse", other.id, site.id],
  ]);
  expect(rows[0]!.target_ref).toBe(`photo:${approved}`);
  expect(rows[1]!.reason).toBe("contact_details");
  expect(rows[2]).toMatchObject({ target_ref: `report:${item.id}`, reason: "fake: Stolen photos" });
  expect(JSON.parse(rows[2]!.after_json!)).toMatchObject({ decision: "suspend", until: expect.any(String) });
  expect(rows.every((r) => r.address)).toBe(true);
});

test("an admin has the moderators' rights; a moderator with TOTP moderates only once the session gave it", async () => {
  const admin = await enrolled("admin");
  expect((await call("GET", "/api/moderation-photos.php", admin.cookie)).status).toBe(200);
  expect((await call("GET", "/api/lander-report.php", admin.cookie)).status).toBe(200);
  const mod = await enrolled("moderator");
  const fresh = await logInAgain(mod);
  expect((await call("GET", "/api/moderation-reports.php", fresh.cookie)).body.error).toBe("second_factor_required");
  await call("POST", "/api/staff/second-factor.php", fresh.cookie, { code: await codeOf(mod.secret, 1) });
  expect((await call("GET", "/api/moderation-reports.php", fresh.cookie)).status).toBe(200);
  const plain = await member();
  expect((await call("GET", "/api/moderation-photos.php", plain.cookie)).body.error).toBe("moderator_only");
});
