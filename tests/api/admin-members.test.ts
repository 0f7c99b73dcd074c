import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkLedger } from "../../api/credits/ledger-check";
import { memberDetailSchema, memberSearchResponseSchema } from "../../contract/admin-members";
import { createMember, createSite } from "./support/factories";
import { giveCredits, loggedInMember, mailedToken, startTestApi, type TestApi } from "./support/test-api";

/** Issue 33, the admin's members section: search, the member page, every action with its audit row, and credits. */
let api: TestApi;
let site: { id: number; domain: string };
let admin: Awaited<ReturnType<typeof loggedInMember>>;

/** An admin whose session gave its second factor `minutesAgo` minutes ago (the step-up window is 10). */
async function secondFactorGiven(minutesAgo: number) {
  await api.db
    .updateTable("sessions")
    .set({ second_factor_at: new Date(Date.now() - minutesAgo * 60_000).toISOString() })
    .where("user_id", "=", admin.id)
    .execute();
}

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "100000" });
  site = await createSite(api.db);
  admin = await loggedInMember(api, site.domain, { siteId: site.id, role: "admin", name: "Ada" });
  await api.db.updateTable("users").set({ totp_secret: "JBSWY3DPEHPK3PXP" }).where("id", "=", admin.id).execute();
  await secondFactorGiven(1);
});
afterAll(() => api.close());

const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  api.call(path, { method, domain: site.domain, cookie: admin.cookie, body, headers });
const act = (body: Record<string, unknown>) => call("POST", "/api/admin/member-action.php", body);
const grant = (body: Record<string, unknown>, key: string) =>
  call("POST", "/api/admin/member-credits.php", body, { "idempotency-key": key });
const detail = async (id: number) =>
  memberDetailSchema.parse((await call("GET", `/api/admin/member.php?id=${id}`)).body);
const audit = (memberId: number) =>
  api.db.selectFrom("staff_actions").selectAll().where("target_user_id", "=", memberId).orderBy("id").execute();
const logIn = (m: { email: string; password: string }) =>
  api.call("/api/user.php", {
    method: "POST",
    domain: site.domain,
    body: { email: m.email, password: m.password },
    headers: { "user-agent": "TestBrowser/1.0" },
  });
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe("search", () => {
  test("finds members by a piece of the e-mail address or name (any case) or by id, 25 a page", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const found = await createMember(api.db, site.id, { email: `zed-${tag}@example.com`, name: `Quinn${tag}` });
    for (const q of [`ZED-${tag}`, `quinn${tag}`, String(found.id)]) {
      const answer = memberSearchResponseSchema.parse(
        (await call("GET", `/api/admin/members.php?q=${encodeURIComponent(q)}`)).body,
      );
      expect(
        answer.members.map((m) => m.id),
        q,
      ).toContain(found.id);
    }
    const none = (await call("GET", "/api/admin/members.php?q=%25nobody%25")).body;
    expect(none).toMatchObject({ members: [], total: 0, pages: 1 });
    const other = await createSite(api.db);
    const stranger = await createMember(api.db, other.id, { email: `zed-${tag}-b@example.com` });
    const all = (await call("GET", `/api/admin/members.php?q=zed-${tag}`)).body;
    expect(all.members.map((m: { id: number }) => m.id)).not.toContain(stranger.id);
  });
});

describe("the member page", () => {
  test("shows profile, photos, ledger, logins with address and device, and the mails sent", async () => {
    const member = await createMember(api.db, site.id, { photos: 2, name: "Maud" });
    expect((await logIn(member)).status).toBe(200);
    await api.call("/api/password-reset.php", { method: "POST", domain: site.domain, body: { email: member.email } });
    await giveCredits(api.db, member.id, 5);
    const page = await detail(member.id);
    expect(page.profile?.name).toBe("Maud");
    expect(page.photos).toHaveLength(2);
    expect(page.ledger[0]).toMatchObject({ delta: 5, balance_after: 5 });
    expect(page.logins[0]).toMatchObject({ address: "127.0.0.1", user_agent: "TestBrowser/1.0" });
    expect(page.mails.length).toBeGreaterThanOrEqual(1);
    expect((await call("GET", "/api/admin/member.php?id=999999")).status).toBe(404);
  });
});

