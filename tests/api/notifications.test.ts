import fs from "node:fs/promises";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, expect, test } from "vitest";
import { sendDueNotifications } from "../../api/notifications/notifications.service";
import { notificationSettingsResponseSchema } from "../../contract/notifications";
import { createSite } from "./support/factories";
import { noonInAmsterdam } from "./support/notification-clock";
import { giveCredits, loggedInMember, startTestApi, type TestApi } from "./support/test-api";

const webhookToken = "a-webhook-token-of-32-characters";
let api: TestApi;
let site: { id: number; domain: string };

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "100000", MAIL_EVENTS_TOKEN: webhookToken });
  site = await createSite(api.db);
});
afterAll(() => api.close());

type Member = Awaited<ReturnType<typeof loggedInMember>>;
const member = () => loggedInMember(api, site.domain, { siteId: site.id, country: "NL" });
const call = (method: string, url: string, cookie?: string, body?: unknown, headers?: Record<string, string>) =>
  api.call(url, { method, domain: site.domain, cookie, body, headers });
const deps = () => ({ db: api.db, mailer: api.mailer, log: pino({ level: "silent" }) });
const noon = noonInAmsterdam;
const mailsTo = async (m: Member) => (await api.mailer.outbox()).filter((mail) => mail.to === m.email);
const rawMail = async (id: string) => fs.readFile(path.join(api.dataDir, "outbox", `${id}.eml`), "utf8");
let keys = 0;
async function send(from: Member, to: Member, text: string) {
  await giveCredits(api.db, from.id, 20);
  const sent = await call(
    "POST",
    "/api/message.php",
    from.cookie,
    { to: to.id, text },
    { "idempotency-key": `notification-test-${keys++}` },
  );
  expect(sent.body).toMatchObject({ message: { text } });
  return sent.body;
}
const outcomes = async (userId: number) =>
  (
    await api.db
      .selectFrom("notification_queue")
      .select(["event", "outcome"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute()
  ).map((row) => `${row.event}:${row.outcome}`);

test("a new message is mailed once, a few minutes later, with a one-click unsubscribe; never its text", async () => {
  const anna = await member();
  const ben = await member();
  await send(anna, ben, "A secret only Ben should read");
  // Not yet: the message waits a little, in case Ben reads it on the site.
  expect(await sendDueNotifications(deps())).toBe(0);
  // Two workers at once send it once.
  const [a, b] = await Promise.all([sendDueNotifications(deps(), noon()), sendDueNotifications(deps(), noon())]);
  expect(a + b).toBe(1);
  const [mail] = await mailsTo(ben);
  expect(mail!.subject).toContain("sent you a message");
  const raw = await rawMail(mail!.id);
  expect(raw).not.toContain("A secret only Ben should read");
  expect(raw).toMatch(/^List-Unsubscribe:\s+<https?:\/\/[^>]+\/unsubscribe\?token=[\w-]+&event=messages>$/m);
  expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(await sendDueNotifications(deps(), noon())).toBe(0);
  expect(await outcomes(ben.id)).toEqual(["message:sent"]);

  // More from Anna within the hour joins that mail; after it, a new mail.
  await send(anna, ben, "Are you there?");
  await sendDueNotifications(deps(), noon());
  const later = new Date(noon().getTime() + 61 * 60_000);
  await send(anna, ben, "Hello again");
  await sendDueNotifications(deps(), later);
  expect(await outcomes(ben.id)).toEqual(["message:sent", "message:batched", "message:sent"]);
  expect(await mailsTo(ben)).toHaveLength(2);
});

test("a message read on the site, a fictional sender, or a preference turned off sends no mail", async () => {
  const anna = await member();
  const ben = await member();
  const { conversation, message } = await send(anna, ben, "Hi");
  expect((await call("POST", "/api/chat-read.php", ben.cookie, { conversation, up_to: message.id })).status).toBe(200);
  const fiction = await member();
  await api.db.updateTable("profiles").set({ fictional: 1 }).where("user_id", "=", fiction.id).execute();
  await send(fiction, ben, "I am made up");
  const settings = notificationSettingsResponseSchema.parse(
    (await call("GET", "/api/notification-settings.php", ben.cookie)).body,
  );
  expect(settings).toEqual({
    settings: {
      email_messages: true,
      email_likes: true,
      email_matches: true,
      push_messages: true,
      push_likes: true,
      push_matches: true,
      quiet_hours: true,
      time_zone: "Europe/Amsterdam",
    },
    notifications_disabled: [],
  });
  const saved = await call("PUT", "/api/notification-settings.php", ben.cookie, {
    ...settings.settings,
    email_likes: false,
  });
  expect(saved.status).toBe(200);
  await call("POST", "/api/like.php", anna.cookie, { id: ben.id });
  await sendDueNotifications(deps(), noon());
  expect(await mailsTo(ben)).toEqual([]);
  expect((await outcomes(ben.id)).sort()).toEqual(["like:preference", "message:read"]);
  const refused = await call("PUT", "/api/notification-settings.php", ben.cookie, {
    ...settings.settings,
    time_zone: "Mars/Olympus",
  });
  expect(refused.body.data.fields).toEqual({ time_zone: "notifications.timeZoneInvalid" });
});

test("a like is mailed, and a like back is mailed as a match to the first; liking again mails nothing more", async () => {
  const anna = await member();
  const ben = await member();
  await call("POST", "/api/like.php", anna.cookie, { id: ben.id });
  await call("DELETE", "/api/like.php", anna.cookie, { id: ben.id });
  await call("POST", "/api/like.php", anna.cookie, { id: ben.id });
  await call("POST", "/api/like.php", ben.cookie, { id: anna.id });
  await sendDueNotifications(deps(), noon());
  expect((await mailsTo(ben)).map((m) => m.subject)).toEqual([expect.stringContaining("likes you")]);
  expect((await mailsTo(anna)).map((m) => m.subject)).toEqual([expect.stringContaining("It's a match")]);
});

test("quiet hours hold a mail until 8:00 in the member's time zone", async () => {
  const anna = await member();
  const ben = await member();
  await call("PUT", "/api/notification-settings.php", ben.cookie, {
    email_messages: true,
    email_likes: true,
    email_matches: true,
    push_messages: true,
    push_likes: true,
    push_matches: true,
    quiet_hours: true,
    time_zone: "Asia/Tokyo",
  });
  await call("POST", "/api/like.php", anna.cookie, { id: ben.id });
  // 12:00 in Amsterdam is 20:00 in Tokyo in winter; 17:00 UTC is 2:00 there.
  const night = new Date(noon());
  night.setUTCHours(17);
  expect(await sendDueNotifications(deps(), night)).toBe(0);
  const [held] = await api.db.selectFrom("notification_queue").selectAll().where("user_id", "=", ben.id).execute();
  expect(new Date(held!.due_at).getUTCHours()).toBe(23); // 8:00 in Tokyo
  expect(held!.done_at).toBeNull();
  expect(await sendDueNotifications(deps(), new Date(held!.due_at))).toBe(1);
});

test("the unsubscribe link turns that mail off without a login and says so on the member's pages", async () => {
  const anna = await member();
  const ben = await member();
  await send(anna, ben, "Hello");
  await sendDueNotifications(deps(), noon());
  const [mail] = await mailsTo(ben);
  const link = new URL(mail!.links.find((l) => l.includes("/unsubscribe?"))!);
  const token = link.searchParams.get("token")!;
  expect(
    (await call("POST", "/api/unsubscribe.php", undefined, { token: "x".repeat(30), event: "messages" })).status,
  ).toBe(404);
  expect((await call("POST", "/api/unsubscribe.php", undefined, { token, event: "messages" })).status).toBe(200);
  const after = notificationSettingsResponseSchema.parse(
    (await call("GET", "/api/notification-settings.php", ben.cookie)).body,
  );
  expect(after.settings.email_messages).toBe(false);
  expect(after.notifications_disabled).toEqual(["listunsubscribe"]);
  expect((await call("GET", "/api/user.php", ben.cookie)).body.user.notifications_disabled).toEqual([
    "listunsubscribe",
  ]);
  // Saving the settings turns mail back on.
  await call("PUT", "/api/notification-settings.php", ben.cookie, { ...after.settings, email_messages: true });
  expect((await call("GET", "/api/user.php", ben.cookie)).body.user.notifications_disabled).toEqual([]);
});

test("a provider's bounce or complaint webhook stops notification mails, and only with its token", async () => {
  const anna = await member();
  const ben = await member();
  const report = (event: string, token?: string) =>
    call(
      "POST",
      "/api/mail-events.php",
      undefined,
      { email: ben.email.toUpperCase(), event },
      token ? { authorization: `Bearer ${token}` } : {},
    );
  expect((await report("bounce")).status).toBe(401);
  expect((await report("bounce", `${webhookToken}x`)).status).toBe(401);
  expect((await report("bounce", webhookToken)).status).toBe(200);
  expect((await report("complaint", webhookToken)).status).toBe(200);
  expect((await call("GET", "/api/user.php", ben.cookie)).body.user.notifications_disabled).toEqual(["bounce", "fbl"]);
  await call("POST", "/api/like.php", anna.cookie, { id: ben.id });
  await sendDueNotifications(deps(), noon());
  expect(await mailsTo(ben)).toEqual([]);
  expect(await outcomes(ben.id)).toEqual(["like:disabled"]);

  const closed = await startTestApi();
  try {
    const answer = await closed.call("/api/mail-events.php", {
      method: "POST",
      domain: site.domain,
      body: { email: ben.email, event: "bounce" },
      headers: { authorization: `Bearer ${webhookToken}` },
    });
    expect(answer.status).toBe(404);
  } finally {
    await closed.close();
  }
});
