import { afterAll, beforeAll, expect, test } from "vitest";
import { checkLedger } from "../../api/credits/ledger-check";
import { chatsResponseSchema, messageSendResponseSchema, messagesResponseSchema } from "../../contract/chat";
import { createSite, type MemberOptions } from "./support/factories";
import { giveCredits, loggedInMember, startTestApi, type TestApi } from "./support/test-api";

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

let keys = 0;
const newKey = () => `chat-key-${Date.now()}-${keys++}`;

/** A logged-in member holding `credits` (given through the ledger, as a purchase would). */
async function member(credits = 0, options: MemberOptions = {}) {
  const m = await loggedInMember(api, domain, { ...options, siteId });
  if (credits) await giveCredits(api.db, m.id, credits);
  return m;
}

function send(cookie: string, body: Record<string, unknown>, key = newKey()) {
  return api.call("/api/message.php", { method: "POST", domain, cookie, body, headers: { "idempotency-key": key } });
}
const chatsOf = async (cookie: string) =>
  chatsResponseSchema.parse((await api.call("/api/chats.php", { domain, cookie })).body);
const creditsOf = async (id: number) =>
  (await api.db.selectFrom("users").select("credits").where("id", "=", id).executeTakeFirstOrThrow()).credits;

test("a message costs message_credits once however often it is sent, and reaches the other member unread", async () => {
  const anna = await member(100);
  const ben = await member();
  const key = newKey();
  const twice = await Promise.all([
    send(anna.cookie, { to: ben.id, text: "Hi Ben!" }, key),
    send(anna.cookie, { to: ben.id, text: "Hi Ben!" }, key),
  ]);
  expect(twice.map((a) => a.status)).toEqual([200, 200]);
  const sent = messageSendResponseSchema.parse(twice[0]!.body);
  expect(twice[1]!.body.message.id).toBe(sent.message.id);
  expect(sent.message).toMatchObject({ text: "Hi Ben!", mine: true, credits: 10 });
  expect(await creditsOf(anna.id)).toBe(90);

  const benChats = await chatsOf(ben.cookie);
  expect(benChats.total_unread_messages).toBe(1);
  expect(benChats.chats[0]).toMatchObject({
    conversation: { id: sent.conversation, last_message: { text: "Hi Ben!", mine: false } },
    profile: { id: anna.id },
    num_unread_messages: 1,
  });
  expect((await api.call("/api/user.php", { domain, cookie: ben.cookie })).body.user.unread_messages).toBe(1);

  // Opening it marks it read; his answer is free of any limit and costs him (he has no credits).
  const page = messagesResponseSchema.parse(
    (await api.call(`/api/messages.php?conversation=${sent.conversation}`, { domain, cookie: ben.cookie })).body,
  );
  expect(page.messages.map((m) => [m.text, m.mine])).toEqual([["Hi Ben!", false]]);
  expect((await chatsOf(ben.cookie)).total_unread_messages).toBe(0);
  const broke = await send(ben.cookie, { conversation: sent.conversation, text: "Hello!" });
  expect(broke.status).toBe(402);
  expect(broke.body).toMatchObject({ error: "insufficient_credits", message: "You do not have enough credits" });
  const refused = await api.db.selectFrom("credit_ledger").selectAll().where("user_id", "=", ben.id).execute();
  expect(refused).toMatchObject([{ reason: "message", refused: 1, delta: -10 }]);
  expect(await checkLedger(api.db)).toEqual({ balances: [], purchases: [], returns: [] });
});

