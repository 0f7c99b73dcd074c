import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { chatsResponseSchema, messagesResponseSchema } from "../../contract/chat";
import { moderationReportsResponseSchema } from "../../contract/reports";
import { createSite } from "./support/factories";
import { giveCredits, loggedInMember, mailedToken, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let site: { id: number; domain: string };

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "100000", MAILS_PER_HOUR: "1000" });
  site = await createSite(api.db);
});
afterAll(() => api.close());

type Member = Awaited<ReturnType<typeof loggedInMember>>;
const member = (options: { language?: string } = {}) =>
  loggedInMember(api, site.domain, { siteId: site.id, ...options });
async function moderator() {
  const m = await member();
  await api.db.updateTable("users").set({ role: "moderator" }).where("id", "=", m.id).execute();
  return m;
}
const call = (method: string, url: string, cookie?: string, body?: unknown) =>
  api.call(url, { method, domain: site.domain, cookie, body });
const report = (m: Member, body: object) => call("POST", "/api/report.php", m.cookie, body);
const queueOf = async (m: Member) =>
  moderationReportsResponseSchema.parse((await call("GET", "/api/moderation-reports.php", m.cookie)).body);
const logIn = (m: Member) => call("POST", "/api/user.php", undefined, { email: m.email, password: m.password });
const mailsTo = async (to: string) => (await api.mailer.outbox()).filter((m) => m.to === to);
let keys = 0;
async function sendMessage(from: Member, to: Member, text: string) {
  await giveCredits(api.db, from.id, 50);
  const sent = await api.call("/api/message.php", {
    method: "POST",
    domain: site.domain,
    cookie: from.cookie,
    body: { to: to.id, text },
    headers: { "idempotency-key": `report-test-${keys++}` },
  });
  expect(sent.status).toBe(200);
  return sent.body.message.id as number;
}

test("reports of one profile merge into one case, however often and however many at once", async () => {
  const eve = await member();
  const reporters = await Promise.all(Array.from({ length: 6 }, () => member()));
  const receipts = await Promise.all(
    reporters.map((r, i) => report(r, { subject: "profile", id: eve.id, reason: i % 2 ? "fake" : "spam" })),
  );
  expect(receipts.map((r) => [r.status, r.body.error])).toEqual(reporters.map(() => [200, undefined]));
  const references = new Set(receipts.map((r) => r.body.reference));
  expect(references.size).toBe(1);

  const again = await report(reporters[0]!, { subject: "profile", id: eve.id, reason: "fake" });
  expect(again.body).toEqual({ reference: receipts[0]!.body.reference, already_reported: true });

  const mod = await moderator();
  const cases = (await queueOf(mod)).reports.filter((r) => r.member?.id === eve.id);
  expect(cases).toHaveLength(1);
  expect(cases[0]!.filings).toHaveLength(6);
  expect(cases[0]!.reference).toBe(receipts[0]!.body.reference);
});

test("a member reports only what they can see, never themselves; 'other' needs words", async () => {
  const anna = await member();
  const ben = await member();
  const carl = await member();
  expect((await report(anna, { subject: "profile", id: anna.id, reason: "spam" })).status).toBe(404);
  expect((await report(anna, { subject: "profile", id: 999999, reason: "spam" })).status).toBe(404);
  const other = await report(anna, { subject: "profile", id: ben.id, reason: "other" });
  expect(other.status).toBe(400);
  expect(other.body.data.fields).toEqual({ details: "report.detailsRequired" });

  // A message: only its receiver can report it, not its sender nor a third member.
  const message = await sendMessage(ben, anna, "Send me your bank details");
  expect((await report(ben, { subject: "message", id: message, reason: "spam" })).status).toBe(404);
  expect((await report(carl, { subject: "message", id: message, reason: "spam" })).status).toBe(404);
  expect((await report(anna, { subject: "message", id: message, reason: "fake" })).status).toBe(200);

  // The queue is for moderators only.
  expect((await call("GET", "/api/moderation-reports.php", anna.cookie)).status).toBe(403);
  expect((await call("POST", "/api/moderation-report.php", anna.cookie, { id: 1, decision: "dismiss" })).status).toBe(
    403,
  );
});

