import pino from "pino";
import { afterAll, beforeAll, expect, test } from "vitest";
import { sendDueNotifications } from "../../api/notifications/notifications.service";
import { ensurePushKeys, pushToMember } from "../../api/notifications/push.service";
import { createSite } from "./support/factories";
import { type FakeBrowser, type FakePushService, startFakePushService } from "./support/fake-push-service";
import { noonInAmsterdam } from "./support/notification-clock";
import { giveCredits, loggedInMember, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let pushService: FakePushService;
let site: { id: number; domain: string };
let vapidKey: string;

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "100000", PUSH_ALLOW_HTTP_ENDPOINTS: "true" });
  pushService = await startFakePushService();
  site = await createSite(api.db);
  await api.db.updateTable("sites").set({ push_public_key: "", push_private_key: "" }).execute();
  await ensurePushKeys(api.db, {});
  vapidKey = (await call("GET", "/api/settings.php")).body.push_public_key;
});
afterAll(async () => {
  await pushService.close();
  await api.close();
});

type Member = Awaited<ReturnType<typeof loggedInMember>>;
let names = 0;
const member = async () => {
  const name = `Member${++names}`;
  return { ...(await loggedInMember(api, site.domain, { siteId: site.id, country: "NL", name })), name };
};
const call = (method: string, url: string, cookie?: string, body?: unknown, headers?: Record<string, string>) =>
  api.call(url, { method, domain: site.domain, cookie, body, headers });
const deps = () => ({
  db: api.db,
  mailer: api.mailer,
  log: pino({ level: "silent" }),
  push: { allowHttpEndpoints: true },
});
const noon = noonInAmsterdam;
/** A browser of the fake push service, subscribed for `m` the way the site's page does it. */
async function subscribedBrowser(m: Member): Promise<FakeBrowser> {
  const browser = pushService.browser();
  browser.vapidKey = vapidKey;
  const answer = await call("POST", "/api/user.php?push=1", m.cookie, { subscription: browser.subscription });
  expect(answer.body).toEqual({ ok: true });
  return browser;
}
const pushOutcomes = async (userId: number) =>
  (
    await api.db
      .selectFrom("notification_queue")
      .select(["event", "outcome"])
      .where("user_id", "=", userId)
      .where("channel", "=", "push")
      .orderBy("id")
      .execute()
  ).map((row) => `${row.event}:${row.outcome}`);
let keys = 0;
async function send(from: Member, to: Member, text: string) {
  await giveCredits(api.db, from.id, 20);
  const sent = await call(
    "POST",
    "/api/message.php",
    from.cookie,
    { to: to.id, text },
    { "idempotency-key": `push-test-${keys++}` },
  );
  expect(sent.status).toBe(200);
}

test("every site has VAPID keys, and settings.php gives browsers the public one", async () => {
  const sites = await api.db.selectFrom("sites").select(["push_public_key", "push_private_key"]).execute();
  for (const keys of sites) {
    expect(Buffer.from(keys.push_public_key, "base64url")).toHaveLength(65);
    expect(Buffer.from(keys.push_private_key, "base64url")).toHaveLength(32);
  }
  expect(sites.map((s) => s.push_public_key)).toContain(vapidKey);
  // A second start keeps them: a new pair would orphan every browser's subscription.
  await ensurePushKeys(api.db, {});
  expect((await call("GET", "/api/settings.php")).body.push_public_key).toBe(vapidKey);
});

test("a like, a match and a message are pushed once each, signed with the site's key, to the right page", async () => {
  const anna = await member();
  const ben = await member();
  const bensPhone = await subscribedBrowser(ben);
  const annasPhone = await subscribedBrowser(anna);
  await call("POST", "/api/like.php", anna.cookie, { id: ben.id });
  // Two workers at once push it once; the push does not wait like the mail does.
  const [a, b] = await Promise.all([sendDueNotifications(deps(), noon()), sendDueNotifications(deps(), noon())]);
  expect(a + b).toBeGreaterThanOrEqual(1);
  expect(bensPhone.received).toEqual([
    { title: `${anna.name} likes you`, body: expect.stringContaining(anna.name), url: "/likes", tag: "likes" },
  ]);
  await call("POST", "/api/like.php", ben.cookie, { id: anna.id });
  await send(ben, anna, "A secret only Anna should read");
  // Due at once, unlike the mail (two minutes), and sent at noon: quiet hours are tested with mail.
  await sendDueNotifications(deps(), noon());
  expect(annasPhone.received).toEqual([
    expect.objectContaining({ title: expect.stringContaining("It's a match"), url: `/members/${ben.id}` }),
    expect.objectContaining({ title: `${ben.name} sent you a message`, url: `/members/${ben.id}/chat` }),
  ]);
  expect(JSON.stringify(annasPhone.received)).not.toContain("A secret");
  expect(await pushOutcomes(anna.id)).toEqual(["match:sent", "message:sent"]);
  const [message] = await api.db
    .selectFrom("notification_queue")
    .select(["created_at", "due_at"])
    .where("user_id", "=", anna.id)
    .where("event", "=", "message")
    .where("channel", "=", "push")
    .execute();
  expect(message!.due_at).toBe(message!.created_at);
  await sendDueNotifications(deps(), noon());
  expect(bensPhone.received).toHaveLength(1);
  expect(bensPhone.refused + annasPhone.refused).toBe(0);
});

