import AxeBuilder from "@axe-core/playwright";
import type { APIRequest, APIRequestContext, Browser, Page } from "@playwright/test";
import {
  createMember,
  demo,
  expect,
  fill,
  logIn,
  skipEntryWarning,
  strings,
  type TestMember,
  test,
  uploadPhoto,
} from "./support/fixtures";

const { en } = strings;

/** WCAG 2.1 A and AA, and axe's best practices: no rule is switched off. */
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
// WCAG 2.5.3 "Label in name" (level A) is still tagged experimental in axe 4.13, which leaves it out of a tag
// selection: switched on by name.
const alsoRun = { "label-content-name-mismatch": { enabled: true } };

// axe needs JavaScript in the page, so the `no-js` project cannot run it. This spec covers both variants itself:
// "scripts blocked" aborts every script the site serves, leaving the server-rendered page a scriptless phone gets.
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook wants from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "axe runs in the js project, with the site's scripts on and blocked");
});

const variants = [
  { name: "JavaScript on", blockScripts: false },
  { name: "scripts blocked", blockScripts: true },
] as const;

/**
 * A fresh browser context; with `blockScripts` every script request is aborted (and counted, so the variant is
 * known to have blocked something). Console errors fail the test, as in every journey.
 */
async function openContext(browser: Browser, baseURL: string, blockScripts: boolean) {
  const context = await browser.newContext({ baseURL });
  const errors: string[] = [];
  const blocked: string[] = [];
  if (blockScripts) {
    await context.route("**/*", (route) => {
      const request = route.request();
      if (request.resourceType() !== "script" && !new URL(request.url()).pathname.endsWith(".js"))
        return route.continue();
      blocked.push(request.url());
      return route.abort();
    });
  }
  const page = await context.newPage();
  page.on("console", (message) => {
    const text = message.text();
    // A 4xx answer is part of a journey; aborted scripts are what the scripts-blocked variant is about.
    if (message.type() !== "error" || /status of 4\d\d/.test(text)) return;
    if (
      blockScripts &&
      /net::ERR_FAILED|Failed to fetch dynamically imported module|Failed to load resource/.test(text)
    )
      return;
    errors.push(text);
  });
  page.on("pageerror", (error) => {
    if (!(blockScripts && /dynamically imported module|Importing a module script failed/.test(error.message)))
      errors.push(error.message);
  });
  return { context, page, errors, blocked };
}

/** Runs axe on what the page shows now; every violation is reported with its rule, elements and help. */
async function checkScreen(page: Page, screen: string) {
  // A modal that is still fading in has the contrast of half its way: axe looks at the settled screen. An animation
  // cancelled meanwhile (a transition its element left) rejects `finished`, and has settled too.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => animation))),
  );
  // Legacy mode runs axe in the page itself: the default opens a blank page for each check to gather the frames'
  // results in, which took a third more of the tour's time. Legacy mode leaves frames out, and the site has none.
  expect(await page.locator("iframe, frame").count(), `frames on ${screen}, which axe would leave out`).toBe(0);
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ rules: alsoRun })
    .withTags(tags)
    .analyze();
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}\n${v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`).join("\n")}`,
  );
  expect.soft(report, `axe on ${screen} (${page.url()})`).toEqual([]);
}

/**
 * Opens a screen by its address and checks it: these tests are a tour of every screen for axe, not journeys (the
 * *-journey specs move by links and buttons, as members do).
 */
async function visit(page: Page, path: string, screen = path) {
  await page.goto(path);
  await expect(page.locator("main, [role=dialog]").first()).toBeVisible();
  await checkScreen(page, screen);
}

/** Logs in through the API of a request context of its own, so that its likes are that member's. */
async function apiSession(request: APIRequest, baseURL: string, member: TestMember) {
  const session = await request.newContext({ baseURL });
  expect(
    (await session.post("/api/user.php", { data: { email: member.email, password: member.password } })).status(),
  ).toBe(200);
  return session;
}