test("a hidden message is removed for both; the sender is told why with an appeal link, the reporter the outcome", async () => {
  const anna = await member();
  const ben = await member({ language: "de" });
  const before = await sendMessage(anna, ben, "Hello Ben");
  const message = await sendMessage(ben, anna, "You will regret ignoring me");
  await sendMessage(anna, ben, "Please stop");
  const filed = await report(anna, { subject: "message", id: message, reason: "harassment", details: "Threats" });

  const mod = await moderator();
  const item = (await queueOf(mod)).reports.find((r) => r.reference === filed.body.reference)!;
  expect(item.subject).toBe("message");
  expect(item.messages.map((m) => [m.text, m.reported])).toEqual([
    ["Hello Ben", false],
    ["You will regret ignoring me", true],
    ["Please stop", false],
  ]);
  expect(item.messages[0]!.id).toBe(before);

  const refused = await call("POST", "/api/moderation-report.php", mod.cookie, { id: item.id, decision: "hide" });
  expect(refused.status).toBe(400);
  expect(refused.body.data.fields).toEqual({ reason: "moderation.reasonRequired" });
  const decided = await call("POST", "/api/moderation-report.php", mod.cookie, {
    id: item.id,
    decision: "hide",
    reason: "harassment",
    explanation: "Threatening a member",
  });
  expect(decided.status).toBe(200);
  const again = await call("POST", "/api/moderation-report.php", mod.cookie, { id: item.id, decision: "dismiss" });
  expect(again.body.error).toBe("already_decided");

  for (const viewer of [anna, ben]) {
    const conversation = await api.db
      .selectFrom("messages")
      .select("conversation_id")
      .where("id", "=", message)
      .executeTakeFirstOrThrow();
    const { messages } = messagesResponseSchema.parse(
      (await call("GET", `/api/messages.php?conversation=${conversation.conversation_id}`, viewer.cookie)).body,
    );
    expect(messages.find((m) => m.id === message)).toMatchObject({ removed: true, text: null });
  }
  const [notice] = await mailsTo(ben.email);
  expect(notice!.subject).toContain("Konto");
  expect(notice!.links.some((l) => new URL(l).pathname === "/appeal")).toBe(true);
  expect((await mailsTo(anna.email)).map((m) => m.subject)).toContain(
    `Your report ${filed.body.reference}: our decision`,
  );

  const log = await api.db
    .selectFrom("moderation_decisions")
    .selectAll()
    .where("report_id", "=", item.id)
    .executeTakeFirstOrThrow();
  expect(log).toMatchObject({ moderator_id: mod.id, member_id: ben.id, decision: "hide", reason: "harassment" });
});

test("a suspension ends the sessions and refuses logins; one appeal, decided by another moderator, can undo it", async () => {
  const eve = await member();
  const anna = await member();
  await report(anna, { subject: "profile", id: eve.id, reason: "fake" });
  const first = await moderator();
  const second = await moderator();
  const item = (await queueOf(first)).reports.find((r) => r.member?.id === eve.id)!;
  const suspended = await call("POST", "/api/moderation-report.php", first.cookie, {
    id: item.id,
    decision: "suspend",
    reason: "fake",
    days: 7,
  });
  expect(suspended.status).toBe(200);

  expect((await call("GET", "/api/user.php", eve.cookie)).status).toBe(403);
  const refused = await logIn(eve);
  expect(refused.body.error).toBe("account_suspended");
  expect((await call("GET", `/api/profile.php?id=${eve.id}`, anna.cookie)).status).toBe(404);

  const token = await mailedToken(api, eve.email, "/appeal");
  const view = await call("GET", `/api/appeal.php?token=${token}`);
  expect(view.body).toMatchObject({ decision: "suspend", reason: "fake", appealed: false });
  expect(view.body.until).toBeTruthy();
  expect((await call("GET", "/api/appeal.php?token=nonsense")).status).toBe(404);
  const empty = await call("POST", "/api/appeal.php", undefined, { token, text: " " });
  expect(empty.body.data.fields).toEqual({ text: "appeal.textRequired" });

  // Two appeals at once: one is taken, the other told it was appealed already.
  const appeals = await Promise.all(
    ["It is really me", "Please look again"].map((text) => call("POST", "/api/appeal.php", undefined, { token, text })),
  );
  expect(appeals.map((a) => a.status).sort()).toEqual([200, 409]);

  const appeal = (await queueOf(second)).appeals.find((a) => a.member?.id === eve.id)!;
  expect(appeal).toMatchObject({ decision: "suspend", reason: "fake" });
  const own = await call("POST", "/api/moderation-appeal.php", first.cookie, { id: appeal.id, decision: "reverse" });
  expect(own.body.error).toBe("own_decision");
  const reversed = await call("POST", "/api/moderation-appeal.php", second.cookie, {
    id: appeal.id,
    decision: "reverse",
  });
  expect(reversed.status).toBe(200);
  expect((await logIn(eve)).status).toBe(200);
  expect((await call("GET", `/api/profile.php?id=${eve.id}`, anna.cookie)).status).toBe(200);
  expect((await queueOf(second)).appeals.find((a) => a.id === appeal.id)).toBeUndefined();
  expect((await mailsTo(eve.email)).map((m) => m.subject)).toContain("Your appeal: our decision");
});

