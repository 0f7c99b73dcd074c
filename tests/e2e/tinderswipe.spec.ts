import type { Page } from "@playwright/test";
import { createMember, entryWarningAlreadyConfirmed, expect, fill, logIn, strings, test } from "./support/fixtures";

const { en } = strings;

// The swipe lander is what an advert links to: each page.goto of it below is a visitor (or a member) arriving from
// an advert.

test.beforeEach(async ({ page }) => {
  await entryWarningAlreadyConfirmed(page.context());
});

// docs/product.md §2.24: members' cards one at a time; Like and Skip are a GET form, so they work without
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

/** Drags the card sideways by `distance` px with the mouse (a finger's pointer events are the same to the page). */
async function drag(page: Page, distance: number) {
  const box = (await page.locator("[data-swipe-card]").boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x + (distance * step) / 10, y);
  await page.mouse.up();
}

// docs/product.md §2.24: with JavaScript, swiping the card right likes it and left skips it, and the arrow keys do the
// same; a short drag is no choice. Each ends in the buttons' GET form, so the address carries the choice.
test("with JavaScript, a visitor swipes right to like and left to skip", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "gestures need the page's script; without it the buttons are tested");
  await page.goto("/landers/tinderswipe");
  const total = Number(/of (\d+)/.exec((await page.getByText(/^Profile 1 of \d+$/).textContent())!)![1]);
  expect(total).toBeGreaterThan(3);
  const name = async () => (await page.getByRole("heading", { level: 2 }).textContent())!.split(",")[0]!.trim();
  const at = (position: number) => page.getByText(fill(en.landers.swipe.position, { position, total }));

  await drag(page, 40);
  await expect.poll(() => page.locator("[data-swipe-card]").evaluate((card) => card.style.transform)).toBe("");
  await expect(at(1)).toBeVisible();

  const first = await name();
  await drag(page, 160);
  await expect(at(2)).toBeVisible();
  await drag(page, -160);
  await expect(at(3)).toBeVisible();
  const third = await name();
  await page.keyboard.press("ArrowRight");
  await expect(at(4)).toBeVisible();
  for (let position = 4; position <= total; position++) {
    await page.keyboard.press("ArrowLeft");
    await expect(position < total ? at(position + 1) : page.getByText(en.landers.swipe.doneLiked)).toBeVisible();
  }
  await expect(page.getByRole("main").getByRole("listitem")).toHaveText([
    new RegExp(`^${first}`),
    new RegExp(`^${third}`),
  ]);
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
