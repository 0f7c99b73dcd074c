import type { Page } from "@playwright/test";
import {
  createMember,
  expect,
  fill,
  logIn,
  openAccountMenu,
  openProfileFromSearch,
  say,
  skipEntryWarning,
  strings,
  test,
  timeBonusPopupAlreadyClosed,
} from "./support/fixtures";

const { en } = strings;

// The journeys here are not about the time-bonus popup (credits-journey.spec.ts is): closed before on this device.
test.beforeEach(async ({ context }) => {
  await timeBonusPopupAlreadyClosed(context);
});

/** A tab of the likes page, reached from the top bar's Likes. */
async function openLikes(page: Page, tab: string) {
  await page
    .getByRole("banner")
    .getByRole("link", { name: new RegExp(`^${en.nav.likes}`) })
    .click();
  await page.getByRole("link", { name: new RegExp(`^${tab}`) }).click();
}

test("search with filters and pages, open a profile, like it, see it under likes given", async ({ page, request }) => {
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  await logIn(page, anna);

  await page.getByLabel(en.search.gender).selectOption("male");
  await page.getByRole("button", { name: en.search.submit }).click();
  await expect(page).toHaveURL(/gender=male/);
  // "1,234 members found": English digit grouping. Read once the filtered page has replaced the one before (with
  // JavaScript the new results arrive after the address changes).
  const pageLinks = page.getByRole("navigation", { name: en.search.pages }).getByRole("link");
  let count = 0;
  await expect(async () => {
    count = Number(
      (await page.getByText(/^[\d,]+ members? found$/).textContent())!.match(/[\d,]+/)![0].replace(/,/g, ""),
    );
    // The page links of page 1: the first two and the last (all of them up to 4), however many pages there are.
    await expect(pageLinks.last()).toHaveText(String(Math.ceil(count / 24)), { timeout: 1000 });
  }).toPass();
  expect(count).toBeGreaterThan(24);
  await expect(page.locator(".profile-card")).toHaveCount(24);
  const pages = Math.ceil(count / 24);
  await expect(pageLinks).toHaveCount(pages > 4 ? 3 : pages);
  // Page 2: with JavaScript "Show more" appends it; without, the page link opens it.
  if (await page.evaluate(() => typeof window !== "undefined" && "__reactRouterContext" in window)) {
    await page.getByRole("button", { name: en.search.more }).click();
    await expect(page.locator(".profile-card")).toHaveCount(Math.min(48, count));
  } else {
    await page.getByRole("navigation", { name: en.search.pages }).getByRole("link", { name: "2", exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator(".profile-card")).toHaveCount(Math.min(24, count - 24));
  }

  await page.getByLabel(en.signup.country).selectOption("IE");
  await page.getByRole("button", { name: en.search.submit }).click();
  await page.getByRole("link", { name: fill(en.profile.open, { name: ben.name }) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(ben.name);
  await page.getByRole("button", { name: en.profile.like, exact: true }).click();
  await expect(page.getByRole("button", { name: en.profile.unlike })).toBeVisible();

  await openLikes(page, en.likes.tab.given);
  await expect(page.getByRole("link", { name: fill(en.profile.open, { name: ben.name }) })).toBeVisible();
});

test("the second member likes back: a match for both; a block makes the profile a 404", async ({
  browser,
  page,
  request,
}, testInfo) => {
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  await logIn(page, anna);
  await openProfileFromSearch(page, { name: ben.name, gender: "male" });
  await page.getByRole("button", { name: en.profile.like, exact: true }).click();
  await expect(page.getByRole("button", { name: en.profile.unlike })).toBeVisible();

  const benContext = await browser.newContext({ ...testInfo.project.use });
  const benPage = await benContext.newPage();
  await logIn(benPage, ben);
  const likesLink = benPage.getByRole("banner").getByRole("link", { name: new RegExp(`^${en.nav.likes}`) });
  await expect(likesLink).toContainText("1");
  await likesLink.click();
  await expect(benPage.getByText(en.likes.new, { exact: true })).toBeVisible();
  await benPage.getByRole("link", { name: fill(en.profile.open, { name: anna.name }) }).click();
  await expect(benPage.getByText(fill(en.profile.likesYou, { name: anna.name }))).toBeVisible();
  await benPage.getByRole("button", { name: en.profile.like, exact: true }).click();
  // The match notice: a modal with JavaScript, a flash on the next page without.
  if (testInfo.project.name === "js") {
    await expect(benPage.getByRole("dialog", { name: en.likes.matchTitle })).toBeVisible();
    await benPage.mouse.click(5, 5);
    await expect(benPage.getByRole("dialog")).toBeHidden();
  } else {
    await expect(benPage.getByRole("status")).toHaveText(fill(en.likes.matchFlash, { name: anna.name }));
  }

  await openLikes(page, en.likes.tab.matches);
  await page.getByRole("link", { name: fill(en.profile.open, { name: ben.name }) }).click();

  // Anna blocks Ben: Ben, still on her profile, no longer finds it when the page loads again.
  await page.getByRole("button", { name: en.profile.block }).click();
  await expect(page.getByRole("status")).toHaveText(fill(en.profile.blockedFlash, { name: ben.name }));
  const response = await benPage.reload();
  expect(response?.status()).toBe(404);
  await expect(benPage.getByRole("heading", { name: en.errors.profileNotFound })).toBeVisible();
  await expect(benPage.getByText("404", { exact: true })).toBeVisible();
  await benContext.close();
});

test("the swipe game allows 4 likes a day, then says when more come", async ({ page, request }) => {
  const player = await createMember(request, { gender: "female", seeking: "male" });
  await logIn(page, player);
  await page.getByRole("main").getByRole("link", { name: en.swipe.title }).click();
  for (let left = 4; left > 0; left--) {
    await expect(page.getByText(say("en", "swipe.likesLeft", { count: left }))).toBeVisible();
    const name = await page.getByRole("heading", { level: 2 }).first().textContent();
    await page.getByRole("button", { name: en.swipe.like, exact: true }).click();
    await expect(page.getByRole("heading", { level: 2 }).first()).not.toHaveText(name!);
  }
  await expect(page.getByText(say("en", "swipe.likesLeft", { count: 0 }))).toBeVisible();
  await expect(page.getByText(/You have used today's likes\. New likes come in \d+ hours?\./)).toBeVisible();
  await expect(page.getByRole("button", { name: en.swipe.like, exact: true })).toBeDisabled();
  // Skipping still works.
  const name = await page.getByRole("heading", { level: 2 }).first().textContent();
  await page.getByRole("button", { name: en.swipe.skip }).click();
  await expect(page.getByRole("heading", { level: 2 }).first()).not.toHaveText(name!);
});

test("the match finder leads to a prefilled search", async ({ page, request }) => {
  const member = await createMember(request, { gender: "male", seeking: "female" });
  await logIn(page, member);
  await page.getByRole("main").getByRole("link", { name: en.matchFinder.title }).click();
  await expect(page.getByLabel(en.search.gender)).toHaveValue("female");
  await page.getByRole("button", { name: en.search.submit }).click();
  await expect(page).toHaveURL(/\/members\?country=IE&countryregion=&gender=female/);
  await expect(page.getByText(/^[\d,]+ members? found$/)).toBeVisible();
});

test("visitors get a limited search that leads to signup", async ({ page }) => {
  await page.goto("/members");
  await skipEntryWarning(page);
  await expect(page.locator(".profile-card")).toHaveCount(24);
  await expect(page.getByText(en.search.visitorMore)).toBeVisible();
  await expect(page.getByRole("navigation", { name: en.search.pages })).toHaveCount(0);
});

test("settings: invisible mode, a retention offer and a wrong old password", async ({ page, request }) => {
  const member = await createMember(request, { gender: "female", seeking: "male" });
  await logIn(page, member);
  await openAccountMenu(page, en.nav.settings);
  await page.getByRole("button", { name: en.settings.invisibleTurnOn }).click();
  await expect(page.getByRole("status")).toHaveText(en.settings.invisibleOn);
  await expect(page.getByText(en.settings.invisibleIsOn)).toBeVisible();
  await page.getByRole("button", { name: en.settings.invisibleTurnOff }).click();
  await expect(page.getByRole("status")).toHaveText(en.settings.invisibleOff);

  const passwordForm = page.getByRole("region", { name: en.settings.passwordTitle });
  await passwordForm.getByLabel(en.settings.oldPassword).fill("not my password");
  await passwordForm.getByLabel(en.reset.newPassword, { exact: true }).fill("a brand new one");
  await passwordForm.getByLabel(en.reset.confirmPassword).fill("a brand new one");
  await passwordForm.getByRole("button", { name: en.settings.savePassword }).click();
  await expect(page.getByText(en.settings.wrongOldPassword)).toBeVisible();

  await page.getByRole("link", { name: en.deletion.start }).click();
  await page.getByRole("button", { name: en.deletion.takeOffer }).click();
  await expect(page.getByRole("status")).toHaveText(
    fill(en.deletion.offerTaken, { code: "STAY50-50", percentage: 50 }),
  );
});

test("a real like shows as the like notice after ?t seconds; t leaves the address", async ({
  page,
  request,
  playwright,
}, testInfo) => {
  test.skip(
    testInfo.project.name === "no-js",
    "the notice is a JavaScript enhancement; without it likes are on the likes page",
  );
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  // Ben likes Anna with his own session.
  const benSession = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const ben = await createMember(benSession, { gender: "male", seeking: "female" });
  await benSession.post("/api/user.php", { data: { email: ben.email, password: ben.password } });
  expect((await benSession.post("/api/like.php", { data: { id: anna.id } })).status()).toBe(200);
  await benSession.dispose();

  await logIn(page, anna);
  // ?t= comes with an advert's or a mail's link (docs/product.md §4.12): an address from outside the site.
  await page.goto("/members?t=2");
  const pressed = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        window.addEventListener("button-pressed", (e) => resolve((e as CustomEvent<{ id: number }>).detail.id), {
          once: true,
        });
      }),
  );
  const notice = page.getByRole("dialog", { name: en.likes.likedYouTitle });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(ben.name);
  await expect(page).not.toHaveURL(/[?&]t=/);
  await notice.getByRole("link", { name: en.likes.viewProfile }).click();
  expect(await pressed).toBe(ben.id);
  await expect(page).toHaveURL(new RegExp(`/likes/m/${ben.id}$`));
  // Shown once: the next visit from such a link has no notice.
  await page.goto("/members?t=1");
  await page.waitForTimeout(1500);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