test("a conversation opened from another site is shown but not marked read; from this site it is", async () => {
  const anna = await member(100);
  const ben = await member();
  const sent = messageSendResponseSchema.parse((await send(anna.cookie, { to: ben.id, text: "Read me?" })).body);
  const open = (fetchSite: string) =>
    api.call(`/api/messages.php?conversation=${sent.conversation}`, {
      domain,
      cookie: ben.cookie,
      headers: { "sec-fetch-site": fetchSite },
    });
  const annaSees = async () =>
    messagesResponseSchema.parse(
      (await api.call(`/api/messages.php?conversation=${sent.conversation}`, { domain, cookie: anna.cookie })).body,
    ).conversation.other_read_up_to;

  // A link or redirect from elsewhere (docs/product.md §7.1): the page shows, nothing is marked.
  const crossSite = await open("cross-site");
  expect(crossSite.status).toBe(200);
  expect(crossSite.body.messages.map((m: { text: string }) => m.text)).toEqual(["Read me?"]);
  expect((await chatsOf(ben.cookie)).total_unread_messages).toBe(1);
  expect(await annaSees()).toBe(0);

  expect((await open("same-origin")).status).toBe(200);
  expect((await chatsOf(ben.cookie)).total_unread_messages).toBe(0);
  expect(await annaSees()).toBe(sent.message.id);
});

test("50 sends at once on a balance of 100 at 10 credits each: exactly 10 go out", async () => {
  const sender = await member(100);
  const receiver = await member();
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => send(sender.cookie, { to: receiver.id, text: `Message ${i}` })),
  );
  expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
  expect(answers.filter((a) => a.status === 402)).toHaveLength(40);
  expect(await creditsOf(sender.id)).toBe(0);
  const stored = await api.db.selectFrom("messages").select("id").where("sender_id", "=", sender.id).execute();
  expect(stored).toHaveLength(10);
  expect(await checkLedger(api.db)).toEqual({ balances: [], purchases: [], returns: [] });
});

test("a free member starts two conversations, not a third; replies and premium members are not limited", async () => {
  const free = await member(1000);
  const [a, b, c] = [await member(), await member(), await member()];
  expect((await send(free.cookie, { to: a.id, text: "One" })).status).toBe(200);
  expect((await send(free.cookie, { to: b.id, text: "Two" })).status).toBe(200);
  const third = await send(free.cookie, { to: c.id, text: "Three" });
  expect(third.status).toBe(403);
  expect(third.body).toMatchObject({
    error: "premium_required",
    message: "This feature is only available for premium members.",
  });
  expect((await send(free.cookie, { to: a.id, text: "Again" })).status).toBe(200);
  // c writing to the free member starts c's conversation, not the free member's.
  const rich = await member(100, { paid: true });
  expect((await send(rich.cookie, { to: free.id, text: "Hi" })).status).toBe(200);
  expect((await send(free.cookie, { to: rich.id, text: "Hi back" })).status).toBe(200);
  expect((await send(rich.cookie, { to: a.id, text: "Hi a" })).status).toBe(200);
  expect((await send(rich.cookie, { to: b.id, text: "Hi b" })).status).toBe(200);
});

test("a text longer than message_length is refused, not cut; an empty one too", async () => {
  const anna = await member(100);
  const ben = await member();
  const long = await send(anna.cookie, { to: ben.id, text: "x".repeat(1001) });
  expect(long.status).toBe(400);
  expect(long.body.data).toMatchObject({ fields: { text: "chat.tooLong" }, max: 1000 });
  expect((await send(anna.cookie, { to: ben.id, text: "   " })).status).toBe(400);
  expect(await creditsOf(anna.id)).toBe(100);
});

test("blocked pairs cannot write; nobody reads or deletes a conversation that is not theirs", async () => {
  const anna = await member(100);
  const ben = await member(100);
  const eve = await member(100);
  const { conversation } = messageSendResponseSchema.parse((await send(anna.cookie, { to: ben.id, text: "Hi" })).body);
  expect(
    (await api.call(`/api/messages.php?conversation=${conversation}`, { domain, cookie: eve.cookie })).status,
  ).toBe(404);
  expect((await send(eve.cookie, { conversation, text: "Me too" })).status).toBe(404);
  expect(
    (await api.call("/api/chat.php", { method: "DELETE", domain, cookie: eve.cookie, body: { conversation } })).status,
  ).toBe(404);

  const unreadOf = async (cookie: string) =>
    (await api.call("/api/user.php", { domain, cookie })).body.user.unread_messages as number;
  expect(await unreadOf(ben.cookie)).toBe(1);

  await api.call(`/api/block.php`, { method: "POST", domain, cookie: ben.cookie, body: { id: anna.id } });
  const blocked = await send(anna.cookie, { conversation, text: "Still there?" });
  expect(blocked.status).toBe(403);
  // Gone from both lists, and the blocked member's message from the blocker's unread count.
  expect((await chatsOf(anna.cookie)).chats).toEqual([]);
  expect((await chatsOf(ben.cookie)).chats).toEqual([]);
  expect(await unreadOf(ben.cookie)).toBe(0);
});