test("a report about a moderator is not in their queue, and another moderator decides it", async () => {
  const reported = await moderator();
  const other = await moderator();
  const reporter = await member();
  expect((await report(reporter, { subject: "profile", id: reported.id, reason: "fake" })).status).toBe(200);

  expect((await queueOf(reported)).reports.filter((r) => r.member?.id === reported.id)).toEqual([]);
  const open = (await queueOf(other)).reports.find((r) => r.member?.id === reported.id)!;
  const own = await call("POST", "/api/moderation-report.php", reported.cookie, { id: open.id, decision: "dismiss" });
  expect([own.status, own.body.error]).toEqual([403, "own_report"]);
  // Still open: the other moderator's decision is the one taken.
  const decided = await call("POST", "/api/moderation-report.php", other.cookie, { id: open.id, decision: "dismiss" });
  expect(decided.status).toBe(200);
});

test("a ban closes the account; a report dismissed leaves everything as it was", async () => {
  const eve = await member();
  const zoe = await member();
  const anna = await member();
  const mod = await moderator();
  await report(anna, { subject: "profile", id: eve.id, reason: "underage" });
  await report(anna, { subject: "profile", id: zoe.id, reason: "spam" });
  const queue = await queueOf(mod);
  const eveCase = queue.reports.find((r) => r.member?.id === eve.id)!;
  const zoeCase = queue.reports.find((r) => r.member?.id === zoe.id)!;
  await call("POST", "/api/moderation-report.php", mod.cookie, { id: eveCase.id, decision: "ban", reason: "underage" });
  await call("POST", "/api/moderation-report.php", mod.cookie, { id: zoeCase.id, decision: "dismiss" });
  expect((await logIn(eve)).body.error).toBe("account_banned");
  expect((await logIn(zoe)).status).toBe(200);
  expect(await mailsTo(zoe.email)).toEqual([]);
  expect((await mailsTo(anna.email)).some((m) => m.subject.includes(zoeCase.reference))).toBe(true);
});