test("push choices, fictional senders and read messages are respected", async () => {
  const anna = await member();
  const ben = await member();
  const phone = await subscribedBrowser(ben);
  const settings = (await call("GET", "/api/notification-settings.php", ben.cookie)).body.settings;
  expect(settings).toMatchObject({ push_messages: true, push_likes: true, push_matches: true });
  await call("PUT", "/api/notification-settings.php", ben.cookie, { ...settings, push_likes: false });
  await call("POST", "/api/like.php", anna.cookie, { id: ben.id });
  const fiction = await member();
  await api.db.updateTable("profiles").set({ fictional: 1 }).where("user_id", "=", fiction.id).execute();
  await send(fiction, ben, "I am made up");
  await sendDueNotifications(deps(), noon());
  expect(phone.received).toEqual([]);
  expect(await pushOutcomes(ben.id)).toEqual(["like:preference"]);
  // Mail about the like still goes: the two choices are separate.
  expect((await api.mailer.outbox()).filter((m) => m.to === ben.email)).toHaveLength(1);
});

test("a browser the push service no longer knows (410) is forgotten; so is one whose login ended", async () => {
  const anna = await member();
  const ben = await member();
  const gone = await subscribedBrowser(ben);
  gone.answer = 410;
  await call("POST", "/api/like.php", anna.cookie, { id: ben.id });
  await sendDueNotifications(deps(), noon());
  expect(await pushOutcomes(ben.id)).toEqual(["like:inactive"]);
  expect(await api.db.selectFrom("push_subscriptions").where("user_id", "=", ben.id).selectAll().execute()).toEqual([]);

  const cleo = await member();
  await subscribedBrowser(cleo);
  expect((await call("POST", "/api/logout.php", cleo.cookie)).status).toBe(200);
  expect(await api.db.selectFrom("push_subscriptions").where("user_id", "=", cleo.id).selectAll().execute()).toEqual(
    [],
  );
});

test("a push service that fails is tried again later", async () => {
  const anna = await member();
  const ben = await member();
  const phone = await subscribedBrowser(ben);
  phone.answer = 503;
  await call("POST", "/api/like.php", anna.cookie, { id: ben.id });
  expect(await sendDueNotifications(deps(), noon())).toBe(1); // the mail went
  expect(await pushOutcomes(ben.id)).toEqual(["like:null"]);
  phone.answer = 201;
  await sendDueNotifications(deps(), new Date(noon().getTime() + 6 * 60_000));
  expect(phone.received).toHaveLength(1);
  expect(await pushOutcomes(ben.id)).toEqual(["like:sent"]);
});

test("subscribing needs a login, and a member removes only their own subscription", async () => {
  const browser = pushService.browser();
  expect((await call("POST", "/api/user.php?push=1", undefined, { subscription: browser.subscription })).status).toBe(
    403,
  );
  const anna = await member();
  const ben = await member();
  const bens = await subscribedBrowser(ben);
  const bad = await call("POST", "/api/user.php?push=1", anna.cookie, {
    subscription: { ...browser.subscription, keys: { p256dh: "short", auth: "x" } },
  });
  expect(bad.status).toBe(400);
  await call("DELETE", "/api/user.php?push=1", anna.cookie, { endpoint: bens.subscription.endpoint });
  expect(
    await api.db.selectFrom("push_subscriptions").where("user_id", "=", ben.id).selectAll().execute(),
  ).toHaveLength(1);
  await call("DELETE", "/api/user.php?push=1", ben.cookie, { endpoint: bens.subscription.endpoint });
  expect(await api.db.selectFrom("push_subscriptions").where("user_id", "=", ben.id).selectAll().execute()).toEqual([]);
  // The login beside it at POST /api/user.php still works.
  expect((await call("POST", "/api/user.php", undefined, { email: ben.email, password: ben.password })).status).toBe(
    200,
  );
});

