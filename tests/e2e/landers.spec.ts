import deLanders from "../../app/i18n/locales/de/landers.json" with { type: "json" };
import enLanders from "../../app/i18n/locales/en/landers.json" with { type: "json" };
import { landerResponseSchema, nicheLanderNames } from "../../contract/niche-landers";
import { entryWarningAlreadyConfirmed, expect, fill, fillSignupSteps, say, strings, test } from "./support/fixtures";

const { en, de } = strings;
const site = { site: "Heartline" };

// A lander is what an advert links to: each page.goto of one below is a visitor arriving from an advert.

test.beforeEach(async ({ page }) => {
  await entryWarningAlreadyConfirmed(page.context());
});

// docs/product.md §2.25: eight designs of real members, in the visitor's language or the slug's; no script.
test("each lander renders in English without a slug and in German with milf-de", async ({ page }) => {
  test.setTimeout(120_000);
  for (const name of nicheLanderNames) {
    const copy = enLanders[name];
    const answer = await page.goto(`/landers/${name}`);
    expect(answer!.status(), name).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle(`${fill(copy.title, site)} | Heartline`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(en.landing.niches.none)).toBeVisible();
    await expect(page.getByRole("link", { name: fill(copy.cta, site) })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("img", { name: /^Photo of / }).first()).toBeVisible();
    // The lander layout: the logo bar and the footer; complete HTML without a script.
    await expect(page.getByRole("contentinfo")).toBeVisible();
    expect(await page.locator("script:not([type='application/json'], [type='application/ld+json'])").count()).toBe(0);
    await expect(page.locator("head link[rel=canonical]")).toHaveAttribute("href", new RegExp(`/landers/${name}$`));
    await expect(page.locator("head link[rel=alternate][hreflang=de]")).toHaveAttribute(
      "href",
      new RegExp(`/landers/${name}\\?lng=de$`),
    );
  }
  // The slug's language is kept by the language cookie from here on, as for the signup after it.
  for (const name of nicheLanderNames) {
    await page.goto(`/landers/${name}/milf-de`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page).toHaveTitle(`${fill(deLanders[name].title, site)} | Heartline`);
    await expect(page.getByText(de.landing.niches.milf)).toBeVisible();
    await expect(page.getByRole("link", { name: fill(deLanders[name].cta, site) })).toBeVisible();
    // The advert's address points search engines at the lander in its language.
    await expect(page.locator("head link[rel=canonical]")).toHaveAttribute(
      "href",
      new RegExp(`/landers/${name}\\?lng=de$`),
    );
    await expect(page.locator("head meta[name=robots]")).toHaveCount(0);
  }
});

test("an unknown slug falls back to the site's niche and the visitor's language", async ({ page }) => {
  for (const slug of ["teen-de", "milf-xx", "milf", "%E2%9C%93"]) {
    const answer = await page.goto(`/landers/gallery/${slug}`);
    expect(answer!.status(), slug).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText(en.landing.niches.none)).toBeVisible();
  }
  expect((await page.goto("/landers/unknown"))!.status()).toBe(404);
});

test("the landers show real members only, the fictional ones marked", async ({ page, request }) => {
  const { profiles } = landerResponseSchema.parse(await (await request.get("/api/lander.php")).json());
  expect(profiles.length).toBeGreaterThan(0);
  await page.goto("/landers/gallery");
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(profiles.length);
  for (const [index, profile] of profiles.entries()) {
    const heading = cards.nth(index).getByRole("heading", { level: 2 });
    await expect(heading).toHaveText(
      profile.fictional ? `${profile.name}, ${profile.age} ${en.profile.fictional}` : `${profile.name}, ${profile.age}`,
    );
  }
  await expect(page.getByText(fill(enLanders.shared.honest, site))).toBeVisible();
});

test("alonetonight tells how many members were here in the last 24 hours, a real count", async ({ page, request }) => {
  const { active_today } = landerResponseSchema.parse(await (await request.get("/api/lander.php?active=1")).json());
  expect(active_today).toBeGreaterThan(0);
  await page.goto("/landers/alonetonight");
  const line = active_today === 1 ? enLanders.alonetonight.active_one : enLanders.alonetonight.active_other;
  await expect(page.getByText(line.replace("{{count, number}}", String(active_today)))).toBeVisible();
});

