import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  createMember,
  expect,
  fill,
  logIn,
  openProfileFromSearch,
  strings,
  test,
  timeBonusPopupAlreadyClosed,
} from "./support/fixtures";

const { en } = strings;

// The journeys here are not about the time-bonus popup (credits-journey.spec.ts is): closed before on this device.
test.beforeEach(async ({ context }) => {
  await timeBonusPopupAlreadyClosed(context);
});

const hasScripts = (page: Page) => page.evaluate(() => "__reactRouterContext" in window);

/** Buys the first bundle in the sandbox, as a free member would: Get Premium in the top bar, then its offer. */
async function buyCredits(page: Page) {
  await page.getByRole("banner").getByRole("link", { name: en.nav.getPremium }).click();
  await page.getByRole("main").getByRole("link", { name: en.premium.cta }).click();
  await page
    .getByRole("link", { name: /^Buy \d+ credits$/ })
    .first()
    .click();
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: en.payment.title.completed })).toBeVisible();
}

/** From the search to the start of a conversation with that member, past the icebreaker. */
async function startConversation(page: Page, member: { name: string }) {
  await openProfileFromSearch(page, { name: member.name, gender: "male" });
  await page.getByRole("link", { name: en.profile.message }).click();
  await page.getByRole("link", { name: en.chat.icebreaker.close }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/** A new message on an open conversation: at once with JavaScript, after the refresh link without. */
async function expectArrival(page: Page, text: string) {
  if (!(await hasScripts(page))) await page.getByRole("link", { name: en.chat.refresh }).click();
  await expect(page.locator(".chat-messages").getByText(text)).toBeVisible();
}

test("two members exchange a text, a photo and a gift, see it arrive, and one deletes the conversation", async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  await logIn(page, anna);
  await buyCredits(page);

  // The profile's "Send a message" leads to the start of a conversation, with the icebreaker first.
  await openProfileFromSearch(page, { name: ben.name, gender: "male" });
  await page.getByRole("link", { name: en.profile.message }).click();
  const icebreaker = page.getByRole("dialog", { name: fill(en.chat.icebreaker.title, { name: ben.name }) });
  await expect(icebreaker).toBeVisible();
  await icebreaker.getByRole("link", { name: fill(en.chat.icebreaker.lines["2"], { name: ben.name }) }).click();
  await expect(icebreaker).toBeHidden();
  await expect(page.getByLabel(en.chat.writeLabel)).toHaveValue(
    fill(en.chat.icebreaker.lines["2"], { name: ben.name }),
  );
  await page.getByLabel(en.chat.writeLabel).fill("Hi Ben, coffee on Saturday?");
  await expect(page.getByText(/^Each message: 10 credits \(€\d+\.\d\d\)$/)).toBeVisible();
  await page.getByRole("button", { name: en.chat.send, exact: true }).click();
  await expect(page).toHaveURL(/\/chats\/\d+/);
  await expect(page.locator(".chat-messages").getByText("Hi Ben, coffee on Saturday?")).toBeVisible();

  // Ben sees the unread message in his top bar and title, opens it, and answers.
  const benContext = await browser.newContext({ ...testInfo.project.use });
  const benPage = await benContext.newPage();
  await logIn(benPage, ben);
  const messagesLink = benPage
    .getByRole("navigation", { name: en.nav.main })
    .getByRole("link", { name: en.nav.messages });
  await expect(messagesLink).toContainText("1");
  await expect(benPage).toHaveTitle(/^\(1\) /);
  await messagesLink.click();
  await benPage
    .getByRole("link", { name: new RegExp(anna.name) })
    .first()
    .click();
  await expect(benPage.locator(".chat-messages").getByText("Hi Ben, coffee on Saturday?")).toBeVisible();
  await expect(messagesLink).not.toContainText("1");
  await benPage.getByLabel(en.chat.writeLabel).fill("Yes! Where shall we meet?");
  await benPage.getByRole("button", { name: en.chat.send, exact: true }).click();
  await expect(benPage.locator(".chat-messages").getByText("Yes! Where shall we meet?")).toBeVisible();

  // Anna's open conversation receives it: live with JavaScript, by the refresh link without.
  await expectArrival(page, "Yes! Where shall we meet?");

  // A photo: the sender sees hers; the receiver sees it blurred until he chooses to see photos here.
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c06" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel(/^Photo \(/).setInputFiles({ name: "cafe.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: en.chat.sendPhoto }).click();
  await expect(page.getByRole("img", { name: en.chat.yourPhoto })).toBeVisible();
  await expectArrival(benPage, en.chat.showPhotos);
  const theirPhoto = benPage.getByRole("img", { name: en.chat.theirPhoto });
  await expect(theirPhoto).toHaveClass(/chat-photo-blurred/);
  expect(await theirPhoto.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(320);
  await benPage.getByRole("button", { name: en.chat.showPhotos }).click();
  await expect(benPage.getByRole("img", { name: en.chat.theirPhoto })).not.toHaveClass(/chat-photo-blurred/);

  // A gift, from the catalogue, shown to both.
  await page.getByRole("link", { name: /^Send a gift, 20 credits/ }).click();
  const rose = page.getByRole("button", { name: new RegExp(`^${en.gifts.names.rose}`) });
  expect(await rose.locator("img").evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(
    96,
  );
  await rose.click();
  const giftLine = fill(en.chat.giftSent, { gift: en.gifts.names.rose });
  await expect(page.locator(".chat-messages").getByText(giftLine)).toBeVisible();
  await expectArrival(benPage, giftLine);

  // Ben deletes the conversation: it leaves his list (Anna keeps hers).
  await messagesLink.click();
  const deleteButton = benPage.getByRole("link", { name: fill(en.chat.deleteWith, { name: anna.name }) });
  if (await hasScripts(benPage)) {
    await benPage.getByRole("button", { name: fill(en.chat.deleteWith, { name: anna.name }) }).click();
  } else {
    await deleteButton.click();
    await benPage.getByRole("button", { name: en.chat.delete }).click();
    await expect(benPage.getByText(en.chat.deleted)).toBeVisible();
  }
  await expect(benPage.getByText(en.chat.noChats)).toBeVisible();
  await benPage.reload();
  await expect(benPage.getByText(en.chat.noChats)).toBeVisible();
  await page.getByRole("navigation", { name: en.nav.main }).getByRole("link", { name: en.nav.messages }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByRole("link", { name: new RegExp(`^${ben.name}`) })).toBeVisible();
  await benContext.close();
});

test("a refused message keeps what was typed: too long, not enough credits, a third conversation without premium", async ({
  page,
  request,
}) => {
  const [anna, ben, carl, dan] = await Promise.all([
    createMember(request, { gender: "female", seeking: "male" }),
    createMember(request, { gender: "male", seeking: "female" }),
    createMember(request, { gender: "male", seeking: "female" }),
    createMember(request, { gender: "male", seeking: "female" }),
  ]);
  await logIn(page, anna);
  const write = page.getByLabel(en.chat.writeLabel);
  const send = page.getByRole("button", { name: en.chat.send, exact: true });

  await startConversation(page, ben);
  const long = "x".repeat(1001);
  await write.fill(long);
  await send.click();
  await expect(page.getByText(fill(en.chat.tooLong, { max: 1000 }))).toBeVisible();
  await expect(write).toHaveValue(long);

  // Her 20 welcome credits pay for two messages, each starting a conversation.
  await write.fill("Hello Ben");
  await send.click();
  await expect(page).toHaveURL(/\/chats\/\d+/);
  await startConversation(page, carl);
  await write.fill("Hello Carl");
  await send.click();
  await expect(page).toHaveURL(/\/chats\/\d+/);

  // A reply costs what she no longer has: said at the field, with the way to buy credits, and the text kept.
  await write.fill("Are you there?");
  await send.click();
  await expect(page.getByText(en.chat.notEnoughCredits)).toBeVisible();
  await expect(page.getByRole("alert").getByRole("link", { name: en.chat.buyCredits })).toHaveAttribute(
    "href",
    "/credits",
  );
  await expect(write).toHaveValue("Are you there?");

  // A third conversation is for premium members.
  await startConversation(page, dan);
  await write.fill("Hello Dan");
  await send.click();
  await expect(page.getByText(en.chat.premiumOnly)).toBeVisible();
  await expect(page.getByRole("alert").getByRole("link", { name: en.chat.getPremium })).toHaveAttribute(
    "href",
    "/premium",
  );
  await expect(write).toHaveValue("Hello Dan");
});

test("a chat photo reaches its receiver only as a blurred preview until he chooses to see photos: not by its address either", async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  await logIn(page, anna);
  await buyCredits(page);
  await page.goto(`/members/${ben.id}`);
  await page.getByRole("link", { name: en.profile.message }).click();
  await page.getByRole("link", { name: en.chat.icebreaker.no }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.getByLabel(en.chat.writeLabel).fill("A photo of the lake for you");
  await page.getByRole("button", { name: en.chat.send, exact: true }).click();
  await expect(page).toHaveURL(/\/chats\/\d+/);

  // The composer: an icon button named in the member's language opens the file picker; "Send photo" shows once a
  // file is chosen.
  const sendPhoto = page.getByRole("button", { name: en.chat.sendPhoto });
  await expect(sendPhoto).toBeHidden();
  const photo = await sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: "#39c",
      noise: { type: "gaussian", mean: 120, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  await page.getByLabel(/^Photo \(/).setInputFiles({ name: "lake.jpg", mimeType: "image/jpeg", buffer: photo });
  await sendPhoto.click();
  const mine = page.getByRole("img", { name: en.chat.yourPhoto });
  await expect(mine).toBeVisible();
  // The sender sees her own photo itself.
  const own = (await mine.evaluate((img: HTMLImageElement) => img.decode().then(() => img.currentSrc))).replace(
    /^https?:\/\/[^/]+/,
    "",
  );
  expect(own).toMatch(/^\/chat-photos\/\d+\/320\/(webp|jpeg)$/);
  const message = own.split("/")[2]!;

  // Ben opens the conversation: every photo address his browser asks for is watched.
  const benContext = await browser.newContext({ ...testInfo.project.use });
  const benPage = await benContext.newPage();
  const asked: string[] = [];
  benPage.on("request", (r) => {
    if (r.url().includes("/chat-photos/")) asked.push(new URL(r.url()).pathname);
  });
  await logIn(benPage, ben);
  await benPage.getByRole("navigation", { name: en.nav.main }).getByRole("link", { name: en.nav.messages }).click();
  await benPage
    .getByRole("link", { name: new RegExp(anna.name) })
    .first()
    .click();
  const theirs = benPage.getByRole("img", { name: en.chat.theirPhoto });
  await expect(theirs).toBeVisible();
  await expect.poll(() => theirs.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  expect(asked).toEqual([`/chat-photos/${message}/preview/jpeg`]);

  // Its address, in every width and format, answers Ben 404 before he consents; the sender gets it.
  for (const variant of ["320/webp", "320/jpeg", "800/webp", "800/jpeg"]) {
    expect((await benPage.request.get(`/chat-photos/${message}/${variant}`)).status()).toBe(404);
    expect((await page.request.get(`/chat-photos/${message}/${variant}`)).status()).toBe(200);
  }
  const preview = await benPage.request.get(`/chat-photos/${message}/preview/jpeg`);
  expect(preview.status()).toBe(200);
  const original = await page.request.get(`/chat-photos/${message}/320/jpeg`);
  expect(Buffer.compare(await preview.body(), await original.body())).not.toBe(0);
  expect((await sharp(await preview.body()).stats()).sharpness).toBeLessThan(
    (await sharp(await original.body()).stats()).sharpness / 10,
  );

  // He chooses to see the photos of this conversation: now the photo itself, the sender's bytes.
  await benPage.getByRole("button", { name: en.chat.showPhotos }).click();
  await expect(benPage.getByRole("button", { name: en.chat.showPhotos })).toBeHidden();
  await expect
    .poll(() =>
      benPage.getByRole("img", { name: en.chat.theirPhoto }).evaluate((img: HTMLImageElement) => img.currentSrc),
    )
    .toMatch(new RegExp(`/chat-photos/${message}/320/(webp|jpeg)$`));
  const shown = await benPage.request.get(`/chat-photos/${message}/320/jpeg`);
  expect(shown.status()).toBe(200);
  expect(Buffer.compare(await shown.body(), await original.body())).toBe(0);
  await benContext.close();
});

const locales = ["da", "de", "en", "es", "fi", "fr", "it", "nl", "no", "pl", "sv"] as const;
const common = Object.fromEntries(
  locales.map((l) => [l, JSON.parse(readFileSync(`app/i18n/locales/${l}/common.json`, "utf8")) as typeof en]),
);

test("at 360 px the chat header shows the whole name and the fictional marker, and the composer is one row, in every language", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, anna);
  // A fictional member of the demo site, with the longest name of the first pages.
  let fictional: { id: number; name: string } | undefined;
  for (let p = 1; p <= 8; p++) {
    const { profiles } = await (await page.request.get(`/api/members.php?page=${p}`)).json();
    for (const profile of profiles as { id: number; name: string; fictional: boolean }[])
      if (profile.fictional && profile.name.length > (fictional?.name.length ?? 0)) fictional = profile;
  }
  expect(fictional).toBeDefined();

  for (const locale of locales) {
    const t = common[locale]!;
    // An empty conversation: the marker in the header and the notice above the first message.
    await page.goto(`/members/${fictional!.id}/chat?icebreaker=0&lng=${locale}`);
    const heading = page.locator("#chat-with");
    await expect(heading.getByRole("link")).toHaveText(new RegExp(`^${fictional!.name}, \\d+$`));
    const marker = heading.locator(".fictional-marker");
    await expect(marker).toBeVisible();
    await expect(page.getByText(t.profile.fictionalNotice)).toBeVisible();

    const layout = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const name = document.querySelector<HTMLElement>("#chat-with a")!;
      return {
        tooWide: [...document.querySelectorAll("body *")]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((e) => `${e.tagName}.${e.className}`),
        nameCut:
          name.scrollWidth > name.clientWidth || name.parentElement!.scrollWidth > name.parentElement!.clientWidth,
        marker: box("#chat-with .fictional-marker"),
        heading: box("#chat-with"),
        footer: box(".chat-footer"),
        row: [".chat-composer a", "#chat-text", "#chat-text ~ button"].map((s) => box(s)),
      };
    });
    expect(layout.tooWide, locale).toEqual([]);
    expect(layout.nameCut, locale).toBe(false);
    expect(layout.marker.right, locale).toBeLessThanOrEqual(layout.heading.right + 0.5);
    // Gift, text field and send share one row; the footer takes a small part of the screen.
    expect(Math.max(...layout.row.map((r) => r.top)), locale).toBeLessThan(
      Math.min(...layout.row.map((r) => r.bottom)),
    );
    expect(layout.footer.height, locale).toBeLessThan(150);
    // The icon buttons are named in the member's language.
    await expect(page.getByRole("link", { name: new RegExp(`^${t.chat.sendGift.split("{{")[0]}`) })).toBeVisible();
    // The credits are a number beside an icon on a phone; their name keeps the word.
    await expect(page.locator(".chat-top-bar a[href='/credits']")).toHaveAccessibleName(/^\S*\d\S* \p{L}+$/u);
    await expect(page.locator(".chat-top-bar summary")).toHaveAccessibleName(t.chat.info);
  }
});