test("push-subscription.php, the documented path, and user.php?push=1 are one endpoint", async () => {
  const anna = await member();
  const subscriptions = () =>
    api.db.selectFrom("push_subscriptions").select("endpoint").where("user_id", "=", anna.id).execute();
  const viaAlias = pushService.browser();
  const viaPath = pushService.browser();
  expect(
    (await call("POST", "/api/user.php?push=1", anna.cookie, { subscription: viaAlias.subscription })).body,
  ).toEqual({ ok: true });
  expect(
    (await call("POST", "/api/push-subscription.php", anna.cookie, { subscription: viaPath.subscription })).body,
  ).toEqual({ ok: true });
  expect((await subscriptions()).map((s) => s.endpoint).sort()).toEqual(
    [viaAlias.subscription.endpoint, viaPath.subscription.endpoint].sort(),
  );
  await call("DELETE", "/api/push-subscription.php", anna.cookie, { endpoint: viaAlias.subscription.endpoint });
  await call("DELETE", "/api/user.php?push=1", anna.cookie, { endpoint: viaPath.subscription.endpoint });
  expect(await subscriptions()).toEqual([]);
  // Only the fixed query makes user.php a push call: without it, POST is the login and DELETE the account deletion.
  expect((await call("POST", "/api/user.php", anna.cookie, { subscription: viaPath.subscription })).status).toBe(400);
});

test("PUSH_SERVICE_HOSTS names the push services; a subscription outside them is never posted to", async () => {
  const own = await startTestApi({ PUSH_SERVICE_HOSTS: "push.example.com, *.push.example.net" });
  try {
    const ownSite = await createSite(own.db);
    const anna = await loggedInMember(own, ownSite.domain, { siteId: ownSite.id });
    const attempt = (endpoint: string) =>
      own.call("/api/push-subscription.php", {
        method: "POST",
        domain: ownSite.domain,
        cookie: anna.cookie,
        body: { subscription: { ...pushService.browser().subscription, endpoint } },
      });
    expect((await attempt("https://push.example.com/x")).status).toBe(200);
    expect((await attempt("https://eu.push.example.net/x")).status).toBe(200);
    expect((await attempt("https://fcm.googleapis.com/fcm/send/abc")).status).toBe(400);
  } finally {
    await own.close();
  }
  // One taken while the fake push service was allowed, sent by a worker that no longer allows it: removed, not posted.
  const ben = await member();
  const browser = await subscribedBrowser(ben);
  const strictDeps = { ...deps(), push: {} };
  const keys = await api.db
    .selectFrom("sites")
    .select(["push_public_key", "push_private_key", "support_email"])
    .where("id", "=", site.id)
    .executeTakeFirstOrThrow();
  await pushToMember(strictDeps, keys, ben.id, {
    title: "t",
    body: "b",
    url: "/likes",
    tag: "likes",
  });
  expect(browser.received).toEqual([]);
  expect(await api.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", ben.id).execute()).toEqual(
    [],
  );
});

test("outside tests, only https push services on public hosts are accepted", async () => {
  const strict = await startTestApi();
  try {
    const strictSite = await createSite(strict.db);
    const anna = await loggedInMember(strict, strictSite.domain, { siteId: strictSite.id });
    const attempt = (endpoint: string) =>
      strict.call("/api/user.php?push=1", {
        method: "POST",
        domain: strictSite.domain,
        cookie: anna.cookie,
        body: { subscription: { ...pushService.browser().subscription, endpoint } },
      });
    expect((await attempt("http://127.0.0.1:9/push/x")).status).toBe(400);
    expect((await attempt("https://10.0.0.1/push/x")).status).toBe(400);
    expect((await attempt("https://localhost/push/x")).status).toBe(400);
    // Names that lead back into the server's network, and a push service on another port (issue 32).
    for (const endpoint of [
      "https://localhost./",
      "https://localhost.:3339/",
      "https://metadata.google.internal./",
      "https://127.0.0.1.nip.io/",
      "https://169.254.169.254.nip.io/",
      "https://localtest.me/",
      "https://fcm.googleapis.com:22/",
    ]) {
      const refused = await attempt(endpoint);
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.data.fields).toEqual({ "subscription.endpoint": "push.endpointInvalid" });
    }
    expect((await attempt("https://fcm.googleapis.com/fcm/send/abc")).status).toBe(200);
    expect((await attempt("https://updates.push.services.mozilla.com/wpush/v2/abc")).status).toBe(200);
    expect((await attempt("https://wns2-par02p.notify.windows.com/w/?token=abc")).status).toBe(200);
    expect(await strict.db.selectFrom("push_subscriptions").select("id").execute()).toHaveLength(3);
  } finally {
    await strict.close();
  }
});