async function like(session: APIRequestContext, id: number) {
  expect((await session.post("/api/like.php", { data: { id } })).status()).toBe(200);
}

/** Opens a top-bar menu (a <details>), named by its summary's text. */
async function openMenu(page: Page, name: string) {
  await page.locator("summary", { hasText: name }).click();
  await expect(page.locator("details[open]")).toHaveCount(1);
}

for (const variant of variants) {
  test.describe(variant.name, () => {
    test("visitor screens have no axe violations", async ({ browser }, testInfo) => {
      test.setTimeout(300_000);
      const { context, page, errors, blocked } = await openContext(
        browser,
        testInfo.project.use.baseURL!,
        variant.blockScripts,
      );

      // The first visit: the entry warning covers the home page.
      await page.goto("/");
      await expect(page.getByRole("dialog", { name: en.entryWarning.title })).toBeVisible();
      await checkScreen(page, "entry warning");
      await skipEntryWarning(page);

      await checkScreen(page, "home");
      await openMenu(page, en.language.choose);
      await checkScreen(page, "home, language menu open");

      await visit(page, "/members", "search (visitor)");
      const profile = (await page.locator("main .profile-card a").first().getAttribute("href"))!;
      const fictional = await page
        .locator("main .profile-card")
        .filter({ has: page.locator(".fictional-marker") })
        .first()
        .locator("a")
        .getAttribute("href");
      await visit(page, profile, "profile (visitor)");
      if (fictional) await visit(page, fictional, "fictional profile (visitor)");
      await visit(page, `${profile}/signup`, "signup from a profile");
      await visit(page, "/signup", "signup page");
      await visit(page, "/login", "login");
      await page.getByLabel(en.login.email).fill("nobody-here@example.com");
      await page.getByLabel(en.login.password).fill("wrong password");
      await page.getByRole("button", { name: en.login.submit }).click();
      await expect(page.getByRole("alert")).toHaveText(en.login.failed);
      await checkScreen(page, "login failed");
      for (const path of [
        "/pages/terms",
        "/pages/privacy",
        "/pages/cookies",
        "/pages/faq",
        "/pages/return-policy",
        "/pages/service",
        "/pages/ban",
        "/pages/2257",
      ]) {
        await visit(page, path);
      }
      await visit(page, "/lang-config", "languages");
      for (const design of ["landing", "landing2/milf-de", "landing3/gay-nl"])
        await visit(page, `${profile}/${design}`, `member landing (${design})`);
      if (fictional) await visit(page, `${fictional}/landing2`, "fictional member landing");
      await visit(page, "/landers/tinderswipe", "tinder-swipe lander");
      await visit(page, "/offers", "the side offer");
      await visit(page, "/lang-config?lng=en", "languages, back in English");
      await visit(page, "/complaints", "complaints");
      await page.getByRole("button", { name: en.complaints.send }).click();
      await expect(page.getByLabel(en.complaints.email)).toHaveAttribute("aria-invalid", "true");
      await checkScreen(page, "complaints refused");
      await visit(page, "/unsubscribe?token=a-link-of-nobody-1234567890&event=likes", "unsubscribe");
      await visit(page, "/reset-password", "reset password");
      await visit(page, "/reset-password/do?token=not-a-token", "new password");
      await visit(page, "/mail-change/do", "mail change, invalid link");
      await visit(page, "/activate/done", "activation done");
      await visit(page, "/activate/error", "activation failed");
      await visit(page, "/account-deleted", "account deleted");
      await visit(page, "/no/such/page", "404");
      await visit(page, "/?lng=de", "home in German");

      if (!variant.blockScripts) {
        // The signup modal, which only JavaScript opens (without it the link is the /signup page).
        await page.goto("/login?lng=en"); // the tour opens each screen by its address
        await page.getByRole("link", { name: en.login.signup }).click();
        const modal = page.getByRole("dialog", { name: en.signup.title });
        await expect(modal.getByLabel(en.signup.genders.male, { exact: true })).toBeVisible();
        await checkScreen(page, "signup modal");
        await modal.getByLabel(en.signup.genders.male, { exact: true }).check();
        await modal.getByLabel(en.signup.seekingOptions.female, { exact: true }).check();
        await modal.getByRole("button", { name: en.signup.next }).click();
        await expect(modal.getByLabel(en.signup.dateOfBirth)).toBeVisible();
        await checkScreen(page, "signup modal, second step");
      }

      expect(errors, "console errors").toEqual([]);
      expect(blocked.length > 0, "scripts blocked").toBe(variant.blockScripts);
      await context.close();
    });

    test("member screens have no axe violations", async ({ browser, request, playwright }, testInfo) => {
      // About forty screens, each checked by axe: the chat screens made five minutes too few on CI's two cores.
      test.setTimeout(450_000);
      const baseURL = testInfo.project.use.baseURL!;
      // Anna has a match (Ben), a like she has not answered (Carl) and likes given, so every likes tab has cards.
      const anna = await createMember(request, { gender: "female", seeking: "male" });
      const ben = await createMember(request, { gender: "male", seeking: "female" });
      const carl = await createMember(request, { gender: "male", seeking: "female" });
      const annaApi = await apiSession(playwright.request, baseURL, anna);
      const benApi = await apiSession(playwright.request, baseURL, ben);
      const carlApi = await apiSession(playwright.request, baseURL, carl);
      await like(annaApi, ben.id);
      await like(benApi, anna.id);
      await like(carlApi, anna.id);
      await Promise.all([annaApi.dispose(), benApi.dispose(), carlApi.dispose()]);

      const { context, page, errors, blocked } = await openContext(browser, baseURL, variant.blockScripts);
      await logIn(page, anna);
      if (!variant.blockScripts) {
        // The like notice: the real like from Carl, shown once after ?t seconds (?t= comes with an advert's link).
        await page.goto("/members?t=1");
        const notice = page.getByRole("dialog", { name: en.likes.likedYouTitle });
        await expect(notice).toBeVisible();
        await checkScreen(page, "like notice");
        // The notice has the focus, and the keyboard closes it.
        await expect(notice).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(notice).toHaveCount(0);
      }
      await visit(page, "/members", "search");
      await openMenu(page, en.nav.account);
      await checkScreen(page, "search, account menu open");
      await openMenu(page, en.language.choose);
      await checkScreen(page, "search, language menu open");
      const fictional = await page
        .locator("main .profile-card")
        .filter({ has: page.locator(".fictional-marker") })
        .first()
        .locator("a")
        .getAttribute("href");
      await visit(page, "/members?gender=male&country=IE&page=2", "search, page 2");
      await visit(page, `/members/${ben.id}`, "profile");
      if (fictional) await visit(page, fictional, "fictional profile");
      await visit(page, "/likes", "likes received");
      await visit(page, "/likes/given", "likes given");
      await visit(page, "/likes/matches", "matches");
      await visit(page, `/likes/m/${ben.id}`, "profile from likes");
      await visit(page, "/swipe-game", "swipe game");
      await visit(page, "/match-finder", "match finder");
      await visit(page, "/notifications", "settings");
      await visit(page, "/profile", "profile editor");
      await uploadPhoto(page, "#b8c");
      await checkScreen(page, "profile editor, a photo being inspected");
      await visit(page, "/notifications?delete=1", "account deletion");
      await visit(page, "/complete-signup", "signup complete");
      await visit(page, "/signup-matches", "signup matches");
      await visit(page, "/pages/faq", "FAQ (member)");
      await visit(page, "/no/such/page", "404 (member)");
      await visit(page, "/credits", "credits");
      const order = await page.locator("main a[href^='/credits/']").first().getAttribute("href");
      await visit(page, order!, "order and payment method");
      await visit(page, `/directdebit?bundle=${order!.split("/")[2]}`, "direct debit");
      await visit(page, "/credits/returns", "returns");
      await visit(page, "/credits/repeat-order", "repeat order");
      await visit(page, "/transactions", "transactions");
      await visit(page, "/premium", "premium");
      await visit(page, "/pricing", "pricing");
      await visit(page, `/report?subject=profile&id=${ben.id}`, "report a profile");
      await page.getByRole("radio", { name: en.report.reasons.other }).check();
      await page.getByRole("button", { name: en.report.send }).click();
      await expect(page.getByText(en.report.detailsRequired)).toBeVisible();
      await checkScreen(page, "report refused");
      await page.getByLabel(en.report.details).fill("Asks for money");
      await page.getByRole("button", { name: en.report.send }).click();
      await expect(page).toHaveURL(new RegExp(`/members/${ben.id}$`));
      await visit(page, `/members/${ben.id}/chat`, "chat start, icebreaker");
      await page.goto(`/members/${ben.id}/chat?icebreaker=0`); // where the icebreaker's Close link leads
      await page.getByLabel(en.chat.writeLabel).fill("Hello Ben");
      await page.getByRole("button", { name: en.chat.send, exact: true }).click();
      await expect(page).toHaveURL(/\/chats\/\d+/);
      const conversation = new URL(page.url()).pathname;
      await checkScreen(page, "conversation");
      await openMenu(page, en.chat.info);
      await checkScreen(page, "conversation, info menu open");
      await visit(page, `${conversation}?gift=1`, "conversation, gift catalogue");
      await visit(page, `${conversation}?confirm=delete`, "conversation, delete confirmation");
      await visit(page, "/chats", "chat list");

      // Liking back Carl makes a match: a modal with JavaScript, a flash without.
      await page.goto(`/members/${carl.id}`); // the tour opens each screen by its address
      await page.getByRole("button", { name: en.profile.like, exact: true }).click();
      if (variant.blockScripts)
        await expect(page.getByRole("status")).toHaveText(fill(en.likes.matchFlash, { name: carl.name }));
      else await expect(page.getByRole("dialog", { name: en.likes.matchTitle })).toBeVisible();
      await checkScreen(page, "match");

      // The moderation area, with Anna's photo and her report of Ben in its queues.
      const staff = await openContext(browser, baseURL, variant.blockScripts);
      await logIn(staff.page, demo.moderator);
      await visit(staff.page, "/moderation", "moderation queue");
      await visit(staff.page, "/moderation/landers", "the staff report on landers");
      expect(staff.errors, "console errors (moderator)").toEqual([]);
      await staff.context.close();

      expect(errors, "console errors").toEqual([]);
      expect(blocked.length > 0, "scripts blocked").toBe(variant.blockScripts);
      await context.close();
    });

    test("a member who has not activated yet: the reminder and the welcome page have no axe violations", async ({
      browser,
      playwright,
    }, testInfo) => {
      const baseURL = testInfo.project.use.baseURL!;
      const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const member = { email: `a11y-${suffix}@example.com`, password: "journey password" };
      const api = await playwright.request.newContext({ baseURL });
      const signup = await api.post("/api/signup.php", {
        data: {
          gender: "male",
          seeking: "female",
          date_of_birth: "1990-04-05",
          country: "IE",
          name: `A${suffix}`,
          ...member,
          language: "en",
        },
      });
      expect(signup.status()).toBe(201);
      await api.dispose();

      const { context, page, errors, blocked } = await openContext(browser, baseURL, variant.blockScripts);
      await logIn(page, member);
      await expect(
        page.getByRole("alert").filter({ hasText: fill(en.activation.reminder, { email: member.email }) }),
      ).toBeVisible();
      await checkScreen(page, "search with the activation reminder");
      await visit(page, "/complete-signup", "signup complete, not activated");
      expect(errors, "console errors").toEqual([]);
      expect(blocked.length > 0, "scripts blocked").toBe(variant.blockScripts);
      await context.close();
    });
  });
}
