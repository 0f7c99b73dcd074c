import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { purgeDeletedAccounts } from "../../api/accounts/lifecycle.service";
import { localDiskStorage } from "../../api/adapters/storage";
import { inProcessBus, type MemberEvent } from "../../api/events/event-bus";
import { clearSiteCache } from "../../api/settings/settings.service";
import {
  chatsResponseSchema,
  giftsResponseSchema,
  messageSendResponseSchema,
  messagesResponseSchema,
} from "../../contract/chat";
import { giftIds, giftImage } from "../../contract/gifts";
import { gpsTaggedJpeg, pngClaiming } from "../support/images";
import { createSite } from "./support/factories";
import { giveCredits, loggedInMember, startTestApi, type TestApi } from "./support/test-api";

type Site = { id: number; domain: string };
type Member = Awaited<ReturnType<typeof loggedInMember>>;

const events = inProcessBus();
let api: TestApi;
let site: Site;
/** The site's prices and limits, as its row has them. */
let prices: { photo: number; gift: number; message: number; messageLength: number };

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "100000" }, { events });
  site = await createSite(api.db);
  const row = await api.db.selectFrom("sites").selectAll().where("id", "=", site.id).executeTakeFirstOrThrow();
  prices = {
    photo: row.photo_credits,
    gift: row.gift_credits,
    message: row.message_credits,
    messageLength: row.message_length,
  };
  // Prices that could not tell one kind of message from another would prove nothing.
  expect(new Set([prices.photo, prices.gift, prices.message]).size).toBe(3);
});
afterAll(async () => {
  await api.close();
  await events.close();
});

let keys = 0;
const newKey = () => `media-key-${Date.now()}-${keys++}`;

/** A logged-in member of `on` holding `credits` (given through the ledger, as a purchase would). */
async function member(credits = 0, on: Site = site): Promise<Member> {
  const m = await loggedInMember(api, on.domain, { siteId: on.id });
  if (credits) await giveCredits(api.db, m.id, credits);
  return m;
}

function send(cookie: string, body: Record<string, unknown>, key = newKey(), domain = site.domain) {
  return api.call("/api/message.php", { method: "POST", domain, cookie, body, headers: { "idempotency-key": key } });
}
const post = (path: string, cookie: string, body: unknown, domain = site.domain) =>
  api.call(path, { method: "POST", domain, cookie, body });

