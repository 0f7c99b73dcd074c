import {
  createMember,
  demo,
  entryWarningAlreadyConfirmed,
  expect,
  fillSignupSteps,
  followMailedLink,
  logIn,
  openAccountMenu,
  strings,
  test,
} from "./support/fixtures";

const { en } = strings;

test.beforeEach(async ({ page }) => {
  await entryWarningAlreadyConfirmed(page.context());
});

// docs/product.md §3.11, §6.7: the first visit's lander and traffic source go with the signup, and the staff report
// sets the visit beside the signup and its activation.
test("a visitor from an advert signs up on the swipe lander, and the moderators' report shows it", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const network = `e2e-${testInfo.project.name}-${Date.now()}`;
  const email = `lander-${testInfo.project.name}-${Date.now()}@example.com`;
  // Another visitor arrives from an advert on another site (a cross-site navigation), and only looks.
  const arrival = await request.get(`/landers/tinderswipe?network=${network}-ad`, {
    headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
  });
  expect(arrival.status()).toBe(200);
  await page.goto(`/landers/tinderswipe?network=${network}&sub1=x`);
  // A second look at the lander, from another advert's link, is the same visitor: not counted again, and the first
  // touch stays.
  await page.goto("/landers/tinderswipe?network=someone-else");
  const total = Number(/of (\d+)/.exec((await page.getByText(/^Profile 1 of \d+$/).textContent())!)![1]);
  for (let position = 1; position <= total; position++) await page.getByRole("button", { name: en.swipe.skip }).click();
  await page.getByRole("link", { name: en.index.signupCta }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await fillSignupSteps(page, "en", {
    gender: "female",
    seeking: "male",
    dateOfBirth: "1990-05-06",
    country: "IE",
    name: "Swiped",
    email: email,
    password: "lander journey password",
  });
  await expect(page).not.toHaveURL(/\/signup$/);

  await followMailedLink(page, email, "/activate/done");
  await expect(page.getByRole("heading", { name: en.activation.doneTitle })).toBeVisible();

  const staff = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  try {
    const moderator = await staff.newPage();
    await logIn(moderator, demo.moderator);
    await openAccountMenu(moderator, en.nav.moderation);
    await moderator.getByRole("link", { name: en.landerReport.title }).click();
    await expect(moderator.getByRole("heading", { level: 1, name: en.landerReport.title })).toBeVisible();
    const rowOf = (source: string) =>
      moderator.getByRole("row").filter({ has: moderator.getByRole("cell", { name: source, exact: true }) });
    const row = rowOf(network);
    await expect(row.getByRole("rowheader")).toHaveText("tinderswipe");
    await expect(row.getByRole("cell")).toHaveText(["–", network, "–", "1", "1", "100%", "1", "100%"]);
    const looked = rowOf(`${network}-ad`);
    await expect(looked.getByRole("cell")).toHaveText(["–", `${network}-ad`, "–", "1", "0", "0%", "0", "–"]);
    // The period is a GET form: today alone still holds it; a period that ends before it starts is refused.
    const today = new Date().toISOString().slice(0, 10);
    await moderator.getByLabel(en.landerReport.from, { exact: true }).fill(today);
    await moderator.getByLabel(en.landerReport.to, { exact: true }).fill(today);
    await moderator.getByRole("button", { name: en.landerReport.show }).click();
    await expect(moderator).toHaveURL(new RegExp(`from=${today}&to=${today}`));
    await expect(rowOf(network).getByRole("cell").nth(3)).toHaveText("1");
    await moderator.getByLabel(en.landerReport.from, { exact: true }).fill("2026-02-01");
    await moderator.getByLabel(en.landerReport.to, { exact: true }).fill("2026-01-01");
    await moderator.getByRole("button", { name: en.landerReport.show }).click();
    await expect(moderator.getByRole("alert").filter({ hasText: en.landerReport.periodInvalid })).toBeVisible();
  } finally {
    await staff.close();
  }
});

test("the report is for moderators only: a member gets the 404 page", async ({ page, request }) => {
  const member = await createMember(request, { gender: "male", seeking: "female" });
  await logIn(page, member);
  // The address typed: a member's pages do not link it.
  const answer = await page.goto("/moderation/landers");
  expect(answer!.status()).toBe(404);
});

// docs/product.md §2.26: partners' profiles on a page of their own, each labelled, never among the members.
test("the side offer shows partners' profiles, each labelled as an offer of a partner", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: en.footer.offers }).click();
  await expect(page).toHaveURL(/\/offers$/);
  await expect(page.getByRole("heading", { level: 1, name: en.offers.title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: en.offers.camera })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: en.offers.resell })).toBeVisible();
  const offers = page.getByRole("article");
  expect(await offers.count()).toBeGreaterThan(0);
  for (const offer of await offers.all()) {
    await expect(offer.getByText(en.offers.label, { exact: true })).toBeVisible();
    await expect(offer.getByRole("link")).toHaveAttribute("rel", "sponsored noopener");
  }
  await expect(page.locator("head meta[name=robots]")).toHaveAttribute("content", "noindex");
  expect(await page.locator("script:not([type='application/json'], [type='application/ld+json'])").count()).toBe(0);
  // Never among the members of the search (a typed address: no visitor's page links the search).
  await page.goto("/members");
  await expect(page.getByText(en.offers.label)).toHaveCount(0);
});