test("the video landers play the site's video with its poster; the map counts members per region", async ({ page }) => {
  for (const name of ["video", "transitionsvideolanding"]) {
    await page.goto(`/landers/${name}`);
    const video = page.getByRole("main").locator("video");
    await expect(video).toHaveAttribute("src", "/landers/heartline-demo.mp4");
    await expect(video).toHaveAttribute("poster", "/landers/heartline-demo-poster.jpg");
    await expect(video).toHaveAttribute("aria-label", fill(enLanders.shared.videoLabel, site));
    expect((await page.request.get("/landers/heartline-demo.mp4")).headers()["content-type"]).toBe("video/mp4");
  }
  await page.goto("/landers/maplanding");
  await expect(page.getByRole("img", { name: /^Map \(United Kingdom\)/ })).toBeVisible();
  const rows = page.getByRole("table", { name: enLanders.maplanding.tableCaption }).getByRole("row");
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1).getByRole("cell")).toHaveText(/^\d+ members?$/);
});

test("from a German lander, the signup is in German and signs the visitor up", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto("/landers/socialnetwork/milf-de");
  await page.getByRole("link", { name: deLanders.socialnetwork.cta }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await fillSignupSteps(page, "de", {
    gender: "male",
    seeking: "female",
    dateOfBirth: "1979-03-08",
    country: "DE",
    name: "Lander",
    email: `lander-${testInfo.project.name}-${Date.now()}@example.com`,
    password: "lander journey password",
  });
  await expect(page.getByRole("heading", { name: fill(de.completeSignup.welcome, { name: "Lander" }) })).toBeVisible();
});

test("a first visit shows the entry warning on a lander, and entering returns to it", async ({ page }) => {
  await page.context().clearCookies();
  await page.goto("/landers/iconslanding");
  const warning = page.getByRole("dialog", { name: en.entryWarning.title });
  await expect(warning).toBeVisible();
  await warning.getByRole("button", { name: say("en", "entryWarning.enter", { count: 18 }) }).click();
  await expect(page).toHaveURL(/\/landers\/iconslanding$/);
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: fill(enLanders.iconslanding.heading, site) })).toBeVisible();
});

test("the sitemap lists every lander once, with an hreflang alternate per language", async ({ request, baseURL }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const name of ["tinderswipe", ...nicheLanderNames]) {
    const url = new RegExp(`<url><loc>${baseURL}/landers/${name}</loc>(.*?)</url>`).exec(xml);
    expect(url, name).not.toBeNull();
    expect(url![1]).toContain(`hreflang="de" href="${baseURL}/landers/${name}?lng=de"`);
    expect(url![1]).toContain(`hreflang="x-default" href="${baseURL}/landers/${name}"`);
  }
  expect(xml).not.toMatch(/\/landers\/\w+\/[a-z]+-[a-z]{2}</);
});

// Issue 32 item 29: members' words are never translated; a page in another language says which one they are in.
test("a fictional profile's about-me says which language it is written in, on a page in any other", async ({
  page,
  request,
}) => {
  const { profiles } = landerResponseSchema.parse(await (await request.get("/api/lander.php")).json());
  const fictional = profiles.find((profile) => profile.fictional && profile.about)!;
  const other = fictional.about_language === "de" ? "en" : "de";
  const note = fill(strings[other].profile.writtenIn, {
    language: new Intl.DisplayNames([other], { type: "language" }).of(fictional.about_language)!,
  });
  await page.goto(`/landers/socialnetwork?lng=${other}`);
  // The feed may show the same member in more than one post: any of them says it.
  const post = page.getByRole("article").filter({ hasText: fictional.about! }).first();
  await expect(post.getByText(note)).toBeVisible();
  await expect(post.getByText(fictional.about!)).toHaveAttribute("lang", fictional.about_language);
});
