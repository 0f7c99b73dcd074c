import { createMember, expect, fill, logIn, strings, test } from "./support/fixtures";

const { en } = strings;

test.beforeEach(async ({ page }, testInfo) => {
  await page.context().addCookies([{ name: "entry_warning_skipped", value: "1", url: testInfo.project.use.baseURL! }]);
});

// docs/product.md §2.24: real members' cards one at a time; Like and Skip are a GET form, so they work without
// JavaScript; at the end, the signup with the first member liked.
test("a visitor likes one card, skips the rest, and is led to sign up with the one they liked", async ({ page }) => {
  await page.goto("/landers/tinderswipe");
  await expect(page.getByRole("heading", { level: 1, name: en.landers.swipe.title })).toBeVisible();
  await expect(page.getByText(en.landers.swipe.honest)).toBeVisible();
  const total = Number(/of (\d+)/.exec((await page.getByText(/^Profile 1 of \d+$/).textContent())!)![1]);
  expect(total).toBeGreaterThan(1);
  const firstCard = page.getByRole("heading", { level: 2 });
  const liked = (await firstCard.textContent())!.split(",")[0]!.trim();
  await expect(page.getByRole("img", { name: fill(en.profile.photoOf, { name: liked }) })).toBeVisible();

  await page.getByRole("button", { name: en.swipe.like }).click();
  await expect(page.getByText(fill(en.landers.swipe.position, { position: 2, total }))).toBeVisible();
  for (let position = 2; position <= total; position++) await page.getByRole("button", { name: en.swipe.skip }).click();

  await expect(page.getByText(en.landers.swipe.doneLiked)).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem")).toHaveText([new RegExp(`^${liked}`)]);
  await page.getByRole("link", { name: fill(en.landing.signup, { name: liked }) }).click();
  await expect(page).toHaveURL(/\/members\/\d+\/signup$/);
  await expect(page.getByRole("heading", { name: fill(en.signup.fromProfile, { name: liked }) })).toBeVisible();
});

test("a visitor who likes nobody is offered the signup all the same", async ({ page }) => {
  await page.goto("/landers/tinderswipe");
  const total = Number(/of (\d+)/.exec((await page.getByText(/^Profile 1 of \d+$/).textContent())!)![1]);
  for (let position = 1; position <= total; position++) await page.getByRole("button", { name: en.swipe.skip }).click();
  await expect(page.getByText(en.landers.swipe.doneNone)).toBeVisible();
  await page.getByRole("link", { name: en.index.signupCta }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test("a made-up address cannot add likes for cards that were not shown", async ({ page }) => {
  await page.goto("/landers/tinderswipe?seen=999999&liked=999999,abc&like=888888");
  await expect(page.getByText(/^Profile 1 of \d+$/)).toBeVisible();
});

test("a member plays the real swipe game instead", async ({ page, request }) => {
  const member = await createMember(request, { gender: "male", seeking: "female" });
  await logIn(page, member);
  await page.goto("/landers/tinderswipe");
  await expect(page).toHaveURL(/\/swipe-game$/);
});