test("the complaints form takes anyone's complaint, mails a receipt, and a link to a profile joins its report", async () => {
  const eve = await member();
  const loose = await call("POST", "/api/complaint.php", undefined, {
    email: "Visitor@Example.com",
    name: "Vera",
    reason: "other",
    details: "I was charged twice",
    language: "fr",
  });
  expect(loose.status).toBe(200);
  const [receipt] = await mailsTo("visitor@example.com");
  expect(receipt!.subject).toContain(loose.body.reference);

  const aboutEve = await call("POST", "/api/complaint.php", undefined, {
    email: "other@example.com",
    url: `https://${site.domain}/members/${eve.id}`,
    reason: "fake",
    details: "This is a photo of me",
  });
  const anna = await member();
  const filed = await report(anna, { subject: "profile", id: eve.id, reason: "fake" });
  expect(filed.body.reference).toBe(aboutEve.body.reference);

  const missing = await call("POST", "/api/complaint.php", undefined, { email: "x", reason: "spam" });
  expect(missing.status).toBe(400);
  expect(missing.body.data.fields).toMatchObject({
    email: expect.any(String),
    details: expect.any(String),
  });

  // A complaint about nothing on the site can only be closed.
  const mod = await moderator();
  const item = (await queueOf(mod)).reports.find((r) => r.reference === loose.body.reference)!;
  expect(item).toMatchObject({ subject: "complaint", member: null });
  expect(item.filings[0]).toMatchObject({ by: "Vera, visitor@example.com", details: "I was charged twice" });
  const hide = await call("POST", "/api/moderation-report.php", mod.cookie, {
    id: item.id,
    decision: "ban",
    reason: "other",
  });
  expect(hide.body.data.fields).toEqual({ decision: "moderation.onlyDismiss" });
});

test("a link to a profile on another domain of the site (www., a port, other case) joins that profile's report", async () => {
  const eve = await member();
  const alias = `alias-${Date.now()}.test`;
  await api.db.insertInto("site_domains").values({ domain: alias, site_id: site.id }).execute();
  const other = await createSite(api.db);
  const anna = await member();
  const { reference } = (await report(anna, { subject: "profile", id: eve.id, reason: "fake" })).body;
  const complain = async (url: string) =>
    (
      await call("POST", "/api/complaint.php", undefined, {
        email: `link-${crypto.randomUUID()}@example.com`,
        url,
        reason: "fake",
        details: "This is a photo of me",
      })
    ).body.reference;

  // docs/product.md §3.1: www., the port and letter case are ignored.
  expect(await complain(`https://www.${site.domain}/members/${eve.id}`)).toBe(reference);
  expect(await complain(`http://${alias}:3103/likes/m/${eve.id}`)).toBe(reference);
  expect(await complain(`HTTPS://WWW.${site.domain.toUpperCase()}/members/${eve.id}/landing`)).toBe(reference);
  // Another site's domain, or no site's, is not a link to this profile.
  expect(await complain(`https://www.${other.domain}/members/${eve.id}`)).not.toBe(reference);
  expect(await complain(`https://${site.domain}.evil.example/members/${eve.id}`)).not.toBe(reference);
  expect(await complain(`ftp://${site.domain}/members/${eve.id}`)).not.toBe(reference);
});

test("complaint receipts: one a day per recipient address, the name on one line and never the mail's first line", async () => {
  const victim = `victim-${Date.now()}@example.com`;
  const phishing = "Your account is suspended\nPay at https://evil.example/pay";
  const first = await call("POST", "/api/complaint.php", undefined, {
    email: victim,
    name: phishing,
    reason: "other",
    details: "Complaint one",
  });
  expect(first.status).toBe(200);
  const [receipt] = await mailsTo(victim);
  const raw = await fs.promises.readFile(path.join(api.dataDir, "outbox", `${receipt!.id}.eml`), "utf8");
  expect(raw).toMatch(/^Hello,\r?$/m);
  expect(raw).not.toMatch(/suspended|evil\.example/);
  // Kept for the moderators, on one line.
  const filing = await api.db
    .selectFrom("report_filings")
    .select("reporter_name")
    .where("reporter_email", "=", victim)
    .executeTakeFirstOrThrow();
  expect(filing.reporter_name).toBe("Your account is suspended Pay at https://evil.example/pay");

  // More complaints to the same address, also at once and in other letter case: no more receipts today.
  const more = await Promise.all(
    [victim, victim.toUpperCase(), victim, victim].map((email, i) =>
      call("POST", "/api/complaint.php", undefined, { email, reason: "other", details: `Complaint ${i + 2}` }),
    ),
  );
  for (const refused of more) {
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: "rate_limited",
      data: { fields: { email: "complaints.receiptSentToday" } },
    });
  }
  expect(await mailsTo(victim)).toHaveLength(1);
  // Another address is not held up by it.
  const next = await call("POST", "/api/complaint.php", undefined, {
    email: `someone-else-${Date.now()}@example.com`,
    reason: "other",
    details: "Complaint",
  });
  expect(next.status).toBe(200);
});