/** POST message-photo.php with the photo as the raw body, as the chat page uploads it. */
async function sendPhoto(
  cookie: string,
  recipient: { conversation: number } | { to: number },
  bytes: Uint8Array,
  key = newKey(),
  domain = site.domain,
) {
  const query = "conversation" in recipient ? `conversation=${recipient.conversation}` : `to=${recipient.to}`;
  const response = await fetch(`${api.url}/api/message-photo.php?${query}`, {
    method: "POST",
    headers: {
      "x-forwarded-host": domain,
      cookie,
      "content-type": "application/octet-stream",
      "idempotency-key": key,
    },
    body: new Uint8Array(bytes),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** GET chat-photo.php: the status, the content type and the bytes (`cookie` undefined: logged out). */
async function photoOf(
  cookie: string | undefined,
  message: number,
  width = 320,
  format: "webp" | "jpeg" = "webp",
  domain = site.domain,
) {
  const headers: Record<string, string> = { "x-forwarded-host": domain };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${api.url}/api/chat-photo.php?message=${message}&width=${width}&format=${format}`, {
    headers,
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function messagesOf(cookie: string, conversation: number, extra = "", domain = site.domain) {
  const answer = await api.call(`/api/messages.php?conversation=${conversation}${extra}`, { domain, cookie });
  expect(answer.status).toBe(200);
  return messagesResponseSchema.parse(answer.body);
}
const chatsOf = async (cookie: string, domain = site.domain) =>
  chatsResponseSchema.parse((await api.call("/api/chats.php", { domain, cookie })).body);
const creditsOf = async (id: number) =>
  (await api.db.selectFrom("users").select("credits").where("id", "=", id).executeTakeFirstOrThrow()).credits;
const messagesSentBy = (id: number) =>
  api.db.selectFrom("messages").select(["id", "kind"]).where("sender_id", "=", id).execute();

/** Every file under the chat photos' storage folder (folders themselves left out), relative to it. */
async function storedChatFiles() {
  const root = path.join(api.dataDir, "private", "chat");
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** A JPEG with some detail, so that its re-encoded sizes are real pictures. */
const jpeg = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#3a7",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .jpeg()
    .toBuffer();

/** Anna (with credits) has written to Ben: their conversation and that first message's id. */
async function pair(annaCredits = 200, benCredits = 0) {
  const anna = await member(annaCredits);
  const ben = await member(benCredits);
  const sent = messageSendResponseSchema.parse((await send(anna.cookie, { to: ben.id, text: "Hi Ben" })).body);
  return { anna, ben, conversation: sent.conversation, first: sent.message.id };
}

describe("photos", () => {
  test("a photo costs photo_credits, shows to both members with its size, and only they load it", async () => {
    const anna = await member(100);
    const ben = await member();
    const eve = await member(100);

    const sent = await sendPhoto(anna.cookie, { to: ben.id }, await jpeg(1200, 900));
    expect(sent.status).toBe(200);
    const { message, conversation, credits } = messageSendResponseSchema.parse(sent.body);
    expect(message).toMatchObject({
      kind: "photo",
      text: null,
      gift: null,
      mine: true,
      credits: prices.photo,
      photo: { status: "approved", width: 800, height: 600 },
    });
    expect(credits).toBe(100 - prices.photo);
    expect(await creditsOf(anna.id)).toBe(100 - prices.photo);

    const annaPage = await messagesOf(anna.cookie, conversation);
    expect(annaPage.messages).toEqual([message]);
    const benPage = await messagesOf(ben.cookie, conversation);
    expect(benPage.messages).toMatchObject([
      {
        id: message.id,
        kind: "photo",
        mine: false,
        credits: 0,
        photo: { status: "approved", width: 800, height: 600 },
      },
    ]);

    // The photo itself once Ben chose to see the photos of this conversation ("photo consent" below: not before).
    expect((await post("/api/chat-reveal.php", ben.cookie, { conversation })).status).toBe(200);
    const small = await photoOf(ben.cookie, message.id, 320, "webp");
    expect(small.status).toBe(200);
    expect(small.type).toBe("image/webp");
    expect(await sharp(small.bytes).metadata()).toMatchObject({ format: "webp", width: 320, height: 240 });
    const large = await photoOf(ben.cookie, message.id, 800, "jpeg");
    expect(large.status).toBe(200);
    expect(large.type).toBe("image/jpeg");
    expect(await sharp(large.bytes).metadata()).toMatchObject({ format: "jpeg", width: 800, height: 600 });
    expect((await photoOf(anna.cookie, message.id, 800, "webp")).status).toBe(200);

    const stranger = await photoOf(eve.cookie, message.id);
    expect(stranger.status).toBe(404);
    expect(JSON.parse(stranger.bytes.toString())).toMatchObject({ error: "not_found" });
    const loggedOut = await photoOf(undefined, message.id);
    expect(loggedOut.status).toBe(403);
    expect(loggedOut.type).toMatch(/json/);
    // A width it was not encoded to is no way around the variants.
    expect((await photoOf(ben.cookie, message.id, 1600, "webp")).status).toBe(400);
  });

  test("a photo to an existing conversation costs the photo price and is the newest message there", async () => {
    const { anna, ben, conversation } = await pair(100);
    const before = await creditsOf(anna.id);
    const sent = await sendPhoto(anna.cookie, { conversation }, await jpeg(200, 300));
    expect(sent.status).toBe(200);
    // Never enlarged: a small photo keeps its own size.
    expect(sent.body.message.photo).toEqual({ status: "approved", width: 200, height: 300 });
    expect(sent.body.conversation).toBe(conversation);
    expect(await creditsOf(anna.id)).toBe(before - prices.photo);
    expect((await messagesOf(ben.cookie, conversation)).messages.map((m) => m.kind)).toEqual(["text", "photo"]);
    await post("/api/chat-reveal.php", ben.cookie, { conversation });
    const variant = await photoOf(ben.cookie, sent.body.message.id, 800, "jpeg");
    expect(await sharp(variant.bytes).metadata()).toMatchObject({ width: 200, height: 300 });
  });

  test("text renamed .jpg and a pixel bomb are refused by content: nothing charged, written or stored", async () => {
    const anna = await member(100);
    const ben = await member();
    const filesBefore = await storedChatFiles();

    const text = await sendPhoto(anna.cookie, { to: ben.id }, Buffer.from("Dear Ben, this is photo.jpg, honestly.\n"));
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ error: "validation_failed", data: { fields: { photo: "chat.photoNotImage" } } });

    const bomb = await pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1000);
    const refused = await sendPhoto(anna.cookie, { to: ben.id }, bomb);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: "validation_failed",
      data: { fields: { photo: "chat.photoTooManyPixels" } },
    });

    const empty = await sendPhoto(anna.cookie, { to: ben.id }, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(empty.body.data.fields.photo).toBe("validation.required");

    expect(await creditsOf(anna.id)).toBe(100);
    expect(await messagesSentBy(anna.id)).toEqual([]);
    expect((await chatsOf(ben.cookie)).chats).toEqual([]);
    expect(await storedChatFiles()).toEqual(filesBefore);
  });

  test("a GPS-tagged photo is accepted and every stored variant comes back without EXIF", async () => {
    const anna = await member(100);
    const ben = await member();
    const tagged = await gpsTaggedJpeg();
    const input = await sharp(tagged).metadata();
    expect(input.exif).toBeDefined();
    expect(input.exif!.includes("TellTaleCam")).toBe(true);

    const sent = await sendPhoto(anna.cookie, { to: ben.id }, tagged);
    expect(sent.status).toBe(200);
    await post("/api/chat-reveal.php", ben.cookie, { conversation: sent.body.conversation });
    for (const width of [320, 800])
      for (const format of ["webp", "jpeg"] as const) {
        const variant = await photoOf(ben.cookie, sent.body.message.id, width, format);
        expect(variant.status).toBe(200);
        const metadata = await sharp(variant.bytes).metadata();
        expect(metadata).toMatchObject({ format, width });
        expect(metadata.exif).toBeUndefined();
        expect(variant.bytes.includes("TellTaleCam")).toBe(false);
      }
  });

  test("a photo sent again under the same key is one message, one charge and one set of files", async () => {
    const anna = await member(100);
    const ben = await member();
    const photo = await jpeg(640, 480);
    const key = newKey();
    const filesBefore = (await storedChatFiles()).length;

    const first = await sendPhoto(anna.cookie, { to: ben.id }, photo, key);
    const again = await sendPhoto(anna.cookie, { to: ben.id }, photo, key);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.message).toEqual(first.body.message);
    expect(again.body.credits).toBe(100 - prices.photo);
    expect(await creditsOf(anna.id)).toBe(100 - prices.photo);
    expect(await messagesSentBy(anna.id)).toHaveLength(1);
    // Two widths in two formats and the blurred preview, once.
    expect((await storedChatFiles()).length).toBe(filesBefore + 5);
  });

  test("a photo sent twice at once under the same key is one message and one charge", async () => {
    const anna = await member(100);
    const ben = await member();
    const photo = await jpeg(640, 480);
    const key = newKey();
    const twins = await Promise.all([
      sendPhoto(anna.cookie, { to: ben.id }, photo, key),
      sendPhoto(anna.cookie, { to: ben.id }, photo, key),
    ]);
    expect(twins.map((t) => t.status)).toEqual([200, 200]);
    expect(twins[1]!.body.message.id).toBe(twins[0]!.body.message.id);
    expect(await creditsOf(anna.id)).toBe(100 - prices.photo);
    expect(await messagesSentBy(anna.id)).toHaveLength(1);
  });

  // Known bug (api/chat/chat.routes.ts, message-photo.php): both twins store their files; the one whose insert lost to
  // the other's gets the other's message back from sendMessage without an error, so its files are never removed.
  // Remove `.fails` once the route removes the files of a send that was not the one written.
  test("a photo sent twice at once under the same key leaves one set of files", async () => {
    const anna = await member(100);
    const ben = await member();
    const photo = await jpeg(640, 480);
    const key = newKey();
    const filesBefore = (await storedChatFiles()).length;
    await Promise.all([
      sendPhoto(anna.cookie, { to: ben.id }, photo, key),
      sendPhoto(anna.cookie, { to: ben.id }, photo, key),
    ]);
    expect(await messagesSentBy(anna.id)).toHaveLength(1);
    expect((await storedChatFiles()).length).toBe(filesBefore + 5);
  });

  test("a photo the balance cannot pay for is refused with 402 and leaves no files behind", async () => {
    const { anna, ben, conversation } = await pair(100);
    const filesBefore = await storedChatFiles();
    // Ben has no credits: neither his reply in the conversation nor a first photo to someone new goes out.
    const reply = await sendPhoto(ben.cookie, { conversation }, await jpeg(400, 300));
    expect(reply.status).toBe(402);
    expect(reply.body).toMatchObject({ error: "insufficient_credits" });
    const carol = await member();
    const opening = await sendPhoto(ben.cookie, { to: carol.id }, await jpeg(400, 300));
    expect(opening.status).toBe(402);
    expect(await storedChatFiles()).toEqual(filesBefore);
    expect(await messagesSentBy(ben.id)).toEqual([]);
    expect((await chatsOf(carol.cookie)).chats).toEqual([]);
    expect((await messagesOf(anna.cookie, conversation)).messages.map((m) => m.kind)).toEqual(["text"]);
    const refusals = await api.db.selectFrom("credit_ledger").selectAll().where("user_id", "=", ben.id).execute();
    expect(refusals).toMatchObject([
      { reason: "photo", refused: 1, delta: -prices.photo },
      { reason: "photo", refused: 1, delta: -prices.photo },
    ]);
  });

  test("with chat photo moderation on, a photo is pending: its sender loads it, the receiver does not", async () => {
    const moderated = await createSite(api.db);
    await api.db.updateTable("sites").set({ chat_photo_moderation: 1 }).where("id", "=", moderated.id).execute();
    clearSiteCache();
    const anna = await member(100, moderated);
    const ben = await member(0, moderated);

    const sent = await sendPhoto(anna.cookie, { to: ben.id }, await jpeg(900, 600), newKey(), moderated.domain);
    expect(sent.status).toBe(200);
    expect(sent.body.message.photo).toEqual({ status: "pending", width: 800, height: 533 });
    expect(await creditsOf(anna.id)).toBe(100 - prices.photo);
    const conversation = sent.body.conversation as number;
    for (const who of [anna, ben]) {
      const page = await messagesOf(who.cookie, conversation, "", moderated.domain);
      expect(page.messages).toMatchObject([{ id: sent.body.message.id, kind: "photo", photo: { status: "pending" } }]);
    }
    await post("/api/chat-reveal.php", ben.cookie, { conversation }, moderated.domain);
    expect((await photoOf(ben.cookie, sent.body.message.id, 320, "webp", moderated.domain)).status).toBe(404);
    expect((await previewOf(ben.cookie, sent.body.message.id, moderated.domain)).status).toBe(404);
    expect((await photoOf(anna.cookie, sent.body.message.id, 320, "webp", moderated.domain)).status).toBe(200);

    // Approved by a moderator, the receiver loads it too.
    await api.db
      .updateTable("messages")
      .set({ photo_status: "approved" })
      .where("id", "=", sent.body.message.id)
      .execute();
    expect((await photoOf(ben.cookie, sent.body.message.id, 320, "webp", moderated.domain)).status).toBe(200);
  });
});

/** GET chat-photo-preview.php: the blurred small picture a receiver gets before consenting. */
async function previewOf(cookie: string | undefined, message: number, domain = site.domain) {
  const headers: Record<string, string> = { "x-forwarded-host": domain };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${api.url}/api/chat-photo-preview.php?message=${message}`, { headers });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const variants = [320, 800].flatMap((width) => (["webp", "jpeg"] as const).map((format) => ({ width, format })));

describe("photo consent", () => {
  test("before the receiver consents, no width or format of the photo reaches them: only its blurred preview", async () => {
    const { anna, ben, conversation } = await pair(100);
    const eve = await member();
    const sent = await sendPhoto(anna.cookie, { conversation }, await jpeg(1200, 900));
    expect(sent.status).toBe(200);
    const id = sent.body.message.id as number;

    // The sender always sees her own photo.
    const own = await Promise.all(variants.map(({ width, format }) => photoOf(anna.cookie, id, width, format)));
    expect(own.map((v) => v.status)).toEqual([200, 200, 200, 200]);

    for (const { width, format } of variants) {
      const refused = await photoOf(ben.cookie, id, width, format);
      expect([width, format, refused.status]).toEqual([width, format, 404]);
      expect(JSON.parse(refused.bytes.toString())).toMatchObject({ error: "not_found" });
    }
    const preview = await previewOf(ben.cookie, id);
    expect(preview.status).toBe(200);
    expect(preview.type).toBe("image/jpeg");
    for (const variant of own) expect(preview.bytes.equals(variant.bytes)).toBe(false);
    // Made by the server, not blurred by the browser: as wide as the small photo, with none of its detail.
    const small = own[1]!.bytes;
    expect(await sharp(preview.bytes).metadata()).toMatchObject({ format: "jpeg", width: 320, height: 240 });
    const [photoSharpness, previewSharpness] = await Promise.all(
      [small, preview.bytes].map(async (bytes) => (await sharp(bytes).stats()).sharpness),
    );
    expect(previewSharpness).toBeLessThan(photoSharpness! / 10);
    // Stored beside the photo, through the same storage.
    expect((await storedChatFiles()).filter((file) => file.startsWith(`${conversation}/`))).toHaveLength(5);

    // Nobody else gets even the preview.
    expect((await previewOf(eve.cookie, id)).status).toBe(404);
    expect((await previewOf(undefined, id)).status).toBe(403);

    // Once Ben chooses to see the photos of this conversation, he gets the photo itself, the same bytes as Anna.
    expect((await post("/api/chat-reveal.php", ben.cookie, { conversation })).body).toEqual({ ok: true });
    for (const [i, { width, format }] of variants.entries()) {
      const shown = await photoOf(ben.cookie, id, width, format);
      expect(shown.status).toBe(200);
      expect(shown.bytes.equals(own[i]!.bytes)).toBe(true);
    }
  });

  test("a photo stored before previews existed gets its preview at its first showing", async () => {
    const { anna, ben, conversation } = await pair(100);
    const sent = await sendPhoto(anna.cookie, { conversation }, await jpeg(640, 480));
    const id = sent.body.message.id as number;
    const stored = (await storedChatFiles()).filter((file) => file.endsWith("-preview.jpg"));
    const mine = stored.find((file) => file.startsWith(`${conversation}/`))!;
    await fs.rm(path.join(api.dataDir, "private", "chat", mine));

    const preview = await previewOf(ben.cookie, id);
    expect(preview.status).toBe(200);
    expect(await sharp(preview.bytes).metadata()).toMatchObject({ format: "jpeg", width: 320, height: 240 });
    expect(await storedChatFiles()).toContain(mine);
  });
});

describe("gifts", () => {
  test("gifts.php lists the catalogue at the site's gift_credits", async () => {
    const answer = await api.call("/api/gifts.php", { domain: site.domain });
    expect(answer.status).toBe(200);
    const { gifts } = giftsResponseSchema.parse(answer.body);
    expect(gifts.map((g) => g.id)).toEqual([...giftIds]);
    for (const gift of gifts) expect(gift).toEqual({ id: gift.id, image: giftImage(gift.id), credits: prices.gift });
  });

  test("a gift costs gift_credits and shows as a gift to both; an unknown gift is refused", async () => {
    const anna = await member(100);
    const ben = await member();
    const sent = await send(anna.cookie, { to: ben.id, gift: "rose" });
    expect(sent.status).toBe(200);
    const { message, conversation } = messageSendResponseSchema.parse(sent.body);
    expect(message).toMatchObject({ kind: "gift", gift: "rose", text: null, photo: null, credits: prices.gift });
    expect(await creditsOf(anna.id)).toBe(100 - prices.gift);
    expect((await messagesOf(anna.cookie, conversation)).messages).toMatchObject([
      { kind: "gift", gift: "rose", mine: true },
    ]);
    expect((await messagesOf(ben.cookie, conversation)).messages).toMatchObject([
      { kind: "gift", gift: "rose", mine: false, credits: 0 },
    ]);
    expect((await chatsOf(ben.cookie)).chats[0]!.conversation.last_message).toMatchObject({
      kind: "gift",
      gift: "rose",
    });

    const unknown = await send(anna.cookie, { conversation, gift: "yacht" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: "validation_failed", data: { fields: { gift: expect.any(String) } } });
    const both = await send(anna.cookie, { conversation, gift: "rose", text: "For you" });
    expect(both.status).toBe(400);
    expect(await creditsOf(anna.id)).toBe(100 - prices.gift);
    expect(await messagesSentBy(anna.id)).toHaveLength(1);
  });
});

describe("read marks, reveal and other members' conversations", () => {
  test("opening a conversation shows the sender it was read; chat-read moves the mark, never past the newest", async () => {
    const { anna, ben, conversation } = await pair();
    const second = (await send(anna.cookie, { conversation, text: "Are you there?" })).body.message.id as number;
    expect((await messagesOf(anna.cookie, conversation)).conversation.other_read_up_to).toBe(0);

    await messagesOf(ben.cookie, conversation);
    expect((await messagesOf(anna.cookie, conversation)).conversation.other_read_up_to).toBe(second);

    const third = (await send(anna.cookie, { conversation, text: "Three" })).body.message.id as number;
    const fourth = (await send(anna.cookie, { conversation, text: "Four" })).body.message.id as number;
    expect((await post("/api/chat-read.php", ben.cookie, { conversation, up_to: third })).body).toEqual({ ok: true });
    expect((await messagesOf(anna.cookie, conversation)).conversation.other_read_up_to).toBe(third);
    expect((await chatsOf(ben.cookie)).chats[0]!.num_unread_messages).toBe(1);

    // Never backwards; never past the newest message, so what comes next is still unread.
    await post("/api/chat-read.php", ben.cookie, { conversation, up_to: second });
    expect((await messagesOf(anna.cookie, conversation)).conversation.other_read_up_to).toBe(third);
    await post("/api/chat-read.php", ben.cookie, { conversation, up_to: fourth + 1000 });
    expect((await messagesOf(anna.cookie, conversation)).conversation.other_read_up_to).toBe(fourth);
    await send(anna.cookie, { conversation, text: "Five" });
    expect((await chatsOf(ben.cookie)).chats[0]!.num_unread_messages).toBe(1);
  });

  test("revealing photos holds for the member who chose it only", async () => {
    const { anna, ben, conversation } = await pair();
    expect((await messagesOf(ben.cookie, conversation)).conversation.photos_revealed).toBe(false);
    expect((await post("/api/chat-reveal.php", ben.cookie, { conversation })).body).toEqual({ ok: true });
    expect((await messagesOf(ben.cookie, conversation)).conversation.photos_revealed).toBe(true);
    expect((await messagesOf(anna.cookie, conversation)).conversation.photos_revealed).toBe(false);
  });

  test("another member's conversation is not found on chat-read, chat-reveal, typing and messages", async () => {
    const { anna, conversation, first } = await pair();
    const eve = await member(100);
    const heard: MemberEvent[] = [];
    const stop = events.subscribe(anna.id, (e) => heard.push(e));
    try {
      for (const [path, body] of [
        ["/api/chat-read.php", { conversation, up_to: first }],
        ["/api/chat-reveal.php", { conversation }],
        ["/api/typing.php", { conversation }],
      ] as const) {
        const answer = await post(path, eve.cookie, body);
        expect([path, answer.status, answer.body.error]).toEqual([path, 404, "not_found"]);
      }
      expect(
        (await api.call(`/api/messages.php?conversation=${conversation}`, { domain: site.domain, cookie: eve.cookie }))
          .status,
      ).toBe(404);
    } finally {
      stop();
    }
    expect(heard).toEqual([]);
    const marks = await api.db
      .selectFrom("conversation_marks")
      .select("user_id")
      .where("conversation_id", "=", conversation)
      .execute();
    expect(marks.map((m) => m.user_id)).not.toContain(eve.id);
  });
});

describe("live events", () => {
  test("a send rings both members once, reading rings the sender, typing rings the other member only", async () => {
    const { anna, ben, conversation } = await pair();
    const toAnna: MemberEvent[] = [];
    const toBen: MemberEvent[] = [];
    const stops = [events.subscribe(anna.id, (e) => toAnna.push(e)), events.subscribe(ben.id, (e) => toBen.push(e))];
    try {
      const sent = await send(anna.cookie, { conversation, text: "Live" });
      const id = sent.body.message.id as number;
      const ring = { userId: expect.any(Number), type: "message", conversation, id };
      expect(toAnna).toEqual([{ ...ring, userId: anna.id }]);
      expect(toBen).toEqual([{ ...ring, userId: ben.id }]);

      const photo = await sendPhoto(anna.cookie, { conversation }, await jpeg(300, 300));
      expect(toBen.at(-1)).toEqual({ userId: ben.id, type: "message", conversation, id: photo.body.message.id });
      expect(toBen).toHaveLength(2);
      toAnna.length = 0;
      toBen.length = 0;

      await messagesOf(ben.cookie, conversation);
      expect(toAnna).toEqual([{ userId: anna.id, type: "read", conversation, id: photo.body.message.id }]);
      expect(toBen).toEqual([]);
      // Reading again moves nothing and rings nobody.
      await messagesOf(ben.cookie, conversation);
      expect(toAnna).toHaveLength(1);
      toAnna.length = 0;

      expect((await post("/api/typing.php", ben.cookie, { conversation })).body).toEqual({ ok: true });
      expect(toAnna).toEqual([{ userId: anna.id, type: "typing", conversation }]);
      expect(toBen).toEqual([]);
    } finally {
      for (const stop of stops) stop();
    }
  });

  test("messages.php?after= gives only newer messages, oldest first, and does not mark them read", async () => {
    const { anna, ben, conversation } = await pair();
    const seen = await messagesOf(ben.cookie, conversation);
    const last = seen.messages.at(-1)!.id;
    const newer: number[] = [];
    for (const text of ["Two", "Three", "Four"])
      newer.push((await send(anna.cookie, { conversation, text })).body.message.id as number);

    const toAnna: MemberEvent[] = [];
    const stop = events.subscribe(anna.id, (e) => toAnna.push(e));
    try {
      const page = await messagesOf(ben.cookie, conversation, `&after=${last}`);
      expect(page.messages.map((m) => [m.id, m.text])).toEqual([
        [newer[0], "Two"],
        [newer[1], "Three"],
        [newer[2], "Four"],
      ]);
      expect(page.has_earlier).toBe(false);
      expect((await messagesOf(ben.cookie, conversation, `&after=${newer[1]}`)).messages.map((m) => m.id)).toEqual([
        newer[2],
      ]);
      expect((await messagesOf(ben.cookie, conversation, `&after=${newer[2]}`)).messages).toEqual([]);
    } finally {
      stop();
    }
    expect(toAnna).toEqual([]);
    const chats = await chatsOf(ben.cookie);
    expect(chats.chats[0]!.num_unread_messages).toBe(3);
    expect(chats.total_unread_messages).toBe(3);
    expect((await messagesOf(anna.cookie, conversation)).conversation.other_read_up_to).toBe(last);
  });
});

describe("texts and blocks", () => {
  test("a text longer than the site's message_length is refused with the limit and costs nothing", async () => {
    const anna = await member(100);
    const ben = await member();
    const long = await send(anna.cookie, { to: ben.id, text: "x".repeat(prices.messageLength + 1) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      error: "validation_failed",
      data: { fields: { text: "chat.tooLong" }, max: prices.messageLength },
    });
    expect(await creditsOf(anna.id)).toBe(100);
    expect(await messagesSentBy(anna.id)).toEqual([]);

    const fits = await send(anna.cookie, { to: ben.id, text: "x".repeat(prices.messageLength) });
    expect(fits.status).toBe(200);
    expect(await creditsOf(anna.id)).toBe(100 - prices.message);
  });

  test("after a block no photo goes out and the photos already sent are not found", async () => {
    const anna = await member(100);
    const ben = await member(100);
    const sent = await sendPhoto(anna.cookie, { to: ben.id }, await jpeg(500, 400));
    expect(sent.status).toBe(200);
    const photoId = sent.body.message.id as number;
    await post("/api/chat-reveal.php", ben.cookie, { conversation: sent.body.conversation });
    expect((await photoOf(ben.cookie, photoId)).status).toBe(200);

    expect((await post("/api/block.php", ben.cookie, { id: anna.id })).status).toBe(200);
    const credits = await creditsOf(anna.id);
    const filesBefore = await storedChatFiles();
    const blocked = await sendPhoto(anna.cookie, { to: ben.id }, await jpeg(500, 400));
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ error: "blocked" });
    const benToAnna = await sendPhoto(ben.cookie, { to: anna.id }, await jpeg(500, 400));
    expect(benToAnna.status).toBe(403);
    expect(await creditsOf(anna.id)).toBe(credits);
    expect(await storedChatFiles()).toEqual(filesBefore);
    expect(await messagesSentBy(anna.id)).toHaveLength(1);

    for (const who of [anna, ben]) expect((await photoOf(who.cookie, photoId)).status).toBe(404);
    expect((await previewOf(ben.cookie, photoId)).status).toBe(404);
  });

  // Known inconsistency (api/chat/chat.routes.ts calls conversationFor, whose ownOpenConversation hides a blocked
  // conversation): message-photo.php?conversation= answers 404 not_found after a block, where message.php with the
  // same conversation (and message-photo.php?to=) answer 403 blocked. Remove `.fails` once it answers 403.
  test("a photo to a blocked conversation is 403 blocked, as a text is", async () => {
    const anna = await member(100);
    const ben = await member(100);
    const sent = await sendPhoto(anna.cookie, { to: ben.id }, await jpeg(300, 200));
    const conversation = sent.body.conversation as number;
    await post("/api/block.php", ben.cookie, { id: anna.id });
    const text = await send(anna.cookie, { conversation, text: "Still there?" });
    expect([text.status, text.body.error]).toEqual([403, "blocked"]);
    const photo = await sendPhoto(anna.cookie, { conversation }, await jpeg(300, 200));
    expect([photo.status, photo.body.error]).toEqual([403, "blocked"]);
  });
});

describe("leaving", () => {
  test("the purge of a deleted account takes its conversations, their messages and photo files with it", async () => {
    const { anna, ben, conversation } = await pair();
    const photo = await sendPhoto(anna.cookie, { conversation }, await jpeg(400, 300));
    expect(photo.status).toBe(200);
    const inConversation = async () => (await storedChatFiles()).filter((file) => file.startsWith(`${conversation}/`));
    expect(await inConversation()).toHaveLength(5);
    // Ben left more than 14 days ago.
    await api.db
      .updateTable("users")
      .set({ status: "pending_deletion", deletion_requested_at: new Date(Date.now() - 15 * 86400_000).toISOString() })
      .where("id", "=", ben.id)
      .execute();
    const chatFiles = localDiskStorage(path.join(api.dataDir, "private"));
    const publicPhotos = localDiskStorage(path.join(api.dataDir, "uploads", "photos"));
    expect(await purgeDeletedAccounts(api.db, { publicPhotos, chatFiles })).toBeGreaterThanOrEqual(1);
    expect(await api.db.selectFrom("conversations").select("id").where("id", "=", conversation).execute()).toEqual([]);
    expect(
      await api.db.selectFrom("messages").select("id").where("conversation_id", "=", conversation).execute(),
    ).toEqual([]);
    expect(await inConversation()).toEqual([]);
    expect((await chatsOf(anna.cookie)).chats.map((c) => c.conversation.id)).not.toContain(conversation);
  });
});

describe("invisible mode", () => {
  test("an invisible member cannot start a conversation (nothing charged) but answers in the ones she has", async () => {
    const { anna, ben, conversation } = await pair();
    const carl = await member();
    expect(
      (
        await api.call("/api/invisible.php", {
          method: "PUT",
          domain: site.domain,
          cookie: anna.cookie,
          body: { invisible: true },
        })
      ).status,
    ).toBe(200);
    const credits = await creditsOf(anna.id);
    const refused = await send(anna.cookie, { to: carl.id, text: "Hi Carl" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("invisible");
    expect(await creditsOf(anna.id)).toBe(credits);
    expect((await send(anna.cookie, { conversation, text: "Still here" })).status).toBe(200);
    expect((await chatsOf(ben.cookie)).chats.map((c) => c.conversation.id)).toContain(conversation);
  });
});
