import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import sharp from "sharp";
import {
  createMember,
  demo,
  expect,
  fill,
  say,
  skipEntryWarning,
  strings,
  type TestMember,
  test,
} from "./support/fixtures";

const { en } = strings;
const baseURL = () => `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/** The journey's one `goto`: the login page, which returns to `path` afterwards, as a link from a mail would. */
async function logInTo(page: Page, member: { email: string; password: string }, path: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
  if (await page.getByRole("dialog").count()) await skipEntryWarning(page);
  await page.getByLabel(en.login.email).fill(member.email);
  await page.getByLabel(en.login.password).fill(member.password);
  await page.getByRole("button", { name: en.login.submit }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
}

/** A member's own API session, for what happens before the journey (another member writing, a photo uploaded). */
async function apiSession(member: { email: string; password: string }): Promise<APIRequestContext> {
  const session = await playwrightRequest.newContext({ baseURL: baseURL() });
  expect((await session.post("/api/user.php", { data: member })).status()).toBe(200);
  return session;
}

async function sendText(session: APIRequestContext, to: number, text: string) {
  return session.post("/api/message.php", {
    data: { to, text },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
}

test("the top bar and the conversation list name an unread count once, not its digit and then its words", async ({
  page,
  request,
}) => {
  const anna: TestMember = await createMember(request, { gender: "female", seeking: "male" });
  // The premium demo member (170 credits) writes to Anna, so she has one unread message.
  const premium = await apiSession(demo.premium);
  expect((await sendText(premium, anna.id, "Hello Anna")).ok()).toBe(true);
  await premium.dispose();

  await logInTo(page, anna, "/members");
  // The visible digit is hidden from assistive technology: the link is named once, by its words.
  const nav = page.getByRole("navigation", { name: en.nav.main });
  await expect(
    nav.getByRole("link", { name: `${en.nav.messages} ${say("en", "nav.unreadCount", { count: 1 })}`, exact: true }),
  ).toBeVisible();
  await nav.getByRole("link", { name: en.nav.messages }).click();
  // The same in the conversation list: the digit is shown, and heard once, in words.
  const item = page.getByRole("link", { name: new RegExp(`^${demo.premium.name}`) });
  await expect(item).toContainText("1");
  await expect(item).toHaveAccessibleName(new RegExp(` ${say("en", "nav.unreadCount", { count: 1 })}$`));
  await expect(item).not.toHaveAccessibleName(/ 1 1 unread/);
});

test("the premium member's chat shows 170 credits, the gifts' money prices, and the times of an English reader in Britain", async ({
  page,
  request,
}) => {
  // A member in Britain who reads English writes to the premium demo member.
  const ben = await createMember(request, { gender: "male", seeking: "female", country: "GB" });
  const session = await apiSession(ben);
  expect((await sendText(session, await premiumId(), "Hi from London")).ok()).toBe(true);
  await session.dispose();

  await logInTo(page, ben, "/chats");
  await page.getByRole("link", { name: new RegExp(`^${demo.premium.name}`) }).click();
  // en-GB: day, month, year, 24-hour clock ("26 Nov 2026, 16:36"), not the US "11/26/26, 4:36 PM".
  const time = page.locator(".chat-messages time").first();
  await expect(time).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
  // The conversation list says the time as Britain does too (today: 16:36).
  await expect(page.locator(".chat-list time").first()).toHaveText(/^\d{2}:\d{2}$/);

  // The gift catalogue: each gift with its price in credits and in money, as the send button shows it.
  await page.getByRole("link", { name: /^Send a gift, 20 credits \(£\d+\.\d\d\)/ }).click();
  const gifts = page.getByRole("list", { name: en.chat.gifts });
  await expect(gifts.getByRole("button")).toHaveCount(6);
  for (const button of await gifts.getByRole("button").all()) {
    await expect(button).toHaveText(/\d+ credits \(£\d+\.\d\d\)$/);
  }
});

test("the premium member's chat badge shows the whole balance, never 99+", async ({ page, request }) => {
  const carl = await createMember(request, { gender: "male", seeking: "female" });
  const session = await apiSession(demo.premium);
  const { user } = await (await session.get("/api/user.php")).json();
  await session.dispose();
  // The demo's 170 credits, less what other journeys of this run spent: still above the badges' cap of 99.
  expect(user.credits).toBeGreaterThan(99);
  await logInTo(page, demo.premium, `/members/${carl.id}`);
  await page.getByRole("link", { name: en.profile.message }).click();
  // The badge is a coin icon and the number on a phone; its name says the whole balance in words.
  const badge = page.locator(".chat-top-bar").getByRole("link", { name: /credits$/ });
  await expect(badge).toHaveAccessibleName(`${user.credits} credits`);
  await expect(badge).toHaveText(String(user.credits));
});

test("/chats offers 'Check for new messages' without an open conversation", async ({ page, request }) => {
  const dora = await createMember(request, { gender: "female", seeking: "male" });
  const premium = await apiSession(demo.premium);
  expect((await sendText(premium, dora.id, "Hello Dora")).ok()).toBe(true);
  await premium.dispose();
  await logInTo(page, dora, "/chats");
  await page.getByRole("link", { name: en.chat.refresh }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByRole("link", { name: new RegExp(`^${demo.premium.name}`) })).toBeVisible();
});

test("a refused send is listed in /transactions as not charged, in words", async ({ page, request }) => {
  const [eve, finn, gus] = await Promise.all([
    createMember(request, { gender: "female", seeking: "male" }),
    createMember(request, { gender: "male", seeking: "female" }),
    createMember(request, { gender: "male", seeking: "female" }),
  ]);
  const session = await apiSession(eve);
  // The 20 welcome credits pay for two messages; the third is refused.
  expect((await sendText(session, finn.id, "one")).ok()).toBe(true);
  expect((await sendText(session, gus.id, "two")).ok()).toBe(true);
  expect((await sendText(session, finn.id, "three")).status()).toBe(402);
  await session.dispose();

  await logInTo(page, eve, "/transactions");
  const refused = page
    .getByRole("row")
    .filter({ hasText: fill(en.transactions.refused, { kind: en.transactions.kinds.message }) });
  await expect(refused).toHaveCount(1);
  await expect(refused.getByRole("cell").nth(2)).toHaveText(en.transactions.notCharged);
  await expect(refused.locator("del")).toHaveCount(0);
});

test("each Approve and Reject button on /moderation names the member whose photo it decides", async ({
  page,
  request,
}) => {
  const hanna = await createMember(request, { gender: "female", seeking: "male" });
  const session = await apiSession(hanna);
  const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#3a6" } })
    .jpeg()
    .toBuffer();
  const upload = await session.post("/api/photo.php", { data: photo, headers: { "Content-Type": "image/jpeg" } });
  expect(upload.ok()).toBe(true);
  await session.dispose();

  await logInTo(page, demo.moderator, "/moderation");
  const card = page.getByRole("article", { name: new RegExp(`^${hanna.name}, `) });
  const named = new RegExp(`^${en.moderation.approve} ${hanna.name}, \\d+, `);
  await expect(card.getByRole("button", { name: named })).toBeVisible();
  await expect(
    card.getByRole("button", { name: new RegExp(`^${en.moderation.reject} ${hanna.name}, \\d+, `) }),
  ).toBeVisible();
  // No two buttons of the page share a name.
  const names = await page
    .getByRole("button", { name: new RegExp(`^(${en.moderation.approve}|${en.moderation.reject})`) })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-labelledby")));
  expect(names.every((n) => n !== null)).toBe(true);
});

/** The premium demo member's id, as the API tells a visitor who opens his profile by the search. */
async function premiumId() {
  const session = await apiSession(demo.premium);
  const { user } = await (await session.get("/api/user.php")).json();
  await session.dispose();
  return user.id as number;
}