describe("actions", () => {
  test("every action needs a reason, kept with the change in the audit log", async () => {
    const member = await createMember(api.db, site.id);
    const refused = await act({ id: member.id, action: "lift", reason: "" });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields.reason).toBe("admin.members.reasonRequired");
    expect(await audit(member.id)).toHaveLength(0);
  });

  test("suspend until a date: logged out, told by mail with the appeal link, and shown the reason at login", async () => {
    const member = await loggedInMember(api, site.domain, { siteId: site.id });
    const past = await act({ id: member.id, action: "suspend", reason: "Rude", until: "2020-01-01" });
    expect(past.body.data.fields.until).toBe("admin.members.untilPast");
    const answer = await act({
      id: member.id,
      action: "suspend",
      reason: "Rude to several members",
      until: tomorrow(),
    });
    expect(answer.status).toBe(200);
    const user = await api.db.selectFrom("users").selectAll().where("id", "=", member.id).executeTakeFirstOrThrow();
    expect(user.suspended_until! > new Date().toISOString()).toBe(true);
    expect((await api.call("/api/user.php", { domain: site.domain, cookie: member.cookie })).status).toBe(403);
    const login = await logIn(member);
    expect(login.body).toMatchObject({ error: "account_suspended", data: { reason: "Rude to several members" } });
    expect(await mailedToken(api, member.email, "/appeal")).toBeTruthy();
    expect(await audit(member.id)).toMatchObject([
      { action: "member.suspend", reason: "Rude to several members", staff_id: admin.id, address: "127.0.0.1" },
    ]);

    expect((await act({ id: member.id, action: "lift", reason: "Apologised" })).status).toBe(200);
    expect((await logIn(member)).status).toBe(200);
  });

  test("ban and start deletion send the statement of reasons; an appeal's reversal undoes the deletion", async () => {
    const banned = await createMember(api.db, site.id);
    expect((await act({ id: banned.id, action: "ban", reason: "Scammer" })).status).toBe(200);
    expect((await logIn(banned)).body).toMatchObject({ error: "account_banned", data: { reason: "Scammer" } });
    expect(await mailedToken(api, banned.email, "/appeal")).toBeTruthy();

    const leaving = await createMember(api.db, site.id);
    expect((await act({ id: leaving.id, action: "start_deletion", reason: "Asked by phone" })).status).toBe(200);
    const token = await mailedToken(api, leaving.email, "/appeal");
    const row = await api.db.selectFrom("users").selectAll().where("id", "=", leaving.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("pending_deletion");
    expect((await api.call(`/api/appeal.php?token=${token}`, { domain: site.domain })).body.decision).toBe("delete");
  });

  test("reset the lockout, mark and unmark fictional, change the role, resend activation", async () => {
    const member = await createMember(api.db, site.id);
    for (let i = 0; i < 6; i++) await logIn({ ...member, password: "wrong password" });
    expect((await detail(member.id)).member.locked).toBe(true);
    expect((await act({ id: member.id, action: "reset_lockout", reason: "Called support" })).status).toBe(200);
    expect((await detail(member.id)).member.locked).toBe(false);
    expect((await logIn(member)).status).toBe(200);

    await act({ id: member.id, action: "mark_fictional", reason: "Staff profile" });
    expect((await detail(member.id)).profile?.fictional).toBe(true);
    await act({ id: member.id, action: "unmark_fictional", reason: "Real after all" });
    expect((await detail(member.id)).profile?.fictional).toBe(false);

    expect(
      (await act({ id: member.id, action: "change_role", reason: "New moderator", role: "moderator" })).status,
    ).toBe(200);
    expect((await detail(member.id)).member.role).toBe("moderator");
    expect((await audit(member.id)).at(-1)).toMatchObject({
      action: "member.change_role",
      before_json: JSON.stringify({ role: "member" }),
      after_json: JSON.stringify({ role: "moderator" }),
    });

    const active = await act({ id: member.id, action: "resend_activation", reason: "Lost the mail" });
    expect(active.body.data.fields.reason).toBe("admin.members.alreadyActive");
    await api.db.updateTable("users").set({ status: "not_confirmed" }).where("id", "=", member.id).execute();
    expect((await act({ id: member.id, action: "resend_activation", reason: "Lost the mail" })).status).toBe(200);
    expect(await mailedToken(api, member.email, "/activate/done")).toBeTruthy();
  });

  test("an admin cannot suspend, ban, delete or demote their own account", async () => {
    for (const body of [
      { action: "suspend", reason: "Oops", until: tomorrow() },
      { action: "ban", reason: "Oops" },
      { action: "start_deletion", reason: "Oops" },
      { action: "change_role", reason: "Oops", role: "member" },
    ]) {
      const answer = await act({ id: admin.id, ...body });
      expect(answer.body.data?.fields?.reason, body.action).toBe("admin.members.notYourself");
    }
    expect(await audit(admin.id)).toHaveLength(0);
  });

  test("sensitive actions need a second factor given in the last ten minutes (403 step_up_required)", async () => {
    const member = await createMember(api.db, site.id);
    await secondFactorGiven(11);
    try {
      for (const body of [
        { action: "ban", reason: "Scammer" },
        { action: "start_deletion", reason: "Asked" },
        { action: "change_role", reason: "Promote", role: "admin" },
      ]) {
        const answer = await act({ id: member.id, ...body });
        expect(answer.status, body.action).toBe(403);
        expect(answer.body.error).toBe("step_up_required");
      }
      const credits = await grant({ id: member.id, amount: 5, reason: "Complaint" }, crypto.randomUUID());
      expect(credits.body.error).toBe("step_up_required");
      // A suspension is not among them.
      expect((await act({ id: member.id, action: "suspend", reason: "Rude", until: tomorrow() })).status).toBe(200);
      expect((await audit(member.id)).map((a) => a.action)).toEqual(["member.suspend"]);
    } finally {
      await secondFactorGiven(1);
    }
  });
});