test("a suspended member's messages leave the unread count while the suspension lasts, and come back after", async () => {
  const anna = await member(100);
  const ben = await member();
  expect((await send(anna.cookie, { to: ben.id, text: "Hi" })).status).toBe(200);
  const unreadOf = async () =>
    (await api.call("/api/user.php", { domain, cookie: ben.cookie })).body.user.unread_messages as number;
  expect(await unreadOf()).toBe(1);
  const suspendUntil = (at: Date) =>
    api.db.updateTable("users").set({ suspended_until: at.toISOString() }).where("id", "=", anna.id).execute();
  await suspendUntil(new Date(Date.now() + 86_400_000));
  expect(await unreadOf()).toBe(0);
  await suspendUntil(new Date(Date.now() - 1_000));
  expect(await unreadOf()).toBe(1);
});

test("deleting by profile removes all conversations with that member from one list, and no one else's", async () => {
  const anna = await member(100);
  const ben = await member(100);
  const carl = await member(100);
  await send(anna.cookie, { to: ben.id, text: "Hi Ben" });
  await send(ben.cookie, { to: anna.id, text: "Hi Anna" });
  await send(anna.cookie, { to: carl.id, text: "Hi Carl" });
  const remove = (cookie: string, body: Record<string, unknown>) =>
    api.call("/api/chat.php", { method: "DELETE", domain, cookie, body });

  const removed = await remove(anna.cookie, { profile: ben.id });
  expect(removed.status).toBe(200);
  expect(removed.body).toEqual({ ok: true });
  expect((await chatsOf(anna.cookie)).chats.map((c) => c.profile.id)).toEqual([carl.id]);
  expect((await chatsOf(ben.cookie)).chats.map((c) => c.profile.id)).toEqual([anna.id]);
  // Nothing left to remove is no error; a member with whom there is no conversation neither.
  expect((await remove(anna.cookie, { profile: ben.id })).status).toBe(200);
  expect((await remove(carl.cookie, { profile: ben.id })).status).toBe(200);
  expect((await chatsOf(ben.cookie)).chats).toHaveLength(1);
  // One of the two, never both or neither.
  expect((await remove(anna.cookie, {})).status).toBe(400);
  expect((await remove(anna.cookie, { profile: carl.id, conversation: 1 })).status).toBe(400);
});

test("deleting a conversation empties it for one member only; a new message brings it back", async () => {
  const anna = await member(100);
  const ben = await member(100);
  const { conversation } = messageSendResponseSchema.parse((await send(anna.cookie, { to: ben.id, text: "Hi" })).body);
  const removed = await api.call("/api/chat.php", {
    method: "DELETE",
    domain,
    cookie: anna.cookie,
    body: { conversation },
  });
  expect(removed.status).toBe(200);
  expect((await chatsOf(anna.cookie)).chats).toEqual([]);
  expect((await chatsOf(ben.cookie)).chats).toHaveLength(1);
  await send(ben.cookie, { conversation, text: "Why?" });
  const page = messagesResponseSchema.parse(
    (await api.call(`/api/messages.php?conversation=${conversation}`, { domain, cookie: anna.cookie })).body,
  );
  expect(page.messages.map((m) => m.text)).toEqual(["Why?"]);
});
