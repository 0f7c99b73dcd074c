import type { Page } from "@playwright/test";
import {
  createMember,
  entryWarningAlreadyConfirmed,
  expect,
  fill,
  fillSignupSteps,
  followMailedLink,
  logIn,
  strings,
  test,
} from "./support/fixtures";

const { en, de, nl } = strings;

// A member landing is what an advert links to: each page.goto of one below is a visitor arriving from an advert,
// and the search that picks the member only finds one to advertise (the journeys start at the landing).

/** The first card of the visitor's search that has a photo (and, when asked, the fictional marker). */
async function memberFromSearch(page: Page, fictional = false) {
  await page.goto("/members?lng=en");
  let cards = page.locator("main .profile-card").filter({ has: page.locator("img") });
  if (fictional) cards = cards.filter({ has: page.locator(".fictional-marker") });
  const card = cards.first();
  const href = (await card.locator("a").first().getAttribute("href"))!;
  const heading = (await card.getByRole("heading").textContent())!;
  const name = heading.split(",")[0]!.trim();
  return { id: Number(href.split("/")[2]), name };
}

test.beforeEach(async ({ page }) => {
  await entryWarningAlreadyConfirmed(page.context());
});

// docs/product.md §2.23: three designs of one member's public page, leading to signup with that member.
test("each design shows the member and leads a visitor to signing up with them", async ({ page }) => {
  const member = await memberFromSearch(page);
  for (const path of ["landing", "landing2", "landing3"]) {
    await page.goto(`/members/${member.id}/${path}`);
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^${member.name}, \\d+`) })).toBeVisible();
    await expect(page.getByRole("img", { name: fill(en.profile.photoOf, { name: member.name }) })).toBeVisible();
    await expect(page.getByText(en.landing.niches.none)).toBeVisible();
    await expect(page.getByText(en.landing.free)).toBeVisible();
    // The lander layout: the logo bar and the footer, no top bar.
    await expect(page.getByRole("link", { name: "Heartline", exact: true })).toHaveAttribute("href", "/");
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("navigation", { name: en.nav.main })).toHaveCount(0);
    await expect(page.locator("head meta[name=robots]")).toHaveAttribute("content", "noindex");
    // Complete HTML for adverts: no script at all (the budgets weigh what loads).
    expect(await page.locator("script:not([type='application/json'], [type='application/ld+json'])").count()).toBe(0);
  }
  await page.getByRole("link", { name: fill(en.landing.signup, { name: member.name }) }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${member.id}/signup$`));
  await expect(page.getByRole("heading", { name: fill(en.signup.fromProfile, { name: member.name }) })).toBeVisible();
});

test("a fictional profile's landing is marked as fictional", async ({ page }) => {
  const member = await memberFromSearch(page, true);
  await page.goto(`/members/${member.id}/landing2`);
  await expect(
    page.getByRole("heading", { level: 1, name: new RegExp(`^${member.name}, \\d+ ${en.profile.fictional}$`) }),
  ).toBeVisible();
  await expect(page.getByText(en.profile.fictionalNotice)).toBeVisible();
});

test("the slug chooses the niche and the language, and the language stays for the signup", async ({ page }) => {
  const member = await memberFromSearch(page);
  await page.goto(`/members/${member.id}/landing2/milf-de`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByText(de.landing.niches.milf)).toBeVisible();
  await expect(page.locator("head link[rel=canonical]")).toHaveAttribute(
    "href",
    new RegExp(`/members/${member.id}/landing\\?lng=de$`),
  );
  await page.getByRole("link", { name: fill(de.landing.signup, { name: member.name }) }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  await page.goto(`/members/${member.id}/landing3/gay-nl`);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByText(nl.landing.niches.gay)).toBeVisible();
  await expect(
    page.getByRole("heading", { name: fill(nl.landing.startConversation, { name: member.name }) }),
  ).toBeVisible();
});

test("an unknown slug falls back to the site's niche and the visitor's language", async ({ page }) => {
  const member = await memberFromSearch(page);
  for (const slug of ["teen-de", "milf-xx", "milf", "%E2%9C%93"]) {
    const answer = await page.goto(`/members/${member.id}/landing2/${slug}`);
    expect(answer!.status(), slug).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText(en.landing.niches.none)).toBeVisible();
  }
});

test("a hidden member's landing, or one that does not exist, is a 404", async ({
  page,
  playwright,
  request,
}, testInfo) => {
  const hidden = await createMember(request, { gender: "female", seeking: "male" });
  await page.goto(`/members/${hidden.id}/landing`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^${hidden.name}, \\d+`) })).toBeVisible();

  const session = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  expect(
    (await session.post("/api/user.php", { data: { email: hidden.email, password: hidden.password } })).status(),
  ).toBe(200);
  expect((await session.put("/api/invisible.php", { data: { invisible: true } })).status()).toBe(200);
  await session.dispose();

  for (const path of [
    `/members/${hidden.id}/landing`,
    `/members/${hidden.id}/landing3/milf-de`,
    "/members/99999999/landing2",
  ]) {
    const answer = await page.goto(path);
    expect(answer!.status(), path).toBe(404);
    await expect(page.getByText(en.errors.profileNotFound).or(page.getByText(de.errors.profileNotFound))).toBeVisible();
  }
});

test("a member is led to the conversation instead of the signup", async ({ page, request }) => {
  const viewer = await createMember(request, { gender: "male", seeking: "female" });
  const other = await createMember(request, { gender: "female", seeking: "male" });
  await logIn(page, viewer);
  await page.goto(`/members/${other.id}/landing`);
  await page.getByRole("link", { name: fill(en.landing.write, { name: other.name }) }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${other.id}/chat`));
});

test("after signing up from a landing and activating, the member is offered to write to that member first", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const member = await memberFromSearch(page);
  const email = `landed-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto(`/members/${member.id}/landing3`);
  await page.getByRole("link", { name: fill(en.landing.signup, { name: member.name }) }).click();

  await fillSignupSteps(page, "en", {
    gender: "male",
    seeking: "female",
    dateOfBirth: "1988-09-12",
    country: "IE",
    name: "Landed",
    email: email,
    password: "landing journey password",
  });
  await expect(page).toHaveURL(new RegExp(`/members/${member.id}\\?`));

  // The activation link from the mail.
  await followMailedLink(page, email, "/activate/done");
  await expect(page.getByRole("heading", { name: en.activation.doneTitle })).toBeVisible();
  await expect(page.getByText(fill(en.activation.signedUpFor, { name: member.name }))).toBeVisible();
  await page.getByRole("link", { name: fill(en.landing.write, { name: member.name }) }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${member.id}/chat`));
});