describe("credits", () => {
  test("give and take through the ledger with the reason in the entry; the ledger check holds", async () => {
    const member = await createMember(api.db, site.id);
    const given = await grant({ id: member.id, amount: 20, reason: "Complaint about a chat" }, crypto.randomUUID());
    expect(given.body).toEqual({ applied: true, balance: 20 });
    const taken = await grant({ id: member.id, amount: -5, reason: "Given twice" }, crypto.randomUUID());
    expect(taken.body).toEqual({ applied: true, balance: 15 });
    const tooMuch = await grant({ id: member.id, amount: -50, reason: "Too much" }, crypto.randomUUID());
    expect(tooMuch.body).toEqual({ applied: false, balance: 15 });
    const page = await detail(member.id);
    expect(page.ledger.slice(0, 3).map((e) => [e.kind, e.delta, e.reference])).toEqual([
      ["adjustment", -50, "staff:Too much"],
      ["adjustment", -5, "staff:Given twice"],
      ["adjustment", 20, "staff:Complaint about a chat"],
    ]);
    expect((await audit(member.id)).map((a) => a.action)).toEqual([
      "member.credits",
      "member.credits",
      "member.credits",
    ]);
    expect(await checkLedger(api.db)).toEqual({ balances: [], purchases: [], returns: [] });
    expect((await grant({ id: member.id, amount: 0, reason: "Nothing" }, crypto.randomUUID())).status).toBe(400);
    expect(
      (await call("POST", "/api/admin/member-credits.php", { id: member.id, amount: 1, reason: "x y z" })).body.error,
    ).toBe("idempotency_key_required");
  });

  test("two grants with the same key at once move credits once; two different grants both move", async () => {
    const member = await createMember(api.db, site.id);
    const key = crypto.randomUUID();
    const twins = await Promise.all([
      grant({ id: member.id, amount: 10, reason: "Double click" }, key),
      grant({ id: member.id, amount: 10, reason: "Double click" }, key),
    ]);
    expect(twins.map((t) => t.status)).toEqual([200, 200]);
    expect(twins.map((t) => t.body.balance)).toEqual([10, 10]);
    const reused = await grant({ id: member.id, amount: 99, reason: "Another" }, key);
    expect(reused.status).toBe(422);

    const both = await Promise.all([
      grant({ id: member.id, amount: 3, reason: "One" }, crypto.randomUUID()),
      grant({ id: member.id, amount: 4, reason: "Two" }, crypto.randomUUID()),
    ]);
    expect(both.map((t) => t.status)).toEqual([200, 200]);
    const row = await api.db
      .selectFrom("users")
      .select("credits")
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(row.credits).toBe(17);
    expect(await audit(member.id)).toHaveLength(3);
    expect(await checkLedger(api.db)).toEqual({ balances: [], purchases: [], returns: [] });
  });
});