test("complaints are limited per sender address in the database, exactly, however many at once", async () => {
  const limited = await startTestApi({ MAILS_PER_HOUR: "3" });
  try {
    const other = await createSite(limited.db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        limited.call("/api/complaint.php", {
          method: "POST",
          domain: other.domain,
          headers: { "x-forwarded-for": "203.0.113.77" },
          body: { email: `sender-${i}@example.com`, reason: "spam", details: `Complaint ${i}` },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused.body).toMatchObject({
        error: "rate_limited",
        message: "Too many complaints, please try again later",
      });
    const elsewhere = await limited.call("/api/complaint.php", {
      method: "POST",
      domain: other.domain,
      headers: { "x-forwarded-for": "203.0.113.78" },
      body: { email: "sender-x@example.com", reason: "spam", details: "Complaint" },
    });
    expect(elsewhere.status).toBe(200);
  } finally {
    await limited.close();
  }
});

test("a rejected photo is a decision too: the member is told why and an appeal can bring the photo back", async () => {
  await api.db.updateTable("sites").set({ photo_moderation: 1 }).where("id", "=", site.id).execute();
  const anna = await member();
  const mod = await moderator();
  const other = await moderator();
  const bytes = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#48c" } })
    .jpeg()
    .toBuffer();
  const uploaded = await fetch(`${api.url}/api/photo.php`, {
    method: "POST",
    headers: { "x-forwarded-host": site.domain, cookie: anna.cookie, "content-type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  const { photo } = (await uploaded.json()) as { photo: { id: number } };
  await call("POST", "/api/moderation-photo.php", mod.cookie, {
    id: photo.id,
    decision: "reject",
    reason: "not_a_portrait",
  });
  const token = await mailedToken(api, anna.email, "/appeal");
  expect((await call("POST", "/api/appeal.php", undefined, { token, text: "That is me with a hat" })).status).toBe(200);
  const appeal = (await queueOf(other)).appeals.find((a) => a.member?.id === anna.id)!;
  expect(appeal).toMatchObject({ subject: "photo", decision: "reject", photo_id: photo.id });
  // Two moderators reverse it at once: one reversal counts, and the loser's clean-up leaves the photo published.
  const third = await moderator();
  const reversals = await Promise.all(
    [other, third].map((m) =>
      call("POST", "/api/moderation-appeal.php", m.cookie, { id: appeal.id, decision: "reverse" }),
    ),
  );
  expect(reversals.map((r) => r.status).sort()).toEqual([200, 409]);
  const own = await call("GET", "/api/photos.php", anna.cookie);
  expect(own.body.photos[0]).toMatchObject({ id: photo.id, status: "active", is_main: true });
  const thumb = own.body.photos[0].thumb_url.replace("/uploads/photos/", "");
  expect(fs.existsSync(path.join(api.dataDir, "uploads", "photos", thumb))).toBe(true);
  expect(fs.existsSync(path.join(api.dataDir, "uploads", "photos", thumb.replace(".jpg", ".webp")))).toBe(true);
});

test("a banned member's conversations close: gone from the list and the unread count, and nothing sent to them is paid", async () => {
  const anna = await member();
  const eve = await member();
  await sendMessage(anna, eve, "Hi Eve");
  await sendMessage(eve, anna, "Send me money");
  const chatsOf = async (m: Member) => chatsResponseSchema.parse((await call("GET", "/api/chats.php", m.cookie)).body);
  expect((await chatsOf(anna)).total_unread_messages).toBe(1);
  const conversation = (await chatsOf(anna)).chats[0]!.conversation.id;

  const mod = await moderator();
  await report(anna, { subject: "profile", id: eve.id, reason: "fake" });
  const item = (await queueOf(mod)).reports.find((r) => r.member?.id === eve.id)!;
  await call("POST", "/api/moderation-report.php", mod.cookie, { id: item.id, decision: "ban", reason: "fake" });

  const after = await chatsOf(anna);
  expect(after.chats.map((c) => c.conversation.id)).not.toContain(conversation);
  expect(after.total_unread_messages).toBe(0);
  expect((await call("GET", `/api/messages.php?conversation=${conversation}`, anna.cookie)).status).toBe(404);
  const credits = async () =>
    (await api.db.selectFrom("users").select("credits").where("id", "=", anna.id).executeTakeFirstOrThrow()).credits;
  const before = await credits();
  const refused = await api.call("/api/message.php", {
    method: "POST",
    domain: site.domain,
    cookie: anna.cookie,
    body: { conversation, text: "Are you there?" },
    headers: { "idempotency-key": `report-test-${keys++}` },
  });
  expect(refused.body.error).toBe("blocked");
  const toProfile = await api.call("/api/message.php", {
    method: "POST",
    domain: site.domain,
    cookie: anna.cookie,
    body: { to: eve.id, text: "Are you there?" },
    headers: { "idempotency-key": `report-test-${keys++}` },
  });
  expect(toProfile.body.error).toBe("blocked");
  expect(await credits()).toBe(before);
});

test("a suspended member's conversations close until the suspension ends", async () => {
  const anna = await member();
  const eve = await member();
  await sendMessage(eve, anna, "Hello Anna");
  await giveCredits(api.db, anna.id, 50);
  const chatsOf = async (m: Member) => chatsResponseSchema.parse((await call("GET", "/api/chats.php", m.cookie)).body);
  const suspend = (until: Date) =>
    api.db.updateTable("users").set({ suspended_until: until.toISOString() }).where("id", "=", eve.id).execute();
  const send = async () =>
    (
      await api.call("/api/message.php", {
        method: "POST",
        domain: site.domain,
        cookie: anna.cookie,
        body: { to: eve.id, text: "Still there?" },
        headers: { "idempotency-key": `report-test-${keys++}` },
      })
    ).body.error;

  await suspend(new Date(Date.now() + 86_400_000));
  expect((await chatsOf(anna)).chats).toHaveLength(0);
  expect((await chatsOf(anna)).total_unread_messages).toBe(0);
  expect(await send()).toBe("blocked");

  await suspend(new Date(Date.now() - 1000));
  expect((await chatsOf(anna)).chats).toHaveLength(1);
  expect((await chatsOf(anna)).total_unread_messages).toBe(1);
  expect(await send()).toBeUndefined();
});

test("a reported chat photo is shown to moderators while the report is open, and to nobody once hidden", async () => {
  const anna = await member();
  const ben = await member();
  await giveCredits(api.db, ben.id, 50);
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#a33" } })
    .jpeg()
    .toBuffer();
  const uploaded = await fetch(`${api.url}/api/message-photo.php?to=${anna.id}`, {
    method: "POST",
    headers: {
      "x-forwarded-host": site.domain,
      cookie: ben.cookie,
      "content-type": "application/octet-stream",
      "idempotency-key": `report-test-${keys++}`,
    },
    body: new Uint8Array(photo),
  });
  const sent = (await uploaded.json()) as { message: { id: number }; conversation: number };
  const message = sent.message.id;
  // Anna chose to see the photos of this conversation: before that she gets only its blurred preview.
  await call("POST", "/api/chat-reveal.php", anna.cookie, { conversation: sent.conversation });
  const load = (m: Member) =>
    fetch(`${api.url}/api/chat-photo.php?message=${message}&width=320&format=webp`, {
      headers: { "x-forwarded-host": site.domain, cookie: m.cookie },
    }).then((r) => r.status);

  const mod = await moderator();
  expect([await load(anna), await load(ben), await load(mod)]).toEqual([200, 200, 404]);
  const filed = await report(anna, { subject: "message", id: message, reason: "explicit" });
  expect(await load(mod)).toBe(200);
  const item = (await queueOf(mod)).reports.find((r) => r.reference === filed.body.reference)!;
  await call("POST", "/api/moderation-report.php", mod.cookie, { id: item.id, decision: "hide", reason: "explicit" });
  expect([await load(anna), await load(ben), await load(mod)]).toEqual([404, 404, 404]);
});
